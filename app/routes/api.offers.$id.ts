import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { offerInputJsonSchema, offerJson, offerJsonSchema } from "~/modules/offers/json.server";
import { getOffer, updateOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiOffer } from "~/web/offers/api.server";

/** GET /api/offers/{id} → the offer with its lines and totals (issue #48 item 5, decision 077). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  return json(
    offerJson(await requireApiOffer(context.db, user.companyId, params.id, documentsOf(user))),
  );
}

/** PUT replaces an open offer (the whole offer, like POST; its number stays); else 409. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const createdBy = documentsOf(user);
  const offer = await requireApiOffer(context.db, companyId, params.id, createdBy);
  const { data } = await parseJsonBody(request, offerSchema, {
    prepare: (body) => withEcbRate(context.db, body, ["issueDate"]),
  });
  try {
    await updateOffer(context.db, companyId, createdBy, actorOf(user, context), offer.id, data);
    return json(offerJson(await getOffer(context.db, companyId, createdBy, offer.id)));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One offer",
    request: { params: idParams() },
    responses: {
      "200": answer("The offer", offerJsonSchema),
      "401": errors["401"],
      "404": refusal("No such offer in your company"),
    },
  },
  put: {
    summary: "Replace an open offer (its number stays)",
    request: { params: idParams(), body: jsonContent(offerInputJsonSchema) },
    responses: {
      "200": answer("The saved offer", offerJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "404": refusal("No such offer, or a client or catalogue item of another company"),
      "409": refusal("The offer is no longer open: accepted, declined or withdrawn"),
    },
  },
}));
