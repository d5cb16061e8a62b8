import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import {
  offerFilterJsonSchema,
  offerInputJsonSchema,
  offerJson,
  offerJsonSchema,
  offerSummaryJson,
  offerSummaryJsonSchema,
} from "~/modules/offers/json.server";
import { listOffers, offerFiltersFromSearch } from "~/modules/offers/list.server";
import { createOffer, getOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/offers?status=&clientId=&from=&to=&q=&after= → {offers, nextCursor, count} (issue #48
 * item 5, decision 077): newest first, the filters of the /offers page; staff limited to their own
 * documents see only their offers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const url = new URL(request.url);
  const { rows, count, nextCursor } = await listOffers(
    context.db,
    user.companyId,
    documentsOf(user),
    offerFiltersFromSearch(url.searchParams),
    { after: url.searchParams.get("after") },
  );
  return json({ offers: rows.map(offerSummaryJson), nextCursor, count });
}

/** POST /api/offers {clientId, issueDate, validUntil, lines:[…]} → 201 with the offer, numbered. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  // A foreign currency's rate left empty is the ECB's of the date (decision 051).
  const { data } = await parseJsonBody(request, offerSchema, {
    prepare: (body) => withEcbRate(context.db, body, ["issueDate"]),
  });
  try {
    const made = await createOffer(context.db, companyId, actorOf(user, context), data);
    const offer = await getOffer(context.db, companyId, null, made.id);
    return json(offerJson(offer), {
      status: 201,
      headers: { Location: `/api/offers/${offer.id}` },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "List offers (newest first), with the count of everything that matches",
    request: {
      query: z.object({
        status: offerFilterJsonSchema.optional(),
        clientId: z.string().uuid().optional(),
        from: z.string().date().describe("The offer's date, from").optional(),
        to: z.string().date().describe("The offer's date, to").optional(),
        q: z.string().describe("Offer number or client name").optional(),
        after: z.string().optional(),
      }),
    },
    responses: {
      "200": answer(
        "One page, newest first",
        z.object({
          offers: z.array(offerSummaryJsonSchema),
          nextCursor: z.string().nullable(),
          count: z.number().int(),
        }),
      ),
      "401": errors["401"],
    },
  },
  post: {
    summary: "Create an offer: numbered at once in the company's offer series, open",
    request: { body: jsonContent(offerInputJsonSchema) },
    responses: {
      "201": answer("The offer", offerJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "404": refusal(
        "clientId or a line's catalogueItemId names a client or item of another company: {message, errors}",
      ),
    },
  },
}));
