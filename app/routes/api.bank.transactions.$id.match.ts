import { type ActionFunctionArgs, json } from "@remix-run/node";
import {
  answer,
  decimal,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
  z,
} from "~/modules/api/describe";
import { bookToAccount } from "~/modules/bank/book.server";
import { matchDocuments, matchExpense, matchNap } from "~/modules/bank/confirm.server";
import { matchRule } from "~/modules/bank/expense-match.server";
import { matchSchema } from "~/modules/bank/forms.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { requireBankApi } from "~/web/bank/access.server";

/**
 * POST /api/bank/transactions/{id}/match {documentIds} | {expenseId} | {ruleId} | {nap: true} |
 * {account} →
 * 200 {applied, overpaid}: a credit spread over the documents in the order given (each up to
 * what it owes after its credit notes; the rest is an overpayment, not recorded — decision 008),
 * a debit to an unpaid expense of its amount, an expense made by a rule, НАП, or an account of the
 * chart (posted against 503, decision 059). 404 another
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
          : data.account
            ? await bookToAccount(actor, id, data.account)
            : await matchNap(actor, id);
    return json({
      applied: centsToDecimal(outcome.appliedCents),
      overpaid: centsToDecimal(outcome.overpaidCents),
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "Match a movement: a credit to documents (in order; credit notes netted; an overpayment is not recorded), a debit to an expense, a rule's new expense, НАП, or an account of the chart (booked against 503)",
    request: { params: idParams(), body: jsonContent(matchSchema) },
    responses: {
      "200": answer(
        "What was applied and what was paid over",
        z.object({
          applied: decimal().openapi({ example: "1200.00" }).optional(),
          overpaid: decimal().openapi({ example: "0.00" }).optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal(
        "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
      ),
      "404": refusal("No such movement, document or expense in your company"),
      "409": refusal(
        "Already matched, a proforma («издайте фактурата»), a credit note, a paid document, another amount or currency",
      ),
    },
  },
}));
