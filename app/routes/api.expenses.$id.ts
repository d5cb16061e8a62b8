import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { expenseInputFromJson, expenseJson } from "~/modules/expenses/json.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { deleteExpense, updateExpense } from "~/modules/expenses/service.server";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { expenseRefusal, requireApiExpense } from "~/web/expenses/api.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/expenses/{id} → the expense with its amounts per VAT rate and its attachments. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  return json(expenseJson(await requireApiExpense(context.db, companyId, params.id)));
}

/** PUT replaces the expense (the whole of it, like POST); DELETE removes it with its receipts → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return methodNotAllowed("GET, PUT, DELETE");
  }
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  const expense = await requireApiExpense(context.db, companyId, params.id);
  try {
    if (request.method === "DELETE") {
      await deleteExpense(context.db, companyId, expense.id);
      return new Response(null, { status: 204 });
    }
    const { data } = await parseJsonBody(request, expenseSchema, {
      prepare: (body) =>
        withEcbRate(context.db, expenseInputFromJson(body), ["taxEventDate", "documentDate"]),
    });
    await updateExpense(context.db, companyId, expense.id, data);
    return json(expenseJson(await requireApiExpense(context.db, companyId, expense.id)));
  } catch (error) {
    return expenseRefusal(error);
  }
}
