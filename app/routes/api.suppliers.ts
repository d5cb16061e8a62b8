import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, refusal, z } from "~/modules/api/describe";
import { supplierJsonSchema } from "~/modules/expenses/json.server";
import { searchSuppliers } from "~/modules/expenses/suppliers.server";
import { searchTerm } from "~/utils/schema";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/suppliers?q= → {suppliers}: the company's suppliers matching name, ЕИК or VAT number (20). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const q = searchTerm(new URL(request.url).searchParams.get("q"));
  return json({ suppliers: await searchSuppliers(context.db, companyId, q) });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's suppliers matching a name, ЕИК or VAT number (20 at most)",
    request: { query: z.object({ q: z.string().optional() }) },
    responses: {
      "200": answer("Suppliers", z.object({ suppliers: z.array(supplierJsonSchema).optional() })),
      "403": refusal('The plan does not include expenses: {message, requiredPlan: "standard"}'),
    },
  },
}));
