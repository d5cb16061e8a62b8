import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { trialBalanceAnalytics } from "~/modules/ledger/analytics.server";
import {
  periodQueryJsonSchema,
  trialBalanceJson,
  trialBalanceJsonSchema,
} from "~/modules/ledger/json.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES, periodOf, wantsAnalytics } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/ledger/trial-balance?from=YYYY-MM-DD&to=YYYY-MM-DD[&analytics=true] → the оборотна
 * ведомост: per account the opening balance, the period's turnover and the closing balance, and
 * their totals, as decimal strings in the currency of the period's end (decision 057); with
 * analytics=true each account also carries its figures per counterparty or employee
 * (`analytics`, decision 060). Standard plan.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const search = new URL(request.url).searchParams;
  const period = periodOf(search, todayInSofia());
  if (!period) return jsonError(LEDGER_MESSAGES.period, 400);
  const [report, analytics] = await Promise.all([
    trialBalance(context.db, companyId, period.from, period.to),
    wantsAnalytics(search)
      ? trialBalanceAnalytics(context.db, companyId, period.from, period.to)
      : Promise.resolve(undefined),
  ]);
  return json(trialBalanceJson(report, analytics));
}

export const openapi = describeApi(() => ({
  get: {
    summary:
      "The trial balance (оборотна ведомост): opening, turnover and closing per account, and totals, as decimal strings; per analytic on request",
    request: {
      query: periodQueryJsonSchema().extend({
        analytics: z
          .enum(["true", "false", "1", "0"])
          .optional()
          .describe(
            "true: each account also carries `analytics`, its figures per counterparty (client, supplier) or employee",
          ),
      }),
    },
    responses: {
      "200": answer("The trial balance", trialBalanceJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
}));
