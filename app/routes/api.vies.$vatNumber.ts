import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { lookupVat } from "~/modules/reference/vies.server";
import { apiErrorResponse } from "~/utils/http.server";
import { requireApiCompany } from "~/web/auth/guards.server";

/**
 * GET /api/vies/{vatNumber} — a VAT number checked in the EU's VIES service (kept a day):
 * {valid, name, address, vatNumber, checkedAt}; 400 a number that cannot be one, 429 too many
 * checks, 503 VIES not answering or the check turned off.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "clients.edit");
  try {
    return json(await lookupVat(context, `company:${companyId}`, params.vatNumber ?? ""));
  } catch (error) {
    return apiErrorResponse(error);
  }
}
