import { type ActionFunctionArgs, json } from "@remix-run/node";
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
