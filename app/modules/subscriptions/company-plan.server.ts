import type { Kysely, Transaction } from "kysely";
import { todayInSofia } from "~/utils/dates";
import type { Database, Plan } from "~db/types";
import { PLAN_RANK } from "./plans";

/*
 * The plan a company's gates see: its subscription's, or a higher one an admin granted
 * (grants are made and ended in the back office, modules/admin/grants.server.ts).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The company's grant in force today, if any. */
export async function liveGrant(db: Db, companyId: string, today = todayInSofia()) {
  return db
    .selectFrom("planGrants")
    .select(["id", "plan", "endsOn"])
    .where("companyId", "=", companyId)
    .where("revokedAt", "is", null)
    .where((eb) => eb.or([eb("endsOn", "is", null), eb("endsOn", ">=", today)]))
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

/** The plan gates should see: the higher of the subscription's and the live grant's. */
export function companyPlan(subscriptionPlan: Plan, grant: { plan: Plan } | undefined): Plan {
  if (!grant) return subscriptionPlan;
  return PLAN_RANK[grant.plan] > PLAN_RANK[subscriptionPlan] ? grant.plan : subscriptionPlan;
}
