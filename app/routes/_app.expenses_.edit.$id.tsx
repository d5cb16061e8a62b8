import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ExpenseForm } from "~/components/expenses/expense-form";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { EXPENSE_DOCUMENT_TYPES, EXPENSE_FORM_ID } from "~/modules/expenses/constants";
import { requireExpense } from "~/modules/expenses/service.server";
import { useFormAnswer } from "~/utils/forms";
import { refuseForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  afterSave,
  expenseFormData,
  expenseFormValues,
  submitExpenseForm,
} from "~/web/expenses/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const [expense, form] = await Promise.all([
    requireExpense(context.db, user.companyId, params.id),
    expenseFormData(context.db, user.companyId),
  ]);
  // A category archived since keeps being offered to the expense that uses it.
  const categories = form.categories.some((c) => c.id === expense.categoryId)
    ? form.categories
    : [...form.categories, { id: expense.categoryId, name: expense.categoryName ?? "—" }];
  return json({
    ...form,
    categories,
    id: expense.id,
    title: `${EXPENSE_DOCUMENT_TYPES[expense.documentType]} № ${expense.documentNumber}`,
    values: expenseFormValues(expense),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const expense = await requireExpense(context.db, user.companyId, params.id);
  const outcome = await submitExpenseForm(
    context.db,
    request,
    { companyId: user.companyId, userId: user.id },
    expense.id,
  );
  if (!outcome.saved) return refuseForm(outcome.answer, outcome.status);
  const protocol = await afterSave(context.db, user.companyId, expense.id);
  if (protocol) return redirectWithToast(protocol.to, protocol.toast);
  return redirectWithToast(`/expenses/${expense.id}`, "Промените са записани");
}

export default function EditExpense() {
  const { id, title, categories, vatRegistered, values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(EXPENSE_FORM_ID);
  return (
    <div className={page.page}>
      <p>
        <Link to={`/expenses/${id}`}>« {title}</Link>
      </p>
      <h1>Редакция на разход</h1>
      <p>
        Прикачените документи се добавят и премахват от{" "}
        <Link to={`/expenses/${id}`}>страницата на разхода</Link>.
      </p>
      <ExpenseForm
        values={values}
        answer={answer}
        categories={categories}
        vatRegistered={vatRegistered}
        submitLabel="Запиши промените"
        withFiles={false}
      />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Редакция на разход | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
