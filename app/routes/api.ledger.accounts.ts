import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listAccounts } from "~/modules/ledger/accounts.server";
import { accountJson } from "~/modules/ledger/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/ledger/accounts → {accounts}: the company's chart (decision 057). Standard plan. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const accounts = await listAccounts(context.db, companyId);
  return json({ accounts: accounts.map(accountJson) });
}
