import type { Kysely } from "kysely";
import { movementsByMonth } from "~/modules/bank/queries.server";
import { FEATURE_PLANS, PLAN_RANK } from "~/modules/subscriptions/plans";
import { lastDayOf, monthLabel, previousMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import type { OverviewCell } from "./constants";

/*
 * The accountant's companies side by side (issue #46 item 3): for each company where the login
 * keeps the books (owner or accountant) on a plan with the ledger, the last months — locked or
 * not, the drafts and the bank movements not yet booked — from three grouped queries, whatever
 * the number of companies.
 */

export interface OverviewCompany {
  id: string;
  name: string;
  eik: string;
  roleLabel: string;
  active: boolean;
  cells: OverviewCell[];
}

/** How many months back (this one included) the overview shows. */
export const OVERVIEW_MONTHS = 6;

export async function companiesOverview(
  db: Kysely<Database>,
  user: { id: string; companyId: string | null },
  thisMonth: string,
): Promise<{ months: { month: string; label: string }[]; companies: OverviewCompany[] }> {
  const months: string[] = [];
  for (let m = thisMonth, i = 0; i < OVERVIEW_MONTHS; i++, m = previousMonth(m)) months.push(m);
  const from = `${months.at(-1)}-01`;
  const to = lastDayOf(thisMonth);
  const members = await db
    .selectFrom("companyMembers")
    .innerJoin("companies", "companies.id", "companyMembers.companyId")
    .select([
      "companies.id",
      "companies.name",
      "companies.eik",
      "companies.subscriptionPlan",
      "companyMembers.role",
    ])
    .where("companyMembers.userId", "=", user.id)
    .where("companyMembers.role", "in", ["owner", "accountant"])
    .orderBy("companies.name")
    .orderBy("companies.id")
    .execute();
  const companies = members.filter(
    (c) => PLAN_RANK[c.subscriptionPlan ?? "basic"] >= PLAN_RANK[FEATURE_PLANS.ledger],
  );
  const ids = companies.map((c) => c.id);
  const [locks, drafts, bank] = ids.length
    ? await Promise.all([
        db
          .selectFrom("periodLocks")
          .select(["companyId", "month"])
          .where("companyId", "in", ids)
          .where("month", "in", months)
          .execute(),
        db
          .selectFrom("documents")
          .select((eb) => [
            "companyId",
            eb.fn<string>("to_char", [eb.ref("issueDate"), eb.val("YYYY-MM")]).as("month"),
            eb.fn.countAll<string>().as("n"),
          ])
          .where("companyId", "in", ids)
          .where("status", "=", "draft")
          .where("issueDate", ">=", from)
          .where("issueDate", "<=", to)
          .groupBy(["companyId", "month"])
          .execute(),
        movementsByMonth(db, ids, from, to),
      ])
    : [[], [], []];
  const key = (companyId: string, month: string) => `${companyId} ${month}`;
  const locked = new Set(locks.map((l) => key(l.companyId, l.month)));
  const draftCounts = new Map(drafts.map((d) => [key(d.companyId, d.month), Number(d.n)]));
  const unbooked = new Map(bank.map((b) => [key(b.companyId, b.month), b.unbooked]));
  return {
    months: months.map((month) => ({ month, label: monthLabel(month) })),
    companies: companies.map((c) => ({
      id: c.id,
      name: c.name,
      eik: c.eik,
      roleLabel: c.role === "owner" ? "Собственик" : "Счетоводител",
      active: c.id === user.companyId,
      cells: months.map((month) => ({
        month,
        locked: locked.has(key(c.id, month)),
        drafts: draftCounts.get(key(c.id, month)) ?? 0,
        unbooked: unbooked.get(key(c.id, month)) ?? 0,
      })),
    })),
  };
}
