import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import {
  duplicateExpenseJsonSchema,
  expenseInputFromJson,
  expenseInputJsonSchema,
  expenseJson,
  expenseJsonSchema,
  expenseListJson,
  expenseListJsonSchema,
  expenseListQuerySchema,
  expenseSummaryJson,
  expenseTotalsJsonSchema,
} from "~/modules/expenses/json.server";
import {
  expenseFiltersFromSearch,
  listExpenses,
  summarizeExpenses,
} from "~/modules/expenses/queries.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { createExpense, getExpense } from "~/modules/expenses/service.server";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { todayInSofia } from "~/utils/dates";
import { methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";
import { expenseRefusal } from "~/web/expenses/api.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/expenses?<the list's filters>&after= → {expenses, nextCursor, summary}: one page and the
 * totals of everything the filters match (per currency and per VAT rate). Standard plan. A filter
 * it cannot read is 400 naming it (parseQuery, decision 056).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const url = new URL(request.url);
  parseQuery(url, expenseListQuerySchema);
  const filters = expenseFiltersFromSearch(url.searchParams);
  const today = todayInSofia();
  const [{ expenses, nextCursor }, summary] = await Promise.all([
    listExpenses(context.db, companyId, filters, today, { after: url.searchParams.get("after") }),
    summarizeExpenses(context.db, companyId, filters, today),
  ]);
  return json({
    expenses: expenses.map(expenseListJson),
    nextCursor,
    summary: expenseSummaryJson(summary),
  });
}

/**
 * POST /api/expenses → 201 with the expense; 400 {message, errors} for bad fields; 409 with
 * duplicateOf when the supplier's document is already recorded (send confirmDuplicate: true).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  // A foreign currency's rate left empty is the ECB's of the date (decision 051).
  const { data } = await parseJsonBody(request, expenseSchema, {
    prepare: (body) =>
      withEcbRate(context.db, expenseInputFromJson(body), ["taxEventDate", "documentDate"]),
  });
  try {
    const id = await createExpense(context.db, companyId, null, data);
    const saved = await getExpense(context.db, companyId, id);
    return json(saved && expenseJson(saved), { status: 201 });
  } catch (error) {
    return expenseRefusal(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "List expenses with the totals of everything that matches (per currency and VAT rate)",
    request: { query: expenseListQuerySchema },
    responses: {
      "200": answer(
        "One page (50) and the summary",
        z.object({
          expenses: z.array(expenseListJsonSchema).optional(),
          nextCursor: z.string().nullable().optional(),
          summary: expenseTotalsJsonSchema.optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include expenses: {message, requiredPlan: "standard"}'),
    },
  },
  post: {
    summary: "Record a purchase document",
    request: { body: jsonContent(expenseInputJsonSchema) },
    responses: {
      "201": answer("The expense", expenseJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include expenses: {message, requiredPlan: "standard"}'),
      "404": refusal("categoryId is not a category of your company: {message, errors}"),
      "409": answer(
        "The supplier's document (type and number) is already recorded: {message, duplicateOf, errors}. Send confirmDuplicate: true to record it anyway.",
        duplicateExpenseJsonSchema,
      ),
    },
  },
}));
