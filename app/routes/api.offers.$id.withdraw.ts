import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, idParams, refusal } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { offerJson, offerJsonSchema } from "~/modules/offers/json.server";
import { getOffer, withdrawOffer } from "~/modules/offers/queries.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiOffer } from "~/web/offers/api.server";

/** POST /api/offers/{id}/withdraw → 200: the company takes an open offer back (decision 077). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const createdBy = documentsOf(user);
  const offer = await requireApiOffer(context.db, companyId, params.id, createdBy);
  try {
    await withdrawOffer(context.db, companyId, createdBy, actorOf(user, context), offer.id);
    return json(offerJson(await getOffer(context.db, companyId, createdBy, offer.id)));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Withdraw an open offer: the client can no longer accept it",
    request: { params: idParams() },
    responses: {
      "200": answer("The offer, withdrawn", offerJsonSchema),
      "404": refusal("No such offer in your company"),
      "409": refusal("The offer is no longer open"),
    },
  },
}));
