import type { AppLoadContext } from "@remix-run/node";
import type { CompanyUser } from "~/modules/auth/session.server";
import { BANK_CAPABILITIES, type BankAct } from "~/modules/bank/access.server";
import { requireApiFeatureUser, requireFeature } from "~/web/subscriptions/gate.server";

/** The guard of the bank's pages (loaders and actions): the company user, or the refusal. */
export function requireBankPage(
  request: Request,
  context: AppLoadContext,
  act: BankAct,
): Promise<CompanyUser> {
  return requireFeature(request, context, "bank", BANK_CAPABILITIES[act]);
}

/** The guard of the bank's API calls (cookie or bearer): the company user, or 401/403 JSON. */
export function requireBankApi(
  request: Request,
  context: AppLoadContext,
  act: BankAct,
): Promise<CompanyUser> {
  return requireApiFeatureUser(request, context, "bank", BANK_CAPABILITIES[act]);
}
