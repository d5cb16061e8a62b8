import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import {
  periodQueryJsonSchema,
  trialBalanceJson,
  trialBalanceJsonSchema,
} from "~/modules/ledger/json.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES, periodOf } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/ledger/trial-balance?from=YYYY-MM-DD&to=YYYY-MM-DD → the оборотна ведомост: per account
 * the opening balance, the period's turnover and the closing balance, and their totals, as
 * decimal strings in the currency of the period's end (decision 057). Standard plan.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const period = periodOf(new URL(request.url).searchParams, todayInSofia());
  if (!period) return jsonError(LEDGER_MESSAGES.period, 400);
  const report = await trialBalance(context.db, companyId, period.from, period.to);
  return json(trialBalanceJson(report));
}

export const openapi = describeApi(() => ({
  get: {
    summary:
      "The trial balance (оборотна ведомост): opening, turnover and closing per account, and totals, as decimal strings",
    request: {
      query: periodQueryJsonSchema(),
    },
    responses: {
      "200": answer("The trial balance", trialBalanceJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
}));
