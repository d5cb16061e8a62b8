import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { getDocument } from "~/modules/invoices/documents.server";
import { documentJson } from "~/modules/invoices/json.server";
import { issueWithPdf } from "~/modules/invoices/render.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";

/** POST /api/invoices/{id}/issue → 200 with the number and totals; 409 when not a draft. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiCompany(request, context, "documents.edit");
  const doc = await requireApiDocument(context.db, companyId, params.id);
  try {
    await issueWithPdf(context, companyId, doc.id);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const issued = await getDocument(context.db, companyId, doc.id);
  return json(issued && documentJson(issued));
}
