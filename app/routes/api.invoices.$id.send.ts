import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { requireApiDocument } from "~/modules/invoices/api.server";
import { documentJson } from "~/modules/invoices/json.server";
import { sendDocument } from "~/modules/invoices/send.server";
import { MailError } from "~/modules/mail/mailer.server";
import { apiErrorResponse, jsonError, methodNotAllowed, readJson } from "~/utils/http.server";

/** POST /api/invoices/{id}/send {to?} → 200 with sentAt/sentTo; 503 when the mail could not go. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = await requireApiCompany(request, context);
  const doc = await requireApiDocument(context.db, companyId, params.id);
  const body = (await readJson(request)) ?? {};
  try {
    const sent = await sendDocument(
      context,
      companyId,
      doc,
      typeof body.to === "string" ? body.to : null,
    );
    return json(sent && documentJson(sent));
  } catch (error) {
    if (error instanceof MailError) {
      return jsonError("Имейлът не можа да бъде изпратен. Опитайте отново по-късно.", 503);
    }
    return apiErrorResponse(error);
  }
}
