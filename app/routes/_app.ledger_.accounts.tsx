import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { NraAccountsList, RenameForm, SaftCodeForm } from "~/components/ledger/account-forms";
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { recordAct } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import {
  addAnalyticAccount,
  listAccounts,
  renameAccount,
  setSaftCode,
} from "~/modules/ledger/accounts.server";
import {
  analyticAccountSchema,
  renameAccountSchema,
  saftCodeSchema,
} from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

const SIDES = { active: "Активна", passive: "Пасивна", both: "Активно-пасивна" } as const;
const ANALYTICS = { none: "—", counterparty: "по контрагенти", employee: "по служители" } as const;

/** The company's chart of accounts: each account's side, analytics and SAF-T code. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const accounts = await listAccounts(context.db, user.companyId);
  return json({ accounts, mayEdit: can(user, "ledger.edit"), today: todayInSofia() });
}

/**
 * Adds an analytic account, renames one or sets its code in НАП's nomenclature (owner and
 * accountant); each in the company's audit trail.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const formId =
    values.intent === "rename"
      ? `rename-${values.code ?? ""}`
      : values.intent === "saft-code"
        ? `saft-${values.code ?? ""}`
        : "add";
  const here = "/ledger/accounts";
  try {
    if (values.intent === "add") {
      const parsed = analyticAccountSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return refuseForm({ formId, fieldErrors, repopulateFields: values });
      }
      await context.db.transaction().execute(async (trx) => {
        await addAnalyticAccount(trx, user.companyId, parsed.data);
        const target = { type: "ledger_account", id: parsed.data.code, label: parsed.data.name };
        await recordAct(context, user, "ledger.account-add", target, undefined, trx);
      });
      return redirectWithToast(here, `Сметка ${parsed.data.code} е добавена`);
    }
    if (values.intent === "rename") {
      const parsed = renameAccountSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return refuseForm({
          formId,
          fieldErrors,
          formError: fieldErrors.name,
          repopulateFields: values,
        });
      }
      await context.db.transaction().execute(async (trx) => {
        const from = await renameAccount(trx, user.companyId, parsed.data.code, parsed.data.name);
        const target = { type: "ledger_account", id: parsed.data.code, label: parsed.data.name };
        const details = { name: { from, to: parsed.data.name } };
        await recordAct(context, user, "ledger.account-rename", target, details, trx);
      });
      return redirectWithToast(here, `Сметка ${parsed.data.code} е преименувана`);
    }
    if (values.intent === "saft-code") {
      const parsed = saftCodeSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return refuseForm({
          formId,
          fieldErrors,
          formError: fieldErrors.saftCode,
          repopulateFields: values,
        });
      }
      const { code, saftCode } = parsed.data;
      const changed = await context.db.transaction().execute(async (trx) => {
        const done = await setSaftCode(trx, user.companyId, code, saftCode, todayInSofia());
        const details = { saftCode: { from: done.from, to: saftCode }, accounts: done.accounts };
        const target = { type: "ledger_account", id: code, label: `Сметка ${code}` };
        await recordAct(context, user, "ledger.saft-code", target, details, trx);
        return done.accounts;
      });
      return redirectWithToast(`${here}#account-${encodeURIComponent(code)}`, {
        title: `Кодът по НАП на сметка ${code} е ${saftCode}`,
        description: changed.length > 1 ? `Сметки: ${changed.join(", ")}` : undefined,
      });
    }
    return refuseUnknownIntent();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(formId, error, values);
    }
    throw error;
  }
}

export default function Accounts() {
  const { accounts, mayEdit, today } = useLoaderData<typeof loader>();
  const add = useFormAnswer("add");
  const focusRef = useFocusFirstInvalid(add);
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/accounts" mayEdit={mayEdit} />
      <h2>Сметкоплан</h2>
      <p>
        Сметките следват номерацията на Националния сметкоплан; кодът за SAF-T е сметката от
        номенклатурата на НАП (файлът SAF-T за месеца ги изисква). Аналитичната сметка е
        синтетичната, тире и ваш код (напр. 411-01).
      </p>
      {mayEdit && <NraAccountsList day={today} />}
      {mayEdit && (
        <Form
          ref={focusRef}
          method="post"
          className={page.card}
          aria-label="Нова аналитична сметка"
        >
          <CompanyField />
          <FormError message={add?.formError} />
          <div className={listStyles.toolbar}>
            <FormField
              name="code"
              label="Код"
              required
              defaultValue={typedOr(add, "code")}
              error={add?.fieldErrors.code}
              controlProps={{ maxLength: 21 }}
            />
            <FormField
              name="name"
              label="Име"
              required
              defaultValue={typedOr(add, "name")}
              error={add?.fieldErrors.name}
              controlProps={{ maxLength: 200 }}
            />
            <div>
              <Button type="submit" name="intent" value="add" disabled={busy}>
                Добави сметка
              </Button>
            </div>
          </div>
        </Form>
      )}
      <ScrollTable label="Сметкоплан">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Сметкоплан на фирмата</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Сметка
              </th>
              <th scope="col" className={listStyles.cell}>
                Наименование
              </th>
              <th scope="col" className={listStyles.cell}>
                Вид
              </th>
              <th scope="col" className={listStyles.cell}>
                Аналитичност
              </th>
              <th scope="col" className={listStyles.cell}>
                SAF-T
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.code} id={`account-${a.code}`}>
                <th scope="row" className={listStyles.cell}>
                  <Link to={`/ledger/account/${encodeURIComponent(a.code)}`}>{a.code}</Link>
                </th>
                <td className={listStyles.cell}>
                  {mayEdit ? <RenameForm code={a.code} name={a.name} busy={busy} /> : a.name}
                </td>
                <td className={listStyles.cell}>{SIDES[a.side]}</td>
                <td className={listStyles.cell}>{ANALYTICS[a.analytics]}</td>
                <td className={listStyles.cell}>
                  {mayEdit ? (
                    <SaftCodeForm code={a.code} saftCode={a.saftCode} busy={busy} />
                  ) : (
                    a.saftCode || "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Сметкоплан | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
