import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ExpenseForm } from "~/components/expenses/expense-form";
import { SupplierSearch } from "~/components/expenses/supplier-search";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { EXPENSE_FORM_ID } from "~/modules/expenses/constants";
import { getSupplier, searchSuppliers } from "~/modules/expenses/suppliers.server";
import { todayInSofia } from "~/utils/dates";
import { useFormAnswer } from "~/utils/forms";
import { refuseForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { afterSave, expenseFormData } from "~/web/expenses/form.server";
import { submitExpenseAddForm } from "~/web/expenses/ubl-import.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const url = new URL(request.url);
  const supplierQuery = url.searchParams.get("supplierQ")?.slice(0, 100) ?? null;
  const [form, supplier, found] = await Promise.all([
    expenseFormData(context.db, user.companyId),
    getSupplier(context.db, user.companyId, url.searchParams.get("supplierId")),
    supplierQuery === null ? null : searchSuppliers(context.db, user.companyId, supplierQuery),
  ]);
  const values: Record<string, string> = { documentDate: todayInSofia(), paidOn: todayInSofia() };
  if (supplier) {
    Object.assign(values, {
      supplierId: supplier.id,
      supplierName: supplier.name,
      supplierEik: supplier.eik ?? "",
      supplierVatNumber: supplier.vatNumber ?? "",
      supplierAddress: supplier.address ?? "",
    });
  }
  return json({ ...form, values, supplierQuery, found });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const outcome = await submitExpenseAddForm(context.db, request, {
    companyId: user.companyId,
    userId: user.id,
  });
  // An e-invoice read: the form comes back filled for the person to check (nothing saved yet).
  if ("imported" in outcome) return json({ ...outcome.answer, ublWarnings: outcome.warnings });
  if (!outcome.saved) return refuseForm(outcome.answer, outcome.status);
  const protocol = await afterSave(context.db, user.companyId, outcome.id);
  if (protocol) return redirectWithToast(protocol.to, protocol.toast);
  return redirectWithToast(`/expenses/${outcome.id}`, {
    title: "Разходът е записан",
    description: "Документът е в списъка с разходи.",
  });
}

export default function AddExpense() {
  const { categories, vatRegistered, values, supplierQuery, found } =
    useLoaderData<typeof loader>();
  const answer = useFormAnswer(EXPENSE_FORM_ID);
  const warnings = (useActionData() as { ublWarnings?: string[] } | undefined)?.ublWarnings ?? [];
  return (
    <div className={page.page}>
      <p>
        <Link to="/expenses">« Разходи</Link>
      </p>
      <h1>Нов разход</h1>
      <SupplierSearch query={supplierQuery} found={found} />
      <ExpenseForm
        // A new set of values from an e-invoice replaces the uncontrolled fields' contents.
        key={String(answer?.repopulateFields?.ublFile ?? "")}
        values={values}
        answer={answer}
        categories={categories}
        vatRegistered={vatRegistered}
        submitLabel="Запиши разхода"
        withFiles
        ublImport={{ warnings }}
      />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Нов разход | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
