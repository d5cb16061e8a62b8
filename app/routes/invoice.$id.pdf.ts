import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { storedPdf, storedPdfOf } from "~/modules/invoices/render.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { pdfResponse } from "~/web/invoices/downloads.server";

/** GET /invoice/{id}/pdf — "Фактура-0000000001.pdf"; ?inline=1 opens it in the browser. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const inline = new URL(request.url).searchParams.get("inline") === "1";
  // Stored already (issued documents, mostly): one query; otherwise read it whole and render.
  const stored = await storedPdfOf(context.db, user.companyId, params.id, documentsOf(user));
  if (stored) return pdfResponse(stored.doc, stored.pdf, inline);
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  return pdfResponse(doc, await storedPdf(context.db, doc), inline);
}
