import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { openingBalancesJson, openingBalancesJsonSchema } from "~/modules/ledger/json.server";
import { openingBalances, saveOpeningBalances } from "~/modules/ledger/opening.server";
import { openingBalancesSchema } from "~/modules/ledger/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiFeatureCompany, requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/ledger/opening-balances → {date, lines}: the company's opening balances (date null
 * when it has none). POST with {date, lines: [{account, counterparty?: {kind, id}, debit |
 * credit}]} → 201: one balanced entry on that date; entered again, the last is reversed
 * (decision 059). Owner and accountant; standard plan.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  return json(openingBalancesJson(await openingBalances(context.db, companyId)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiFeatureUser(request, context, "ledger", "ledger.edit");
  const { data } = await parseJsonBody(request, openingBalancesSchema);
  try {
    await saveOpeningBalances(context.db, user.companyId, data, actorOf(user, context));
    const saved = await openingBalances(context.db, user.companyId);
    return json(openingBalancesJson(saved), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const openapi = describeApi(() => ({
  get: {
    summary: "The company's opening balances (date null when none were entered)",
    responses: {
      "200": answer("The opening balances", openingBalancesJsonSchema),
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
  post: {
    summary:
      "Enter the opening balances of a company that starts mid-year: per account and analytic (client, supplier, employee), balanced, dated the first day; entered again, the last entry is reversed",
    request: { body: jsonContent(openingBalancesSchema) },
    responses: {
      "201": answer("The opening balances, posted", openingBalancesJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not (owner and accountant), or the plan is below «Стандартен»"),
      "409": refusal("The date (or the last opening balances' date) is in a locked month"),
    },
  },
}));
