import type { LoaderFunctionArgs } from "@remix-run/node";
import { EInvoiceInvalidError, eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { storedPdf } from "~/modules/invoices/render.server";
import { portalDocument } from "~/modules/portal/documents.server";
import { recordPortalView } from "~/modules/portal/links.server";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import { pdfResponse, ublResponse } from "~/web/invoices/downloads.server";
import { openPortal, portalRefusalPage, withPortalHeaders } from "~/web/portal/access.server";

const FILE = /^([0-9a-f-]{36})\.(pdf|xml)$/i;

/**
 * GET /portal/{token}/documents/{id}.pdf and ….xml (issue #47 item 2, decision 069): a document's
 * PDF or UBL through a client's portal link, only when the document is that client's, of that
 * company, and issued (or cancelled). Anything else is the same 404 as an invalid link.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const opening = await openPortal(context, params.token ?? "");
  if (!("link" in opening)) return portalRefusalPage(opening);
  const match = FILE.exec(params.file ?? "");
  const id = match?.[1];
  const doc = isUuid(id) ? await portalDocument(context.db, opening.link, id) : undefined;
  if (!doc || !match) return portalRefusalPage({ refused: "invalid", status: 404 });
  if (match[2] === "pdf") {
    const response = pdfResponse(doc, await storedPdf(context.db, doc));
    await recordPortalView(context.db, opening.link, "pdf", context.clientIp, doc.id);
    return withPortalHeaders(response);
  }
  try {
    const xml = await eInvoiceXml(context.db, doc);
    await recordPortalView(context.db, opening.link, "ubl", context.clientIp, doc.id);
    return withPortalHeaders(ublResponse(doc, xml));
  } catch (error) {
    // A proforma or a cancelled document has no e-invoice; one the data cannot make is the
    // company's to fix: the client is told it is not there, never what is missing.
    if (error instanceof EInvoiceInvalidError || error instanceof AppError) {
      return portalRefusalPage({ refused: "invalid", status: 404 });
    }
    throw error;
  }
}
