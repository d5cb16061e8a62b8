import { type ActionFunctionArgs, json } from "@remix-run/node";
import { matchDocuments, matchExpense, matchNap, matchRule } from "~/modules/bank/confirm.server";
import { matchSchema } from "~/modules/bank/forms.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { requireBankApi } from "~/web/bank/access.server";

/**
 * POST /api/bank/transactions/{id}/match {documentIds} | {expenseId} | {ruleId} | {nap: true} →
 * 200 {applied, overpaid}: a credit spread over the documents in the order given (each up to
 * what it owes after its credit notes; the rest is an overpayment, not recorded — decision 008),
 * a debit to an unpaid expense of its amount, an expense made by a rule, or НАП. 404 another
 * company's movement or document, 409 a movement already matched, a proforma, a paid document.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireBankApi(request, context, "edit");
  const { data } = await parseJsonBody(request, matchSchema);
  const actor = { user, context };
  const id = params.id ?? "";
  try {
    const outcome = data.documentIds?.length
      ? await matchDocuments(actor, id, data.documentIds)
      : data.expenseId
        ? await matchExpense(actor, id, data.expenseId)
        : data.ruleId
          ? await matchRule(actor, id, data.ruleId)
          : await matchNap(actor, id);
    return json({
      applied: centsToDecimal(outcome.appliedCents),
      overpaid: centsToDecimal(outcome.overpaidCents),
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
