import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { EInvoiceInvalidError, eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { documentsOf } from "~/modules/invoices/documents.server";
import { apiErrorResponse } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";
import { ublResponse } from "~/web/invoices/downloads.server";

/**
 * GET /api/invoices/{id}/ubl → the e-invoice as UBL 2.1 XML (Peppol BIS Billing 3.0 when both
 * parties have a Peppol address, else plain EN 16931: its CustomizationID says which);
 * 409 for a draft, a proforma or a cancelled document; 422 {message, problems} when the
 * document's data breaks an EN 16931 rule.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  try {
    return ublResponse(doc, await eInvoiceXml(context.db, doc));
  } catch (error) {
    if (error instanceof EInvoiceInvalidError) {
      return json({ message: error.message, problems: error.problems }, { status: 422 });
    }
    return apiErrorResponse(error);
  }
}
