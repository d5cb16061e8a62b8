import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams, jsonContent } from "~/modules/api/describe";
import { paymentDetails, recordDocumentAct } from "~/modules/invoices/acts.server";
import { documentsOf, getDocument } from "~/modules/invoices/documents.server";
import { documentJson, documentJsonSchema } from "~/modules/invoices/json.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { paymentSchema } from "~/modules/invoices/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/** POST /api/invoices/{id}/payments {paidOn, amount, method, note} → 201 with the document. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  const { data } = await parseJsonBody(request, paymentSchema);
  try {
    await addPayment(context.db, companyId, doc, data);
    await recordDocumentAct(context, user, "payment.add", doc, paymentDetails(data));
  } catch (error) {
    return apiErrorResponse(error);
  }
  const saved = await getDocument(context.db, companyId, doc.id);
  return json(saved && documentJson(saved), { status: 201 });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Record a payment",
    request: { params: idParams(), body: jsonContent(paymentSchema) },
    responses: {
      "201": answer("The document with the payment", documentJsonSchema),
      "400": errors["400"],
      "404": errors["404"],
      "409": { description: "Not payable" },
    },
  },
}));
