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
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { can } from "~/modules/auth/capabilities";
import { addAnalyticAccount, listAccounts, renameAccount } from "~/modules/ledger/accounts.server";
import { analyticAccountSchema, renameAccountSchema } from "~/modules/ledger/schema";
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
  return json({ accounts, mayEdit: can(user, "ledger.edit") });
}

/** Adds an analytic account or renames one (owner and accountant). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const formId = values.intent === "rename" ? `rename-${values.code ?? ""}` : "add";
  const here = "/ledger/accounts";
  try {
    if (values.intent === "add") {
      const parsed = analyticAccountSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return refuseForm({ formId, fieldErrors, repopulateFields: values });
      }
      await addAnalyticAccount(context.db, user.companyId, parsed.data);
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
      await renameAccount(context.db, user.companyId, parsed.data.code, parsed.data.name);
      return redirectWithToast(here, `Сметка ${parsed.data.code} е преименувана`);
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
  const { accounts, mayEdit } = useLoaderData<typeof loader>();
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
        номенклатурата на НАП. Аналитичната сметка е синтетичната, тире и ваш код (напр. 411-01).
      </p>
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
              <tr key={a.code}>
                <th scope="row" className={listStyles.cell}>
                  <Link to={`/ledger/account/${encodeURIComponent(a.code)}`}>{a.code}</Link>
                </th>
                <td className={listStyles.cell}>
                  {mayEdit ? <RenameForm code={a.code} name={a.name} busy={busy} /> : a.name}
                </td>
                <td className={listStyles.cell}>{SIDES[a.side]}</td>
                <td className={listStyles.cell}>{ANALYTICS[a.analytics]}</td>
                <td className={listStyles.cell}>{a.saftCode}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function RenameForm({ code, name, busy }: { code: string; name: string; busy: boolean }) {
  const answer = useFormAnswer(`rename-${code}`);
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Form ref={focusRef} method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
      <CompanyField />
      <input type="hidden" name="code" value={code} />
      <FormField
        name="name"
        label={`Име на сметка ${code}`}
        defaultValue={typedOr(answer, "name", name)}
        error={answer?.fieldErrors.name}
        controlProps={{ maxLength: 200 }}
      />
      <div>
        <Button type="submit" name="intent" value="rename" tone="secondary" disabled={busy}>
          Преименувай<span className="visually-hidden"> {code}</span>
        </Button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Сметкоплан | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
