import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { getDocument } from "~/modules/invoices/documents.server";
import { listDocumentEmails, queueDocumentEmail } from "~/modules/invoices/emails.server";
import { documentJson } from "~/modules/invoices/json.server";
import { apiErrorResponse, methodNotAllowed, readJson } from "~/utils/http.server";

/**
 * POST /api/invoices/{id}/send {to?} → 202: the e-mail is recorded and handed to the queue, which
 * sends it with the PDF and tries again when the mail server fails. The answer has the document and
 * the e-mail with its state (queued, sent, failed); GET /api/invoices/{id} shows it later.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiCompany(request, context, "documents.edit");
  const doc = await requireApiDocument(context.db, companyId, params.id);
  const body = (await readJson(request)) ?? {};
  try {
    const emailId = await queueDocumentEmail(
      context,
      companyId,
      doc,
      typeof body.to === "string" ? body.to : null,
    );
    const [now, emails] = await Promise.all([
      getDocument(context.db, companyId, doc.id),
      listDocumentEmails(context.db, companyId, doc.id),
    ]);
    return json(
      { ...(now && documentJson(now)), email: emails.find((e) => e.id === emailId) ?? null },
      { status: 202 },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
