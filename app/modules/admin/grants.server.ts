import { type Kysely, sql, type Transaction } from "kysely";
import { companyPlan, liveGrant } from "~/modules/subscriptions/company-plan.server";
import { publishUpdate } from "~/modules/subscriptions/events.server";
import { PLAN_RANK } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { Database, Plan } from "~db/types";
import { type AuditEntry, recordAudit } from "./audit.server";

/*
 * Plans granted by an admin without payment (issue #14), with a reason and an optional last day.
 * A company's plan (companies.subscription_plan, what every gate reads) is the higher of its
 * subscription's plan and its live grant's; the subscription itself is left as the provider has
 * it, so a grant neither cancels nor bills anything, and ending it returns the paid plan.
 */

export interface GrantInput {
  plan: "standard" | "full";
  reason: string;
  /** The grant's last day (yyyy-mm-dd, Sofia), or null for until revoked. */
  endsOn: string | null;
}

export interface PlanGrant {
  id: string;
  plan: "standard" | "full";
  reason: string;
  endsOn: string | null;
  grantedByEmail: string;
  createdAt: string;
  revokedAt: string | null;
  revokedByEmail: string | null;
  live: boolean;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The one message when a grant changed under the admin (the database keeps one in force). */
const CHANGED_MEANWHILE = "Планът на фирмата току-що беше променен. Опитайте отново.";

/**
 * Locks the company's row for the transaction before its grants are touched: grants, revokes
 * and the sweep of one company then run one after another, never interleaved (interleaved, they
 * deadlocked, and each left its own grant in force). False when there is no such company.
 */
async function lockCompany(trx: Transaction<Database>, companyId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("companies")
    .select("id")
    .where("id", "=", companyId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * Sets companies.subscription_plan from the subscription and the live grant, inside the caller's
 * transaction; tells the company's open pages when it changed.
 */
export async function refreshCompanyPlan(trx: Db, companyId: string, today = todayInSofia()) {
  const row = await trx
    .selectFrom("companies")
    .leftJoin("subscriptions", "subscriptions.companyId", "companies.id")
    .select(["companies.subscriptionPlan as current", "subscriptions.plan as paid"])
    .where("companies.id", "=", companyId)
    .forUpdate("companies")
    .executeTakeFirst();
  if (!row) return null;
  const plan = companyPlan(row.paid ?? "basic", await liveGrant(trx, companyId, today));
  if (plan === row.current) return plan;
  await trx
    .updateTable("companies")
    .set({ subscriptionPlan: plan, updatedAt: new Date() })
    .where("id", "=", companyId)
    .execute();
  await publishUpdate(trx, companyId, {
    type: "subscription_update",
    eventType: PLAN_RANK[plan] > PLAN_RANK[row.current] ? "upgrade" : "downgrade",
    data: {
      plan,
      effectivePlan: plan,
      status: "active",
      currentPeriodEnd: null,
      previousPlan: row.current,
    },
  });
  return plan;
}

/** Grants a plan (replacing a live grant), recorded in the audit log; returns the company's plan. */
export async function grantPlan(
  db: Kysely<Database>,
  companyId: string,
  input: GrantInput,
  audit: Pick<AuditEntry, "admin" | "ip">,
): Promise<Plan> {
  const today = todayInSofia();
  if (input.endsOn !== null && input.endsOn < today) {
    throw new AppError("Последният ден на плана не може да е в миналото", 400, {
      endsOn: "Последният ден на плана не може да е в миналото",
    });
  }
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await lockCompany(trx, companyId))) throw new AppError("Фирмата не е намерена", 404);
      await trx
        .updateTable("planGrants")
        .set({ revokedAt: new Date(), revokedByEmail: audit.admin.email })
        .where("companyId", "=", companyId)
        .where("revokedAt", "is", null)
        .execute();
      await trx
        .insertInto("planGrants")
        .values({
          companyId,
          plan: input.plan,
          reason: input.reason,
          endsOn: input.endsOn,
          grantedBy: audit.admin.id,
          grantedByEmail: audit.admin.email,
        })
        .execute();
      const plan = await refreshCompanyPlan(trx, companyId, today);
      if (!plan) throw new AppError("Фирмата не е намерена", 404);
      await recordAudit(trx, {
        ...audit,
        action: "plan.grant",
        target: input.plan,
        companyId,
        details: { plan: input.plan, reason: input.reason, endsOn: input.endsOn },
      });
      return plan;
    });
  } catch (error) {
    // Only a writer that skipped the company's lock can meet the one-grant index.
    if (isUniqueViolation(error)) throw new AppError(CHANGED_MEANWHILE, 409);
    throw error;
  }
}

/** Ends the company's live grant now; returns the company's plan. */
export async function revokeGrant(
  db: Kysely<Database>,
  companyId: string,
  audit: Pick<AuditEntry, "admin" | "ip">,
): Promise<Plan> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockCompany(trx, companyId))) throw new AppError("Фирмата не е намерена", 404);
    const revoked = await trx
      .updateTable("planGrants")
      .set({ revokedAt: new Date(), revokedByEmail: audit.admin.email })
      .where("companyId", "=", companyId)
      .where("revokedAt", "is", null)
      .returning("plan")
      .execute();
    if (revoked.length === 0) throw new AppError("Фирмата няма предоставен план", 409);
    const plan = await refreshCompanyPlan(trx, companyId);
    if (!plan) throw new AppError("Фирмата не е намерена", 404);
    await recordAudit(trx, {
      ...audit,
      action: "plan.revoke",
      target: revoked[0]?.plan ?? null,
      companyId,
    });
    return plan;
  });
}

/** Every grant of the company, newest first. */
export async function listGrants(db: Kysely<Database>, companyId: string): Promise<PlanGrant[]> {
  const today = todayInSofia();
  const rows = await db
    .selectFrom("planGrants")
    .select([
      "id",
      "plan",
      "reason",
      "endsOn",
      "grantedByEmail",
      "createdAt",
      "revokedAt",
      "revokedByEmail",
    ])
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    live: row.revokedAt === null && (row.endsOn === null || row.endsOn >= today),
  }));
}

/** The hourly sweep: companies whose grant ended yesterday or before go back to their paid plan. */
export async function endExpiredGrants(db: Kysely<Database>, today = todayInSofia()) {
  const due = await db
    .selectFrom("planGrants")
    .innerJoin("companies", "companies.id", "planGrants.companyId")
    .select("planGrants.companyId")
    .distinct()
    .where("planGrants.revokedAt", "is", null)
    .where("planGrants.endsOn", "<", today)
    .execute();
  let changed = 0;
  for (const { companyId } of due) {
    await db.transaction().execute(async (trx) => {
      if (!(await lockCompany(trx, companyId))) return;
      // Mark them ended so the sweep does not revisit them; the reason and dates stay.
      await trx
        .updateTable("planGrants")
        .set({ revokedAt: sql<Date>`now()`, revokedByEmail: "изтекъл срок" })
        .where("companyId", "=", companyId)
        .where("revokedAt", "is", null)
        .where("endsOn", "<", today)
        .execute();
      const before = await trx
        .selectFrom("companies")
        .select("subscriptionPlan")
        .where("id", "=", companyId)
        .executeTakeFirst();
      const after = await refreshCompanyPlan(trx, companyId, today);
      if (after && before && after !== before.subscriptionPlan) changed++;
    });
  }
  return changed;
}
