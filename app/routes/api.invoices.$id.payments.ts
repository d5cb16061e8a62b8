import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { getDocument } from "~/modules/invoices/documents.server";
import { documentJson } from "~/modules/invoices/json.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { paymentSchema } from "~/modules/invoices/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** POST /api/invoices/{id}/payments {paidOn, amount, method, note} → 201 with the document. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiCompany(request, context, "documents.edit");
  const doc = await requireApiDocument(context.db, companyId, params.id);
  const { data } = await parseJsonBody(request, paymentSchema);
  try {
    await addPayment(context.db, companyId, doc, data);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const saved = await getDocument(context.db, companyId, doc.id);
  return json(saved && documentJson(saved), { status: 201 });
}
