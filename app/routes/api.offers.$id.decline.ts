import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, idParams, jsonContent, refusal } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { declineOffer } from "~/modules/offers/accept.server";
import { offerJson, offerJsonSchema } from "~/modules/offers/json.server";
import { getOffer } from "~/modules/offers/queries.server";
import { offerDeclineSchema } from "~/modules/offers/schema";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { optionalJsonBody, requireApiOffer } from "~/web/offers/api.server";

/**
 * POST /api/offers/{id}/decline {note?} → 200: the client's «Отказвам» given otherwise (by phone,
 * by e-mail), recorded by the company as on /offer/{id} (decision 077).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const createdBy = documentsOf(user);
  const offer = await requireApiOffer(context.db, companyId, params.id, createdBy);
  const body = await optionalJsonBody(request, offerDeclineSchema);
  try {
    const by = {
      companyId,
      createdBy,
      userId: user.id,
      actor: actorOf(user, context),
      via: "company" as const,
    };
    await declineOffer(context.db, by, offer.id, body.note);
    return json(offerJson(await getOffer(context.db, companyId, createdBy, offer.id)));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Record the client's refusal of an open offer (the body may be left out)",
    request: { params: idParams(), body: jsonContent(offerDeclineSchema, false) },
    responses: {
      "200": answer("The offer, declined", offerJsonSchema),
      "400": refusal("Невалидни данни: a Bulgarian message per field"),
      "404": refusal("No such offer in your company"),
      "409": refusal("Already answered, withdrawn, or past its «Валидна до» day"),
    },
  },
}));
