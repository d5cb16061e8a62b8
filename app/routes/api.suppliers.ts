import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { searchSuppliers } from "~/modules/expenses/suppliers.server";
import { searchTerm } from "~/utils/schema";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/suppliers?q= → {suppliers}: the company's suppliers matching name, ЕИК or VAT number (20). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const q = searchTerm(new URL(request.url).searchParams.get("q"));
  return json({ suppliers: await searchSuppliers(context.db, companyId, q) });
}
