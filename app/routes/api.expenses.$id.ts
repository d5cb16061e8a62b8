import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import {
  duplicateExpenseJsonSchema,
  expenseInputFromJson,
  expenseInputJsonSchema,
  expenseJson,
  expenseJsonSchema,
} from "~/modules/expenses/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One expense with its amounts per VAT rate and its attachments",
    request: { params: idParams() },
    responses: {
      "200": answer("The expense", expenseJsonSchema),
      "403": refusal('The plan does not include expenses: {message, requiredPlan: "standard"}'),
      "404": refusal("No such expense in your company"),
    },
  },
  put: {
    summary: "Replace an expense (the whole of it, as POST)",
    request: { params: idParams(), body: jsonContent(expenseInputJsonSchema) },
    responses: {
      "200": answer("The expense", expenseJsonSchema),
      "400": errors["400"],
      "404": refusal("No such expense in your company"),
      "409": answer(
        "The supplier's document (type and number) is already recorded: {message, duplicateOf, errors}. Send confirmDuplicate: true to record it anyway.",
        duplicateExpenseJsonSchema,
      ),
    },
  },
  delete: {
    summary: "Delete an expense with its attachments",
    request: { params: idParams() },
    responses: {
      "204": { description: "Deleted" },
      "404": refusal("No such expense in your company"),
    },
  },
}));
