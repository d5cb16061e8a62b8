import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ExpenseDetails } from "~/components/expenses/expense-details";
import { Receipts } from "~/components/expenses/receipts";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import * as invoiceStyles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import {
  addReceipts,
  removeReceipt,
  uploadedReceipts,
} from "~/modules/expenses/attachments.server";
import { EXPENSE_DOCUMENT_TYPES } from "~/modules/expenses/constants";
import { proposalFor } from "~/modules/expenses/protocol-notes.server";
import { expenseProtocols } from "~/modules/expenses/protocols.server";
import { deleteExpense, expenseLockDates, requireExpense } from "~/modules/expenses/service.server";
import { lockedMessage } from "~/modules/periods/constants";
import { lockOn } from "~/modules/periods/locks.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readReceiptForm } from "~/web/expenses/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.view");
  const expense = await requireExpense(context.db, user.companyId, params.id);
  // An expense of a locked month, or whose protocol is in one, is neither changed nor deleted
  // (decision 058): the page says why. Its receipts follow its own month only.
  const [lock, receiptsLock] = await Promise.all([
    expenseLockDates(context.db, user.companyId, expense.id, expense.documentDate).then((dates) =>
      lockOn(context.db, user.companyId, ...dates),
    ),
    lockOn(context.db, user.companyId, expense.documentDate),
  ]);
  // Its protocol under чл. 117, made or due (decision 073): the page links to it.
  const [made, due] = await Promise.all([
    expenseProtocols(context.db, user.companyId, expense.id),
    proposalFor(context.db, user.companyId, expense.id).catch(() => null),
  ]);
  const protocol = made.length || due ? { due: !!due, count: made.length } : null;
  return json({
    expense,
    today: todayInSofia(),
    locked: lock ? lockedMessage(lock) : null,
    receiptsLocked: receiptsLock !== null,
    protocol,
  });
}

/** The page's forms: upload receipts (multipart), remove one, delete the expense. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const expense = await requireExpense(context.db, user.companyId, params.id);
  const { form, upload } = await readReceiptForm(request);
  const values = typedValues(form);
  try {
    switch (values.intent) {
      case "upload": {
        const ids = await addReceipts(
          context.db,
          user.companyId,
          expense.id,
          uploadedReceipts(upload),
        );
        return redirectWithToast(
          `/expenses/${expense.id}`,
          ids.length === 1 ? "Документът е прикачен" : `Прикачени документи: ${ids.length}`,
        );
      }
      case "remove-receipt":
        await removeReceipt(context.db, user.companyId, expense.id, values.attachmentId);
        return redirectWithToast(`/expenses/${expense.id}`, "Документът е премахнат");
      case "delete":
        if (values.confirm !== "on") {
          throw new AppError("Потвърдете изтриването", 400, {
            confirm: "Потвърдете изтриването",
          });
        }
        await deleteExpense(context.db, user.companyId, expense.id);
        return redirectWithToast("/expenses", "Разходът е изтрит");
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const formId = values.intent === "delete" ? "delete" : "receipts";
      return refuseWithAppError(formId, error, values);
    }
    throw error;
  }
}

export default function ExpensePage() {
  const { expense, today, locked, receiptsLocked, protocol } = useLoaderData<typeof loader>();
  const receipts = useFormAnswer("receipts");
  const remove = useFormAnswer("delete");
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/expenses">« Разходи</Link>
      </p>
      <h1>
        {EXPENSE_DOCUMENT_TYPES[expense.documentType]} № {expense.documentNumber}
      </h1>
      {locked ? <p className={page.warning}>{locked}</p> : null}
      <div className={invoiceStyles.actions}>
        {locked ? null : <ButtonLink to={`/expenses/edit/${expense.id}`}>Редактирай</ButtonLink>}
        {protocol ? (
          <ButtonLink
            to={`/expenses/${expense.id}/protocol`}
            tone={protocol.due ? "primary" : "secondary"}
          >
            {protocol.due ? "Потвърдете протокола по чл. 117" : "Протокол по чл. 117"}
          </ButtonLink>
        ) : null}
        <ButtonLink to={`/expenses/add?supplierId=${expense.supplierId ?? ""}`} tone="secondary">
          Нов разход от този доставчик
        </ButtonLink>
      </div>
      <ExpenseDetails expense={expense} today={today} />
      <section
        className={page.card}
        aria-labelledby="receipts-heading"
        style={{ marginTop: "1rem" }}
      >
        <h2 id="receipts-heading" className={page.cardTitle}>
          Документи
        </h2>
        <Receipts
          expenseId={expense.id}
          receipts={expense.attachments}
          answer={receipts}
          locked={receiptsLocked}
        />
      </section>
      {locked ? null : (
        <section
          className={page.card}
          aria-labelledby="delete-heading"
          style={{ marginTop: "1rem" }}
        >
          <h2 id="delete-heading" className={page.cardTitle}>
            Изтриване
          </h2>
          <Form method="post">
            <CompanyField />
            <FormError message={remove?.formError} />
            <div className={fieldStyles.checkboxRow}>
              <input
                id="confirm-delete"
                type="checkbox"
                name="confirm"
                aria-invalid={remove?.fieldErrors.confirm ? true : undefined}
              />
              <label htmlFor="confirm-delete">
                Потвърждавам изтриването на разхода и прикачените документи
              </label>
            </div>
            <Button type="submit" name="intent" value="delete" tone="secondary" disabled={busy}>
              Изтрий разхода
            </Button>
          </Form>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${EXPENSE_DOCUMENT_TYPES[data.expense.documentType]} № ${data.expense.documentNumber} | Сметка`
      : "Разход | Сметка",
  },
];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
