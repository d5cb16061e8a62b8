import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type MetaFunction,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { FormError } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import {
  cancelDeletion,
  deleteLogo,
  getLogoDataUrl,
  requestDeletion,
  saveLogo,
} from "~/modules/accounts/account.server";
import { DELETION_DAYS, LOGO_ERROR, LOGO_MAX_BYTES } from "~/modules/accounts/limits";
import { requireUser } from "~/modules/auth/guards.server";
import { numberingState, setNextNumber } from "~/modules/invoices/numbering.server";
import { getNotification } from "~/modules/settings/queries.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/http.server";
import { toastHeader } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({
    hasCompany: user.companyId !== null,
    logo: await getLogoDataUrl(context.db, user.companyId),
    notification: await getNotification(context.db),
    deletionScheduledAt: user.deletionScheduledAt,
    numbering: user.companyId ? await numberingState(context.db, user.companyId) : [],
  });
}

async function done(title: string, description?: string) {
  return redirect("/settings", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", title, description }) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (!user.companyId)
      return json({ formError: "Само фирмен профил може да има лого" }, { status: 400 });
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(
        request,
        unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError)
        return json({ formError: LOGO_ERROR }, { status: 413 });
      throw error;
    }
    const file = form.get("logo");
    if (!(file instanceof File) || file.size === 0)
      return json({ formError: "Моля, изберете файл" }, { status: 400 });
    try {
      await saveLogo(context.db, user.companyId, new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof AppError)
        return json({ formError: error.message }, { status: error.status });
      throw error;
    }
    return done("Логото е запазено");
  }

  const form = await request.formData();
  switch (form.get("intent")) {
    case "delete-logo":
      if (user.companyId) await deleteLogo(context.db, user.companyId);
      return done("Логото е премахнато");
    case "request-deletion": {
      if (form.get("confirm") !== "on") {
        return json(
          { formError: "Потвърдете, че искате профилът да бъде изтрит" },
          { status: 400 },
        );
      }
      const date = await requestDeletion(context.db, user.id);
      return done(
        "Заявката за изтриване е приета",
        `Профилът ще бъде изтрит на ${formatDate(date)}.`,
      );
    }
    case "numbering": {
      if (!user.companyId) return json({ formError: "Достъп отказан" }, { status: 403 });
      const series = form.get("series") === "proforma" ? "proforma" : "tax";
      const next = Number(String(form.get("nextNumber") ?? "").trim());
      try {
        await setNextNumber(context.db, user.companyId, series, next);
      } catch (error) {
        if (error instanceof AppError)
          return json(
            {
              formError: error.message,
              form: `numbering-${series}`,
              nextNumber: String(form.get("nextNumber") ?? ""),
            },
            { status: error.status },
          );
        throw error;
      }
      return done(
        "Началният номер е запазен",
        `Следващият документ ще получи № ${String(next).padStart(10, "0")}.`,
      );
    }
    case "cancel-deletion":
      await cancelDeletion(context.db, user.id);
      return done("Заявката за изтриване е отменена", "Вашият акаунт няма да бъде изтрит.");
    default:
      return json({ formError: "Неизвестно действие" }, { status: 400 });
  }
}

export default function Settings() {
  const { hasCompany, logo, notification, deletionScheduledAt, numbering } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as
    | { formError?: string; form?: string; nextNumber?: string }
    | undefined;
  const busy = useNavigation().state === "submitting";
  const id = useId();
  return (
    <div className={styles.page}>
      <h1>Настройки</h1>
      {data?.form ? null : <FormError message={data?.formError} />}
      <div className={styles.grid}>
        {numbering.length ? (
          <section className={styles.card} aria-labelledby="numbering-title">
            <h2 id="numbering-title">Номерация на документите</h2>
            <p>
              Номерата са 10-цифрени, поредни и без пропуски. Ако преминавате от друга програма,
              задайте следващия номер веднъж, преди първия издаден документ.
            </p>
            {numbering.map((n) => (
              <div key={n.series} style={{ marginBottom: "1rem" }}>
                <h3 style={{ fontSize: "1rem", marginBottom: "0.25rem" }}>
                  {n.series === "tax" ? "Фактури и известия" : "Проформа фактури"}
                </h3>
                <p style={{ margin: 0 }}>Следващ номер: {n.next}</p>
                {n.settable ? (
                  <Form method="post">
                    {data?.form === `numbering-${n.series}` ? (
                      <FormError message={data.formError} />
                    ) : null}
                    <input type="hidden" name="intent" value="numbering" />
                    <input type="hidden" name="series" value={n.series} />
                    <div className={fieldStyles.field}>
                      <label htmlFor={`${id}-next-${n.series}`} className={fieldStyles.label}>
                        Следващ номер ({n.series === "tax" ? "фактури" : "проформи"})
                      </label>
                      <input
                        id={`${id}-next-${n.series}`}
                        name="nextNumber"
                        inputMode="numeric"
                        className={fieldStyles.input}
                        placeholder="напр. 1235"
                        defaultValue={
                          data?.form === `numbering-${n.series}` ? data.nextNumber : undefined
                        }
                        aria-invalid={data?.form === `numbering-${n.series}` ? true : undefined}
                      />
                    </div>
                    <Button type="submit" tone="secondary" disabled={busy}>
                      Задай
                    </Button>
                  </Form>
                ) : null}
              </div>
            ))}
          </section>
        ) : null}
        {hasCompany ? (
          <section className={styles.card} aria-labelledby="logo-title">
            <h2 id="logo-title">Лого на фирмата</h2>
            {logo ? (
              <img
                src={logo}
                alt="Текущото лого на фирмата"
                style={{ maxHeight: "6rem", marginBottom: "1rem" }}
              />
            ) : (
              <p>Все още няма качено лого. То се показва във фактурите.</p>
            )}
            <Form method="post" encType="multipart/form-data">
              <div className={fieldStyles.field}>
                <label htmlFor={`${id}-logo`} className={fieldStyles.label}>
                  Файл (PNG или JPEG, до 1 MB)
                </label>
                <input id={`${id}-logo`} type="file" name="logo" accept="image/png,image/jpeg" />
              </div>
              <Button type="submit" disabled={busy}>
                Качи логото
              </Button>
            </Form>
            {logo ? (
              <Form method="post" style={{ marginTop: "0.5rem" }}>
                <input type="hidden" name="intent" value="delete-logo" />
                <Button type="submit" tone="quiet" disabled={busy}>
                  Премахни логото
                </Button>
              </Form>
            ) : null}
          </section>
        ) : null}
        <section className={styles.card} aria-labelledby="notification-title">
          <h2 id="notification-title">Известие от екипа</h2>
          <p>{notification ?? "Няма активно известие."}</p>
        </section>
        <section className={styles.card} aria-labelledby="delete-title">
          <h2 id="delete-title">Изтриване на профила</h2>
          {deletionScheduledAt ? (
            <>
              <p>Профилът ще бъде изтрит на {formatDate(deletionScheduledAt)}.</p>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-deletion" />
                <Button type="submit" disabled={busy}>
                  Отмени изтриването
                </Button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <p>
                Профилът се изтрива {DELETION_DAYS} дни след заявката; дотогава можете да се
                откажете. Личните данни не могат да бъдат възстановени след изтриването. Издадените
                фактури се пазят, както изисква законът.
              </p>
              <input type="hidden" name="intent" value="request-deletion" />
              <div className={fieldStyles.checkboxRow}>
                <input id={`${id}-confirm`} type="checkbox" name="confirm" />
                <label htmlFor={`${id}-confirm`}>Разбирам и искам профилът ми да бъде изтрит</label>
              </div>
              <Button type="submit" tone="secondary" disabled={busy}>
                Заяви изтриване
              </Button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Настройки | Сметка" }];
