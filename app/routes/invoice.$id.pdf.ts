import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { storedPdf } from "~/modules/invoices/render.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { pdfResponse } from "~/web/invoices/downloads.server";

/** GET /invoice/{id}/pdf — "Фактура-0000000001.pdf"; ?inline=1 opens it in the browser. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  const inline = new URL(request.url).searchParams.get("inline") === "1";
  return pdfResponse(doc, await storedPdf(context.db, doc), inline);
}
