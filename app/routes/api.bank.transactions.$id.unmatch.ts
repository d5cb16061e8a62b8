import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams, refusal, z } from "~/modules/api/describe";
import { unmatchTransaction } from "~/modules/bank/confirm.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireBankApi } from "~/web/bank/access.server";

/**
 * POST /api/bank/transactions/{id}/unmatch → 200 {unmatched: true}: the payments the match
 * recorded are removed, its expense is unpaid again (or deleted when the match made it); 404
 * another company's movement, 409 one that is not matched.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireBankApi(request, context, "edit");
  try {
    await unmatchTransaction({ user, context }, params.id ?? "");
    return json({ unmatched: true });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "Undo a movement's match: its payments removed, its expense unpaid (or deleted if it made it)",
    request: { params: idParams() },
    responses: {
      "200": answer("{unmatched: true}", z.object({ unmatched: z.literal(true) })),
      "401": errors["401"],
      "403": refusal(
        "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
      ),
      "404": refusal("No such movement in your company"),
      "409": refusal("The movement is not matched"),
    },
  },
}));
