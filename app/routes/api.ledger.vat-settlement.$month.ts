import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { entryJson, ledgerEntryJsonSchema } from "~/modules/ledger/json.server";
import { journal } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES } from "~/modules/ledger/schema";
import { settleVat, unsettleVat } from "~/modules/vat/settlement.server";
import { apiErrorResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { lastDayOf, MONTH } from "~/utils/periods";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * POST /api/ledger/vat-settlement/{yyyy-MM} → 201 {month, entry}: the month's VAT settled in the
 * books from its return (Dr 4532 кл. 20 / Cr 4531 кл. 40, Cr 4538 кл. 50 or Dr 4539 кл. 60);
 * 409 a second time, a month not over, a locked month, books that differ from the return.
 * DELETE → 200 {month, entry}: its reversing entry (decision 059). Owner and accountant.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return methodNotAllowed("POST, DELETE");
  }
  const user = await requireApiFeatureUser(request, context, "ledger", "ledger.edit");
  const asked = params.month ?? "";
  if (!MONTH.test(asked)) return jsonError(LEDGER_MESSAGES.month, 400);
  const poster = actorOf(user, context);
  try {
    const id =
      request.method === "POST"
        ? (await settleVat(context.db, user.companyId, asked, poster)).entryId
        : await unsettleVat(context.db, user.companyId, asked, poster);
    const day = lastDayOf(asked);
    const { entries } = await journal(context.db, user.companyId, { from: day, to: day });
    const entry = entries.find((e) => e.id === id);
    return json(
      { month: asked, entry: entry && entryJson(entry) },
      { status: request.method === "POST" ? 201 : 200 },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

const params = z.object({
  month: month().describe("The tax period (yyyy-MM), a month that has ended").openapi({
    example: "2026-10",
  }),
});
const settled = z.object({ month: z.string(), entry: ledgerEntryJsonSchema });

export const openapi = describeApi(() => ({
  post: {
    summary:
      "Settle a month's VAT in the books from its return: 4532 and 4531 into 4538 (to pay) or 4539 (for refund), once per month",
    request: { params },
    responses: {
      "201": answer("The settlement's entry, dated the month's last day", settled),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not (owner and accountant), or the plan is below «Стандартен»"),
      "409": refusal(
        "Settled already, the month has not ended or is locked, not registered for VAT, or the books' 4531/4532 differ from the return's кл. 40/20",
      ),
    },
  },
  delete: {
    summary: "Reverse a month's VAT settlement (its red storno, dated the month's last day)",
    request: { params },
    responses: {
      "200": answer("The reversing entry", settled),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not (owner and accountant), or the plan is below «Стандартен»"),
      "409": refusal("Not settled, or the month is locked"),
    },
  },
}));
