import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { setRule } from "~/modules/ledger/accounts.server";
import { ledgerRuleJsonSchema, ruleJson } from "~/modules/ledger/json.server";
import { ruleBook } from "~/modules/ledger/rules.server";
import { ruleBodySchema } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiFeatureCompany, requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/ledger/rules → {rules}: which account each posting takes (issue #45 item 2, decision
 * 060) — the default, the account in force today and the company's dated rules. Standard plan.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const rules = await ruleBook(context.db, companyId, todayInSofia());
  return json({ rules: rules.map(ruleJson) });
}

/**
 * POST /api/ledger/rules {key, account, validFrom} → 201 with the rule as it now is: postings
 * dated from validFrom take the account; entries already posted keep theirs.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiFeatureUser(request, context, "ledger", "ledger.edit");
  const { data } = await parseJsonBody(request, ruleBodySchema);
  try {
    await setRule(
      context.db,
      user.companyId,
      { key: data.key, accountCode: data.account, validFrom: data.validFrom },
      user.id,
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
  const rules = await ruleBook(context.db, user.companyId, todayInSofia());
  const rule = rules.find((r) => r.key === data.key);
  return json(rule && ruleJson(rule), { status: 201 });
}

export const openapi = describeApi(() => ({
  get: {
    summary:
      "The mapping rules (правила за осчетоводяване): per rule its default, the account in force today and the company's dated rules",
    responses: {
      "200": answer("The rules", z.object({ rules: z.array(ledgerRuleJsonSchema) })),
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
  post: {
    summary:
      "A rule from a date (owner or accountant): postings dated from then take the account; posted entries keep theirs",
    request: { body: jsonContent(ruleBodySchema) },
    responses: {
      "201": answer("The rule as it now is", ledgerRuleJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
      "409": refusal("The rule already has an account from that day"),
    },
  },
}));
