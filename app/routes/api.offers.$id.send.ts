import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, idParams, jsonContent, refusal } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentEmailJsonSchema } from "~/modules/invoices/json.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { offerJson, offerJsonSchema } from "~/modules/offers/json.server";
import { offerSendSchema } from "~/modules/offers/schema";
import { sendOffer } from "~/modules/offers/send.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { optionalJsonBody, requireApiOffer } from "~/web/offers/api.server";

/**
 * POST /api/offers/{id}/send {to?, message?, copyToMe?} → 200: the open offer's e-mail to its
 * client, with its PDF and a link to answer it in the portal (decision 077), recorded and handed
 * to the mail queue (decision 078), which sends it and tries again when the mail server fails. The
 * answer is the offer as before plus `email`, the queued e-mail with its id and state.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const createdBy = documentsOf(user);
  const offer = await requireApiOffer(context.db, companyId, params.id, createdBy);
  const body = await optionalJsonBody(request, offerSendSchema);
  try {
    const by = { companyId, createdBy, actor: actorOf(user, context) };
    const sent = await sendOffer(context, by, offer.id, {
      to: body.to,
      message: body.message,
      copyTo: body.copyToMe ? user.email : null,
    });
    return json({ ...offerJson(sent.offer), email: sent.email });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "E-mail an open offer to its client with its PDF and a link to answer it (the body may be left out)",
    request: { params: idParams(), body: jsonContent(offerSendSchema, false) },
    responses: {
      "200": answer(
        "The e-mail is recorded and handed to the queue, which sends it with the PDF and tries again when the mail server fails: the offer and the e-mail with its id and state; the offer's sentAt and sentTo are set once it is sent",
        offerJsonSchema.extend({ email: documentEmailJsonSchema }),
      ),
      "400": refusal("Невалидни данни: a bad address, or the client has none and none was given"),
      "404": refusal("No such offer in your company"),
      "409": refusal("Answered, withdrawn, or past its «Валидна до» day: not sent"),
      "429": refusal("The company's hourly limit of e-mails is reached; nothing was recorded"),
    },
  },
}));
