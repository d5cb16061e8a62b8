import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type MetaFunction,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/forms/field";
import * as styles from "~/components/layout/page.css";
import { DeletionCard, LogoCard, NumberingCard } from "~/components/settings/settings-cards";
import {
  cancelDeletion,
  deleteLogo,
  getLogoDataUrl,
  requestDeletion,
  saveLogo,
} from "~/modules/accounts/account.server";
import { LOGO_ERROR, LOGO_MAX_BYTES } from "~/modules/accounts/limits";
import { requireUser } from "~/modules/auth/guards.server";
import { numberingState, setNextNumber } from "~/modules/invoices/numbering.server";
import { getNotification } from "~/modules/settings/queries.server";
import { formatDate } from "~/utils/dates";
import { useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { AppError } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [logo, notification, numbering] = await Promise.all([
    getLogoDataUrl(context.db, user.companyId),
    getNotification(context.db),
    user.companyId ? numberingState(context.db, user.companyId) : Promise.resolve([]),
  ]);
  return json({
    hasCompany: user.companyId !== null,
    logo,
    notification,
    deletionScheduledAt: user.deletionScheduledAt,
    numbering,
  });
}

const done = (title: string, description?: string) =>
  redirectWithToast("/settings", { title, description });
const refuse = (formId: string, formError: string, status = 400) =>
  refuseForm({ formId, fieldErrors: {}, formError }, status);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (!user.companyId) return refuse("logo", "Само фирмен профил може да има лого");
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(
        request,
        unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return refuse("logo", LOGO_ERROR, 413);
      throw error;
    }
    const file = form.get("logo");
    if (!(file instanceof File) || file.size === 0) return refuse("logo", "Моля, изберете файл");
    try {
      await saveLogo(context.db, user.companyId, new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("logo", error, {});
    }
    return done("Логото е запазено");
  }

  const values = typedValues(await request.formData());
  switch (values.intent) {
    case "delete-logo":
      if (user.companyId) await deleteLogo(context.db, user.companyId);
      return done("Логото е премахнато");
    case "request-deletion": {
      if (values.confirm !== "on") {
        return refuse("deletion", "Потвърдете, че искате профилът да бъде изтрит");
      }
      const date = await requestDeletion(context.db, user.id);
      return done(
        "Заявката за изтриване е приета",
        `Профилът ще бъде изтрит на ${formatDate(date)}.`,
      );
    }
    case "numbering": {
      const series = values.series === "proforma" ? "proforma" : "tax";
      if (!user.companyId) return refuse(`numbering-${series}`, "Достъп отказан", 403);
      const next = Number((values.nextNumber ?? "").trim());
      try {
        await setNextNumber(context.db, user.companyId, series, next);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuseWithAppError(`numbering-${series}`, error, {
          nextNumber: values.nextNumber ?? "",
        });
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
      return refuse("", "Неизвестно действие");
  }
}

export default function Settings() {
  const { hasCompany, logo, notification, deletionScheduledAt, numbering } =
    useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={styles.page}>
      <h1>Настройки</h1>
      <FormError message={unknown?.formError} />
      <div className={styles.grid}>
        {numbering.length ? <NumberingCard numbering={numbering} /> : null}
        {hasCompany ? <LogoCard logo={logo} /> : null}
        <section className={styles.card} aria-labelledby="notification-title">
          <h2 id="notification-title">Известие от екипа</h2>
          <p>{notification ?? "Няма активно известие."}</p>
        </section>
        <DeletionCard deletionScheduledAt={deletionScheduledAt} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Настройки | Сметка" }];
