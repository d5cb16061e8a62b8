import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { createCategory, listCategories } from "~/modules/expenses/categories.server";
import { expenseCategoryJsonSchema } from "~/modules/expenses/json.server";
import { categorySchema } from "~/modules/expenses/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

const categoryJson = (c: {
  id: string;
  code: string | null;
  name: string;
  archivedAt: Date | null;
}) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  archived: c.archivedAt !== null,
});

/** GET /api/expense-categories?archived=1 → {categories} in the company's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const archived = new URL(request.url).searchParams.get("archived") === "1";
  const categories = await listCategories(context.db, companyId, { archived });
  return json({ categories: categories.map(categoryJson) });
}

/** POST {name} → 201 with the category; 409 when the company already has one of that name. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  const { data } = await parseJsonBody(request, categorySchema);
  try {
    const id = await createCategory(context.db, companyId, data.name);
    const categories = await listCategories(context.db, companyId, { archived: true });
    const created = categories.find((c) => c.id === id);
    return json(created && categoryJson(created), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's expense categories (archived ones with archived=1)",
    request: { query: z.object({ archived: z.enum(["1"]).optional() }) },
    responses: {
      "200": answer(
        "Categories",
        z.object({ categories: z.array(expenseCategoryJsonSchema).optional() }),
      ),
      "403": refusal('The plan does not include expenses: {message, requiredPlan: "standard"}'),
    },
  },
  post: {
    summary: "Add a category",
    request: { body: jsonContent(categorySchema) },
    responses: {
      "201": answer("The category", expenseCategoryJsonSchema),
      "400": errors["400"],
      "409": refusal("The name is taken"),
    },
  },
}));
