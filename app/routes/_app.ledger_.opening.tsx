import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { OpeningRows } from "~/components/ledger/opening-rows";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { actorOf } from "~/modules/auth/acts.server";
import { listAccounts } from "~/modules/ledger/accounts.server";
import {
  openingBalances,
  openingChoices,
  saveOpeningBalances,
} from "~/modules/ledger/opening.server";
import { openingBalancesSchema } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { centsToDecimal } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/** The rows the form opens with at least; «Още редове» adds ten, up to the schema's 200. */
const MIN_ROWS = 10;
const MAX_ROWS = 200;
const FORM_ID = "opening";

/** The number of rows a posted form had (its hidden `rows`), within bounds. */
const rowsOf = (value: string | undefined) =>
  Math.min(Math.max(Number.parseInt(value ?? "", 10) || MIN_ROWS, MIN_ROWS), MAX_ROWS);

/** Opening balances of a company that starts mid-year (issue #45 item 3): owner and accountant. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const [accounts, counterparties, current] = await Promise.all([
    listAccounts(context.db, user.companyId),
    openingChoices(context.db, user.companyId),
    openingBalances(context.db, user.companyId),
  ]);
  const defaults = (current?.lines ?? []).map((l) => ({
    account: l.accountCode,
    counterparty: l.counterparty ? `${l.counterparty.kind}:${l.counterparty.id}` : "",
    debit: l.debitCents ? centsToDecimal(l.debitCents) : "",
    credit: l.creditCents ? centsToDecimal(l.creditCents) : "",
  }));
  return json({
    accounts: accounts.map((a) => [a.code, `${a.code} ${a.name}`] as const),
    counterparties,
    date: current?.date ?? `${todayInSofia().slice(0, 4)}-01-01`,
    entered: current !== null,
    defaults,
    rows: Math.min(Math.max(defaults.length + 3, MIN_ROWS), MAX_ROWS),
  });
}

/** A row's analytic as the select posts it («client:<id>»), or null; anything else for zod to refuse. */
function counterpartyOf(value: string | undefined) {
  if (!value) return null;
  const [kind, id] = value.split(":");
  return { kind, id };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = typedValues(await request.formData());
  const rows = rowsOf(values.rows);
  if (values.intent === "more") {
    const more = String(Math.min(rows + 10, MAX_ROWS));
    return refuseForm(
      { formId: FORM_ID, fieldErrors: {}, repopulateFields: { ...values, rows: more } },
      200,
    );
  }
  const lines = Array.from({ length: rows }, (_, i) => ({
    account: values[`lines.${i}.account`] ?? "",
    counterparty: counterpartyOf(values[`lines.${i}.counterparty`]),
    debit: values[`lines.${i}.debit`] ?? "",
    credit: values[`lines.${i}.credit`] ?? "",
  }));
  // Rows are kept in place up to the last one filled, so an error names the row it is on.
  const filled = lines.map((l, i) => (l.account || l.counterparty || l.debit || l.credit ? i : -1));
  const parsed = openingBalancesSchema.safeParse({
    date: values.date,
    lines: lines.slice(0, Math.max(...filled) + 1),
  });
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(
      Object.entries(fieldErrorsOf(parsed.error)).map(([key, message]) => [
        key.replace(/\.counterparty\..*$/, ".counterparty"),
        message,
      ]),
    );
    return refuseForm({
      formId: FORM_ID,
      fieldErrors,
      formError: fieldErrors.lines ?? "Поправете отбелязаните полета",
      repopulateFields: values,
    });
  }
  try {
    await saveOpeningBalances(context.db, user.companyId, parsed.data, actorOf(user, context));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(FORM_ID, error, values);
    }
    throw error;
  }
  const day = parsed.data.date;
  return redirectWithToast(`/ledger?from=${day}&to=${day}`, "Началните салда са осчетоводени");
}

export default function OpeningBalances() {
  const { accounts, counterparties, date, entered, defaults, rows } =
    useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM_ID);
  const focusRef = useFocusFirstInvalid(answer?.formError ? answer : undefined);
  const busy = useNavigation().state !== "idle";
  const shown = rowsOf(typedOr(answer, "rows", String(rows)));
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/opening" mayEdit />
      <h2>Начални салда</h2>
      <p>
        Фирма, която започва да води книгите си в Сметка в течение на годината, въвежда салдата на
        сметките (и на клиентите, доставчиците и служителите им) към първия ден. Те са една
        балансирана статия на тази дата; въведени отново, предишните се сторнират.
        {entered ? " Началните салда вече са въведени: промените ги тук." : ""}
      </p>
      <Form ref={focusRef} method="post" className={page.card} aria-label="Начални салда">
        <CompanyField />
        <input type="hidden" name="rows" value={shown} />
        <FormError message={answer?.formError} />
        <div className={listStyles.toolbar}>
          <FormField
            name="date"
            label="Към дата"
            type="date"
            required
            defaultValue={typedOr(answer, "date", date)}
            error={answer?.fieldErrors.date}
          />
        </div>
        <OpeningRows
          rows={shown}
          defaults={defaults}
          accounts={accounts}
          counterparties={counterparties}
          answer={answer}
        />
        <div className={listStyles.toolbar}>
          <Button type="submit" name="intent" value="save" disabled={busy}>
            Осчетоводи началните салда
          </Button>
          {shown < MAX_ROWS && (
            <Button type="submit" name="intent" value="more" tone="secondary" disabled={busy}>
              Още редове
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Начални салда | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
