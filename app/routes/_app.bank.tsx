import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountForm, UploadForm } from "~/components/bank/bank-forms";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { createAccount, listAccounts } from "~/modules/bank/accounts.server";
import { STATEMENT_FORMATS } from "~/modules/bank/constants";
import { accountSchema } from "~/modules/bank/forms.server";
import { listStatements } from "~/modules/bank/queries.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { ownValue } from "~/utils/own-keys";
import { redirectWithToast } from "~/utils/toast.server";
import { requireBankPage } from "~/web/bank/access.server";
import { uploadStatementFromPage } from "~/web/bank/page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireBankPage(request, context, "view");
  const [accounts, statements] = await Promise.all([
    listAccounts(context.db, user.companyId),
    listStatements(context.db, user.companyId),
  ]);
  return json({ accounts, statements });
}

/** Upload a statement (multipart, the file read only after the guard) or add an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireBankPage(request, context, "edit");
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return uploadStatementFromPage(request, { user, context });
  }
  const values = typedValues(await request.formData());
  switch (values.intent) {
    case "account": {
      const parsed = accountSchema.safeParse(values);
      if (!parsed.success) {
        return refuseForm({
          formId: "account",
          fieldErrors: fieldErrorsOf(parsed.error),
          repopulateFields: values,
          focus: "iban",
        });
      }
      try {
        await createAccount(context.db, user.companyId, parsed.data);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          return refuseWithAppError("account", error, values);
        }
        throw error;
      }
      return redirectWithToast("/bank", `Сметката ${parsed.data.iban} е добавена`);
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function Bank() {
  const { accounts, statements } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Банка</h1>
        <ButtonLink to="/bank/rules" tone="secondary">
          Правила за плащания
        </ButtonLink>
      </div>
      <p>
        Внесете извлечението за месеца: всяко постъпление се свързва с фактурата, която плаща, и
        всяко плащане — с разхода. Потвърждавате с едно натискане.
      </p>
      <UploadForm accounts={accounts} />
      <h2>Извлечения</h2>
      {statements.length === 0 ? (
        <p>Още няма внесени извлечения.</p>
      ) : (
        <ScrollTable label="Внесени извлечения">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Внесени извлечения</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Период
                </th>
                <th scope="col" className={listStyles.cell}>
                  Сметка
                </th>
                <th scope="col" className={listStyles.cell}>
                  Формат
                </th>
                <th scope="col" className={listStyles.cell}>
                  Движения
                </th>
                <th scope="col" className={listStyles.cell}>
                  Разнесени
                </th>
              </tr>
            </thead>
            <tbody>
              {statements.map((s) => (
                <tr key={s.id}>
                  <td className={listStyles.cell}>
                    <Link to={`/bank/statements/${s.id}`}>
                      {s.periodFrom ? printDate(s.periodFrom) : "—"} –{" "}
                      {s.periodTo ? printDate(s.periodTo) : "—"}
                    </Link>
                    <br />
                    <small>{s.fileName}</small>
                  </td>
                  <td className={listStyles.cell}>
                    {s.iban} ({s.currency})
                  </td>
                  <td className={listStyles.cell}>
                    {ownValue(STATEMENT_FORMATS, s.format) ?? s.format}
                  </td>
                  <td className={listStyles.cell}>
                    {s.importedCount}
                    {s.skippedCount ? ` (+${s.skippedCount} вече внесени)` : ""}
                  </td>
                  <td className={listStyles.cell}>
                    {Number(s.matchedCount ?? 0)} от {s.importedCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <h2>Сметки</h2>
      <ScrollTable label="Банкови сметки">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Банкови сметки на фирмата</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                IBAN
              </th>
              <th scope="col" className={listStyles.cell}>
                Валута
              </th>
              <th scope="col" className={listStyles.cell}>
                CSV колони
              </th>
              <th scope="col" className={listStyles.cell}>
                Автоматично разнасяне
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id}>
                <td className={listStyles.cell}>
                  <Link to={`/bank/accounts/${a.id}`}>{a.iban}</Link>
                  {a.name ? <br /> : null}
                  {a.name}
                </td>
                <td className={listStyles.cell}>{a.currency}</td>
                <td className={listStyles.cell}>{a.csvDate ? "зададени" : "не са зададени"}</td>
                <td className={listStyles.cell}>{a.autoConfirm ? "включено" : "изключено"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <AccountForm />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Банка — Сметка" }];

export const ErrorBoundary = GateBoundary;

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
