import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { listAccounts } from "~/modules/ledger/accounts.server";
import { accountJson, ledgerAccountJsonSchema } from "~/modules/ledger/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/ledger/accounts → {accounts}: the company's chart (decision 057). Standard plan. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const accounts = await listAccounts(context.db, companyId);
  return json({ accounts: accounts.map(accountJson) });
}

export const openapi = describeApi(() => ({
  get: {
    summary: "The company's chart of accounts: side, analytics and SAF-T code of each",
    responses: {
      "200": answer("The chart", z.object({ accounts: z.array(ledgerAccountJsonSchema) })),
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
}));
