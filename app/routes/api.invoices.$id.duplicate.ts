import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams } from "~/modules/api/describe";
import { documentTarget, recordDocumentAct } from "~/modules/invoices/acts.server";
import { documentsOf, getDocument } from "~/modules/invoices/documents.server";
import { duplicateDocument } from "~/modules/invoices/duplicate.server";
import { documentJson, documentJsonSchema } from "~/modules/invoices/json.server";
import { methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/**
 * POST /api/invoices/{id}/duplicate → 201 with the new draft (the shape of GET /api/invoices/{id}):
 * the same client and lines, dated today, no number; a note stays a note to the same invoice.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const source = await requireApiDocument(context.db, user.companyId, params.id, documentsOf(user));
  const copy = await duplicateDocument(context.db, user.companyId, user.id, source);
  await recordDocumentAct(
    context,
    user,
    "document.create",
    { id: copy.id, type: source.type, number: null },
    { from: documentTarget(source).label },
  );
  const draft = await getDocument(context.db, user.companyId, copy.id);
  return json(draft && documentJson(draft), {
    status: 201,
    headers: { Location: `/api/invoices/${copy.id}` },
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "«Дублирай»: a new draft with the same client, lines, currency, notes, language, VAT ground and payment method, dated today (Europe/Sofia) with the client's payment term, no number; a credit/debit note stays a note to the same invoice. A line whose VAT rate is not in force today is copied as it is and refused when the draft is saved.",
    request: { params: idParams() },
    responses: {
      "201": answer("The new draft, as GET /api/invoices/{id}", documentJsonSchema),
      "401": errors["401"],
      "404": errors["404"],
    },
  },
}));
