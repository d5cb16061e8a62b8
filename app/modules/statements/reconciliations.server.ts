import { type Kysely, sql } from "kysely";
import { AppError } from "~/utils/errors";
import type { Database, ReconciliationStatus } from "~db/types";
import { clientStatement } from "./statement.server";

/*
 * «Акт за сверка» (decision 070): the company states what a client owes per its books at a date,
 * the client confirms it or states its own balance. Each act issued is a numbered row per
 * currency; the portal (issue #47 item 2) shows it and calls confirmReconciliation.
 */

export const RECONCILIATION_MESSAGES = {
  answered: "Актът за сверка вече има отговор от клиента",
  notFound: "Актът за сверка не е намерен",
  amount: "Посочете салдото по вашите книги",
} as const;

export interface Reconciliation {
  id: string;
  number: number;
  clientId: string;
  asOf: string;
  currency: string;
  balanceCents: number;
  status: ReconciliationStatus;
  clientAmountCents: number | null;
  clientNote: string | null;
  answeredAt: string | null;
  createdAt: string;
  createdByName: string | null;
}

function base(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("reconciliations as r")
    .leftJoin("users as u", "u.id", "r.createdBy")
    .select([
      "r.id",
      "r.number",
      "r.clientId",
      sql<string>`r.as_of::text`.as("asOf"),
      "r.currency",
      "r.balanceCents",
      "r.status",
      "r.clientAmountCents",
      "r.clientNote",
      sql<string | null>`r.answered_at::text`.as("answeredAt"),
      sql<string>`r.created_at::text`.as("createdAt"),
      sql<string | null>`nullif(trim(concat(u.first_name, ' ', u.last_name)), '')`.as(
        "createdByName",
      ),
    ])
    .where("r.companyId", "=", companyId);
}

/** The client's acts, newest first. */
export function listReconciliations(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
): Promise<Reconciliation[]> {
  return base(db, companyId)
    .where("r.clientId", "=", clientId)
    .orderBy("r.number", "desc")
    .execute();
}

/** One act of the company (and of the client, when given), or NotFoundError. */
export async function getReconciliation(
  db: Kysely<Database>,
  scope: { companyId: string; clientId?: string },
  id: string,
): Promise<Reconciliation> {
  let query = base(db, scope.companyId).where("r.id", "=", id);
  if (scope.clientId) query = query.where("r.clientId", "=", scope.clientId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(RECONCILIATION_MESSAGES.notFound, 404);
  return row;
}

/**
 * Issues the acts for a date: one per currency the client's statement has (a client with no
 * documents gets one of 0,00 in euro). Numbers 1, 2, … per company, taken under the company's lock.
 */
export async function issueReconciliation(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  asOf: string,
  userId: string,
): Promise<string[]> {
  const statement = await clientStatement(db, companyId, clientId, asOf, asOf);
  const balances = statement.currencies.length
    ? statement.currencies.map((c) => ({ currency: c.currency, cents: c.closingCents }))
    : [{ currency: "EUR", cents: 0 }];
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("companies")
      .select("id")
      .where("id", "=", companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const last = await trx
      .selectFrom("reconciliations")
      .select(sql<number>`coalesce(max(number), 0)`.as("number"))
      .where("companyId", "=", companyId)
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    let number = Number(last.number);
    for (const balance of balances) {
      number += 1;
      const row = await trx
        .insertInto("reconciliations")
        .values({
          companyId,
          clientId,
          number,
          asOf,
          currency: balance.currency,
          balanceCents: balance.cents,
          createdBy: userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

export type ReconciliationAnswer =
  | { status: "confirmed"; note?: string | null }
  | { status: "disputed"; amountCents: number; note?: string | null };

/**
 * The client's answer to an act (the portal calls it, with the company and client its link is
 * for): confirmed, or disputed with the client's own balance and a note. Once only: an act
 * already answered is 409.
 */
export async function confirmReconciliation(
  db: Kysely<Database>,
  scope: { companyId: string; clientId: string },
  id: string,
  answer: ReconciliationAnswer,
): Promise<Reconciliation> {
  if (answer.status === "disputed" && !Number.isSafeInteger(answer.amountCents)) {
    throw new AppError(RECONCILIATION_MESSAGES.amount, 400, {
      amount: RECONCILIATION_MESSAGES.amount,
    });
  }
  const current = await getReconciliation(db, scope, id);
  const updated = await db
    .updateTable("reconciliations")
    .set({
      status: answer.status,
      clientAmountCents: answer.status === "disputed" ? answer.amountCents : null,
      clientNote: answer.note?.trim() || null,
      answeredAt: sql`now()`,
    })
    .where("companyId", "=", scope.companyId)
    .where("clientId", "=", scope.clientId)
    .where("id", "=", current.id)
    .where("status", "=", "issued")
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw new AppError(RECONCILIATION_MESSAGES.answered, 409);
  return getReconciliation(db, scope, id);
}
