import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { pdfResponse, storedPdf } from "~/modules/invoices/render.server";

/** GET /api/invoices/{id}/pdf → the PDF; an issued document's bytes are always the same. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "documents.view");
  const doc = await requireApiDocument(context.db, companyId, params.id);
  return pdfResponse(doc, await storedPdf(context.db, doc));
}
