import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { cancelDocument, getDocument } from "~/modules/invoices/documents.server";
import { documentJson } from "~/modules/invoices/json.server";
import { cancelSchema } from "~/modules/invoices/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** POST /api/invoices/{id}/cancel {reason} → 200; the number stays. 409 unless issued. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiCompany(request, context, "documents.edit");
  const doc = await requireApiDocument(context.db, companyId, params.id);
  const { data } = await parseJsonBody(request, cancelSchema);
  try {
    await cancelDocument(context.db, companyId, doc.id, data.reason);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const cancelled = await getDocument(context.db, companyId, doc.id);
  return json(cancelled && documentJson(cancelled));
}
