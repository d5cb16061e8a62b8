import { type Kysely, sql, type Transaction } from "kysely";
import { AppError } from "~/utils/errors";
import type { Database, Plan } from "~db/types";
import { TEAM_MESSAGES } from "./constants";

/*
 * Seats per plan (decision 028): dated rows in plan_seats, set in the back office. A seat is a
 * member other than an accountant, or a live invitation other than an accountant's.
 */

/** The seats a plan has on a day (the row valid then); 1 when none is (never below the owner). */
export async function seatsFor(db: Kysely<Database>, plan: Plan, day: string): Promise<number> {
  const row = await db
    .selectFrom("planSeats")
    .select("seats")
    .where("plan", "=", plan)
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.seats ?? 1;
}

/** The seats the company uses: members and live invitations, accountants left out. */
export async function seatsUsed(db: Kysely<Database>, companyId: string): Promise<number> {
  const row = await sql<{ n: number }>`
    select (select count(*) from company_members
              where company_id = ${companyId} and role <> 'accountant')
         + (select count(*) from company_invitations
              where company_id = ${companyId} and role <> 'accountant'
                and accepted_at is null and revoked_at is null and expires_at > now()) as n`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** The company's seats: how many its plan has today and how many are taken. */
export async function companySeats(db: Kysely<Database>, companyId: string, day: string) {
  const company = await db
    .selectFrom("companies")
    .select("subscriptionPlan")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const [seats, used] = await Promise.all([
    seatsFor(db, company.subscriptionPlan, day),
    seatsUsed(db, companyId),
  ]);
  return { plan: company.subscriptionPlan, seats, used };
}

/**
 * Holds the company's row until the transaction ends, so that seats are counted and taken one
 * request at a time (issue #43, item 3: six parallel invitations with two free seats all passed a
 * count made before any of them was written). Under READ COMMITTED the count that follows the lock
 * sees what the request before it committed.
 */
async function lockSeats(trx: Transaction<Database>, companyId: string) {
  await trx.selectFrom("companies").select("id").where("id", "=", companyId).forUpdate().execute();
}

/** Refuses (400) one more seat than the plan has; counts and takes it under the company's lock. */
export async function requireFreeSeat(trx: Transaction<Database>, companyId: string, day: string) {
  await lockSeats(trx, companyId);
  const { seats, used } = await companySeats(trx, companyId, day);
  if (used >= seats) throw new AppError(TEAM_MESSAGES.seats(seats), 400);
}

/**
 * At acceptance, again (the plan may have shrunk since the invitation): the members that use a
 * seat, the one just added included, fit the plan; 409 otherwise (the invitation stays unspent).
 */
export async function requireSeatsKept(trx: Transaction<Database>, companyId: string, day: string) {
  await lockSeats(trx, companyId);
  const company = await trx
    .selectFrom("companies")
    .select("subscriptionPlan")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const seats = await seatsFor(trx, company.subscriptionPlan, day);
  const row = await trx
    .selectFrom("companyMembers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", companyId)
    .where("role", "<>", "accountant")
    .executeTakeFirstOrThrow();
  if (Number(row.n) > seats) throw new AppError(TEAM_MESSAGES.seatsAtAcceptance(seats), 409);
}

export interface SeatRow {
  id: string;
  plan: Plan;
  seats: number;
  validFrom: string;
  validTo: string | null;
}

/** Every dated row, newest first per plan (the back office's table). */
export async function listPlanSeats(db: Kysely<Database>): Promise<SeatRow[]> {
  return db
    .selectFrom("planSeats")
    .select(["id", "plan", "seats", "validFrom", "validTo"])
    .orderBy("plan")
    .orderBy("validFrom", "desc")
    .execute();
}
