import type { LoaderFunctionArgs } from "@remix-run/node";
import { EInvoiceInvalidError, eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { AppError } from "~/utils/errors";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { invalidEInvoicePage, ublResponse } from "~/web/invoices/downloads.server";

/**
 * GET /invoice/{id}/ubl — the e-invoice (UBL 2.1, EN 16931) "Фактура-0000000001.xml"; a page
 * listing what is missing (422) when the document's data cannot make a valid one.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  try {
    return ublResponse(doc, await eInvoiceXml(context.db, doc));
  } catch (error) {
    if (error instanceof EInvoiceInvalidError) return invalidEInvoicePage(doc.id, error);
    // A draft, a proforma or a cancelled document has no e-invoice (409).
    if (error instanceof AppError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
