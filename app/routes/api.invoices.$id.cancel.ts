import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams, jsonContent } from "~/modules/api/describe";
import { recordDocumentAct } from "~/modules/invoices/acts.server";
import { cancelDocument, documentsOf, getDocument } from "~/modules/invoices/documents.server";
import { documentJson, documentJsonSchema } from "~/modules/invoices/json.server";
import { cancelSchema } from "~/modules/invoices/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/** POST /api/invoices/{id}/cancel {reason} → 200; the number stays. 409 unless issued. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  const { data } = await parseJsonBody(request, cancelSchema);
  try {
    await cancelDocument(context.db, companyId, doc.id, data.reason, { id: user.id, name: null });
    await recordDocumentAct(context, user, "document.cancel", doc, { reason: data.reason });
  } catch (error) {
    return apiErrorResponse(error);
  }
  const cancelled = await getDocument(context.db, companyId, doc.id);
  return json(cancelled && documentJson(cancelled));
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Cancel an issued document (it keeps its number)",
    request: { params: idParams(), body: jsonContent(cancelSchema) },
    responses: {
      "200": answer("The cancelled document", documentJsonSchema),
      "400": errors["400"],
      "404": errors["404"],
      "409": { description: "Not issued" },
    },
  },
}));
