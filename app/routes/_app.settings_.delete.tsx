import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { ExportProgress, ExportReady, StartExportForm } from "~/components/export/export-status";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { cancelDeletion, requestDeletion } from "~/modules/accounts/account.server";
import { DELETION_DAYS, OWNER_DELETION_LINK } from "~/modules/accounts/limits";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { can } from "~/modules/auth/capabilities";
import {
  EXPORT_DECLARATION,
  EXPORT_DECLARATION_MISSING,
  RETENTION_PERIODS,
} from "~/modules/export/constants";
import { keepExportsUntil, recentExports } from "~/modules/export/service.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseUnknownIntent, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";

/*
 * /settings/delete (issue #28 item 4, decision 027): deleting the account. Before anything is
 * asked it says what the company itself must keep and for how long (Закон за счетоводството,
 * чл. 12) and offers the whole export; the request needs both «I understand» and «I downloaded
 * the export or decline it on purpose». During the 30 days the export stays downloadable.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // The export is offered to the roles that may make it (decision 028); the others are told who.
  const canExport = user.companyId !== null && can(user, "exports");
  const [latest] =
    canExport && user.companyId ? await recentExports(context.db, user.companyId, 1) : [];
  return json({
    deletionScheduledAt: user.deletionScheduledAt,
    hasCompany: user.companyId !== null,
    canExport,
    latest: latest ?? null,
  });
}

const refuse = (formError: string, status = 400, values: Record<string, string> = {}) =>
  refuseForm({ formId: "deletion", fieldErrors: {}, formError, repopulateFields: values }, status);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = typedValues(await request.formData());
  switch (values.intent) {
    case "request-deletion": {
      if (user.impersonator) return refuse(IMPERSONATION_MESSAGES.forbidden, 403);
      const ticked = {
        confirm: values.confirm === "on" ? "on" : "",
        exported: values.exported === "on" ? "on" : "",
      };
      if (ticked.exported !== "on") return refuse(EXPORT_DECLARATION_MISSING, 400, ticked);
      if (ticked.confirm !== "on") {
        return refuse("Потвърдете, че искате профилът да бъде изтрит", 400, ticked);
      }
      let date: Date;
      try {
        date = await requestDeletion(context.db, user.id);
      } catch (error) {
        // A company the login owns has other members (409): said at the form, with the way out.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        return refuseForm(
          {
            formId: "deletion",
            fieldErrors: {},
            formError: error.message,
            repopulateFields: ticked,
            link: error.status === 409 ? OWNER_DELETION_LINK : undefined,
          },
          error.status,
        );
      }
      if (user.companyId) await keepExportsUntil(context.db, user.companyId, date);
      return redirectWithToast("/settings/delete", {
        title: "Заявката за изтриване е приета",
        description: `Профилът ще бъде изтрит на ${formatDate(date)}`,
      });
    }
    case "cancel-deletion":
      await cancelDeletion(context.db, user.id);
      return redirectWithToast("/settings/delete", {
        title: "Заявката за изтриване е отменена",
        description: "Вашият акаунт няма да бъде изтрит.",
      });
    default:
      return refuseUnknownIntent();
  }
}

export default function DeleteAccount() {
  const { deletionScheduledAt, hasCompany, canExport, latest } = useLoaderData<typeof loader>();
  const making = latest?.state === "queued" || latest?.state === "running";
  return (
    <div className={styles.page}>
      <p>
        <Link to="/settings">« Настройки</Link>
      </p>
      <h1>Изтриване на профила</h1>
      {hasCompany ? (
        <section className={styles.card} aria-labelledby="delete-export">
          <h2 id="delete-export">1. Първо изтеглете данните си</h2>
          <p>
            Фирмата сама е длъжна да пази счетоводните си документи и ведомостите за заплати — и
            след като спре да ползва Сметка. Изтеглете архива с всички данни, преди да изтриете
            профила.
          </p>
          {canExport ? (
            <>
              {latest && making ? (
                <ExportProgress item={latest} refreshTo="/settings/delete" />
              ) : null}
              {latest?.state === "ready" ? <ExportReady item={latest} /> : null}
              {making ? null : (
                <StartExportForm
                  action="/settings/export"
                  label={latest?.state === "ready" ? "Подготви нов експорт" : undefined}
                />
              )}
              <p>
                <Link to="/settings/export">Повече за експорта</Link>
              </p>
            </>
          ) : (
            <p>
              Експорт на данните могат да подготвят собственикът и счетоводителят на фирмата.
              Помолете ги за него, преди да изтриете профила си.
            </p>
          )}
        </section>
      ) : null}
      <section className={styles.card} aria-labelledby="delete-keep">
        <h2 id="delete-keep">2. Какво трябва да пазите и колко време</h2>
        <p>
          По Закона за счетоводството (чл. 12, ал. 1) предприятието съхранява счетоводната си
          информация:
        </p>
        <ul>
          {RETENTION_PERIODS.map((period) => (
            <li key={period.what}>
              {period.what} — <strong>{period.years} години</strong>
              {";"}
            </li>
          ))}
        </ul>
        <p>
          Сроковете текат от 1 януари на годината след периода, за който се отнасят (чл. 12, ал. 2).
          Данъчните документи по ЗДДС се пазят до 5 години след давността на задължението, което
          удостоверяват (ЗДДС, чл. 121). Задължението е на фирмата, не на Сметка.
        </p>
      </section>
      <DeletionForm deletionScheduledAt={deletionScheduledAt} />
    </div>
  );
}

function DeletionForm({ deletionScheduledAt }: { deletionScheduledAt: string | null }) {
  const busy = useNavigation().state === "submitting";
  const answer = useFormAnswer("deletion");
  const id = useId();
  const ticked = (name: string) => answer?.repopulateFields?.[name] === "on";
  return (
    <section className={styles.card} aria-labelledby="delete-now">
      <h2 id="delete-now">3. Изтриване</h2>
      {deletionScheduledAt ? (
        <>
          <p>
            Профилът ще бъде изтрит на {formatDate(deletionScheduledAt)} Дотогава можете да се
            откажете, а експортът остава достъпен за изтегляне. Тогава фирмите, които притежавате
            сами, се изтриват с всичките си данни и те не могат да бъдат възстановени.
          </p>
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="cancel-deletion" />
            <Button type="submit" disabled={busy}>
              Отмени изтриването
            </Button>
          </Form>
        </>
      ) : (
        <Form method="post">
          <CompanyField />
          <p>
            Профилът се изтрива {DELETION_DAYS} дни след заявката; дотогава можете да се откажете и
            експортът остава достъпен. Тогава фирмите, които притежавате сами, се изтриват с всички
            документи, плащания, клиенти, разходи, заплати и файлове; от фирмите на други се
            премахва само достъпът ви. След изтриването данните не могат да бъдат възстановени.
          </p>
          <FormError message={answer?.formError} />
          {answer?.link ? (
            <p>
              <Link to={answer.link.to}>{answer.link.text}</Link>
            </p>
          ) : null}
          <input type="hidden" name="intent" value="request-deletion" />
          <div className={fieldStyles.checkboxRow}>
            <input
              id={`${id}-exported`}
              type="checkbox"
              name="exported"
              defaultChecked={ticked("exported")}
            />
            <label htmlFor={`${id}-exported`}>{EXPORT_DECLARATION}</label>
          </div>
          <div className={fieldStyles.checkboxRow}>
            <input
              id={`${id}-confirm`}
              type="checkbox"
              name="confirm"
              defaultChecked={ticked("confirm")}
            />
            <label htmlFor={`${id}-confirm`}>Разбирам и искам профилът ми да бъде изтрит</label>
          </div>
          <Button type="submit" tone="secondary" disabled={busy}>
            Заяви изтриване
          </Button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Изтриване на профила | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
