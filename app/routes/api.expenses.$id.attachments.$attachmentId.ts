import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  getReceiptFile,
  RECEIPT_MESSAGES,
  removeReceipt,
} from "~/modules/expenses/attachments.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { fileResponse } from "~/web/expenses/downloads.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/expenses/{id}/attachments/{attachmentId} → the file (?inline=1 to show it in the
 * browser, as the receipts' thumbnails do); 404 JSON for anything not the company's.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const file = await getReceiptFile(context.db, companyId, params.id, params.attachmentId);
  if (!file) return json({ message: RECEIPT_MESSAGES.notFound }, { status: 404 });
  if (request.headers.get("If-None-Match") === `"${file.sha256.trim()}"`) {
    return new Response(null, { status: 304 });
  }
  return fileResponse(file, new URL(request.url).searchParams.get("inline") === "1");
}

/** DELETE removes the attachment → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  try {
    await removeReceipt(context.db, companyId, params.id, params.attachmentId);
    return new Response(null, { status: 204 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
