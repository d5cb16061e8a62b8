import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, errors, idParams, UNSPECIFIED } from "~/modules/api/describe";
import { documentsOf } from "~/modules/invoices/documents.server";
import { storedPdf, storedPdfOf } from "~/modules/invoices/render.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";
import { pdfResponse } from "~/web/invoices/downloads.server";

/** GET /api/invoices/{id}/pdf → the PDF; an issued document's bytes are always the same. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const { companyId } = user;
  // Stored already (issued documents, mostly): one query; otherwise read it whole and render.
  const stored = await storedPdfOf(context.db, companyId, params.id, documentsOf(user));
  if (stored) return pdfResponse(stored.doc, stored.pdf);
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  return pdfResponse(doc, await storedPdf(context.db, doc));
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The PDF (an issued document's bytes never change; ETag is its SHA-256)",
    request: { params: idParams() },
    responses: {
      "200": { description: "PDF", content: { "application/pdf": { schema: UNSPECIFIED } } },
      "404": errors["404"],
    },
  },
}));
