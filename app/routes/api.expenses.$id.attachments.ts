import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { addReceipts, uploadedReceipts } from "~/modules/expenses/attachments.server";
import { expenseJson } from "~/modules/expenses/json.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiExpense } from "~/web/expenses/api.server";
import { readReceiptForm } from "~/web/expenses/form.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/expenses/{id}/attachments → {attachments}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const expense = await requireApiExpense(context.db, companyId, params.id);
  return json({ attachments: expenseJson(expense).attachments });
}

/**
 * POST /api/expenses/{id}/attachments, multipart/form-data with one or more files in "files" (or
 * "file"): JPG, PNG or PDF by content, 5 MB each → 201 {attachments} (all of the expense's);
 * 413 for a file over 5 MB, 400 for another type. Nothing is stored unless every file passes.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  const expense = await requireApiExpense(context.db, companyId, params.id);
  try {
    const { upload } = await readReceiptForm(request);
    await addReceipts(context.db, companyId, expense.id, uploadedReceipts(upload));
    const saved = await requireApiExpense(context.db, companyId, expense.id);
    return json({ attachments: expenseJson(saved).attachments }, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
