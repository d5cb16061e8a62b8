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
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { actorOf } from "~/modules/auth/acts.server";
import { createManualEntry, listAccounts } from "~/modules/ledger/accounts.server";
import { manualEntrySchema } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/** The rows the form offers; empty ones are left out. */
const ROWS = 6;
const ROW_NUMBERS = Array.from({ length: ROWS }, (_, i) => i);
const FORM_ID = "entry";

/** A manual journal entry (issue #45 item 3): owner and accountant. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const accounts = await listAccounts(context.db, user.companyId);
  return json({
    accounts: accounts.map((a) => [a.code, `${a.code} ${a.name}`] as const),
    today: todayInSofia(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    account: values[`lines.${i}.account`] ?? "",
    debit: values[`lines.${i}.debit`] ?? "",
    credit: values[`lines.${i}.credit`] ?? "",
  }));
  // Rows are kept in place up to the last one filled, so an error names the row it is on.
  const filled = rows.map((r, i) => (r.account || r.debit || r.credit ? i : -1));
  const last = Math.max(...filled);
  const parsed = manualEntrySchema.safeParse({
    entryDate: values.entryDate,
    description: values.description,
    documentRef: values.documentRef,
    lines: rows.slice(0, last + 1),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refuseForm({
      formId: FORM_ID,
      fieldErrors,
      formError: fieldErrors.lines ?? "Поправете отбелязаните полета",
      repopulateFields: values,
    });
  }
  try {
    await createManualEntry(context.db, user.companyId, parsed.data, actorOf(user, context));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(FORM_ID, error, values);
    }
    throw error;
  }
  const day = parsed.data.entryDate;
  return redirectWithToast(`/ledger/journal?from=${day}&to=${day}`, "Статията е осчетоводена");
}

export default function NewEntry() {
  const { accounts, today } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM_ID);
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const options: (readonly [string, string])[] = [["", "— сметка —"], ...accounts];
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/entry/new" mayEdit />
      <h2>Нова счетоводна статия</h2>
      <p>Всеки ред е по дебита или по кредита; сборът по дебита е равен на сбора по кредита.</p>
      <Form ref={focusRef} method="post" className={page.card} aria-label="Нова счетоводна статия">
        <CompanyField />
        <FormError message={answer?.formError} />
        <div className={listStyles.toolbar}>
          <FormField
            name="entryDate"
            label="Дата"
            type="date"
            required
            defaultValue={typedOr(answer, "entryDate", today)}
            error={answer?.fieldErrors.entryDate}
          />
          <FormField
            name="documentRef"
            label="Документ"
            required
            placeholder="Протокол № 5"
            defaultValue={typedOr(answer, "documentRef")}
            error={answer?.fieldErrors.documentRef}
            controlProps={{ maxLength: 100 }}
          />
        </div>
        <FormField
          name="description"
          label="Основание"
          required
          defaultValue={typedOr(answer, "description")}
          error={answer?.fieldErrors.description}
          controlProps={{ maxLength: 500 }}
        />
        {ROW_NUMBERS.map((i) => (
          <fieldset key={`row-${i}`} className={listStyles.toolbar}>
            <legend>Ред {i + 1}</legend>
            <FormField
              name={`lines.${i}.account`}
              label="Сметка"
              options={options}
              defaultValue={typedOr(answer, `lines.${i}.account`)}
              error={answer?.fieldErrors[`lines.${i}.account`]}
            />
            <FormField
              name={`lines.${i}.debit`}
              label="Дебит"
              inputMode="decimal"
              defaultValue={typedOr(answer, `lines.${i}.debit`)}
              error={answer?.fieldErrors[`lines.${i}.debit`]}
            />
            <FormField
              name={`lines.${i}.credit`}
              label="Кредит"
              inputMode="decimal"
              defaultValue={typedOr(answer, `lines.${i}.credit`)}
              error={answer?.fieldErrors[`lines.${i}.credit`]}
            />
          </fieldset>
        ))}
        <Button type="submit" disabled={busy}>
          Осчетоводи
        </Button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Нова счетоводна статия | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
