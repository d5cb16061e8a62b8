import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, idParams, jsonContent, refusal } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { acceptOffer } from "~/modules/offers/accept.server";
import { offerConvertedJsonSchema, offerJson } from "~/modules/offers/json.server";
import { getOffer } from "~/modules/offers/queries.server";
import { offerConvertSchema } from "~/modules/offers/schema";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { optionalJsonBody, requireApiOffer } from "~/web/offers/api.server";

/**
 * POST /api/offers/{id}/convert {type?, note?} → 201 {offer, document}: the open offer accepted
 * (an answer given otherwise) and its invoice or proforma draft made, in one transaction under
 * the offer's lock (decision 077). Once: a second call, or one racing the first, is 409.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const createdBy = documentsOf(user);
  const offer = await requireApiOffer(context.db, companyId, params.id, createdBy);
  const body = await optionalJsonBody(request, offerConvertSchema);
  try {
    const by = {
      companyId,
      createdBy,
      userId: user.id,
      actor: actorOf(user, context),
      via: "company" as const,
    };
    const made = await acceptOffer(context.db, by, offer.id, body.note, body.type);
    return json(
      {
        offer: offerJson(await getOffer(context.db, companyId, createdBy, offer.id)),
        document: {
          id: made.documentId,
          type: made.type,
          url: `/api/invoices/${made.documentId}`,
        },
      },
      { status: 201, headers: { Location: `/api/invoices/${made.documentId}` } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Accept an open offer and make its invoice or proforma draft, once",
    description:
      "The body may be left out: the draft is then of the kind chosen on the offer (`becomes`). The draft is dated today, with the offer's client, lines, currency, ground and notes.",
    request: { params: idParams(), body: jsonContent(offerConvertSchema, false) },
    responses: {
      "201": answer("The offer, accepted, and the draft it became", offerConvertedJsonSchema),
      "400": refusal("Невалидни данни: a Bulgarian message per field"),
      "404": refusal("No such offer in your company"),
      "409": refusal(
        "Already converted («Офертата вече е приета…»), declined, withdrawn, past its «Валидна до» day, or today's month is locked",
      ),
    },
  },
}));
