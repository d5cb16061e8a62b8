import type { Kysely, Transaction } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import type { BankActor } from "./access.server";
import { BANK_MESSAGES } from "./constants";

/*
 * The rows a match works on (confirm.server.ts): the movement locked for the match, its matches
 * that still stand, and the match remembered with what it recorded.
 */

export interface MatchOutcome {
  /** The movement's money recorded on documents or an expense. */
  appliedCents: number;
  /** Paid over what was due (decision 008: not recorded; settle with a credit note or refund). */
  overpaidCents: number;
}

export interface TxRow {
  id: string;
  direction: "credit" | "debit";
  amountCents: number;
  currency: string;
  bookedOn: string;
  counterpartyIban: string | null;
  counterpartyName: string | null;
  bankReference: string | null;
  lineNo: number;
  napKind: string | null;
  reason: string;
}

export async function lockTransaction(trx: Transaction<Database>, companyId: string, id: string) {
  const tx = await trx
    .selectFrom("bankTransactions")
    .select([
      "id",
      "direction",
      "amountCents",
      "currency",
      "bookedOn",
      "counterpartyIban",
      "counterpartyName",
      "bankReference",
      "lineNo",
      "napKind",
      "reason",
    ])
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!tx) throw new AppError(BANK_MESSAGES.notFound, 404);
  // A bank booking's month is the movement's booking date (decision 058): matching and undoing
  // both go through here.
  await assertPeriodOpen(trx, companyId, tx.bookedOn);
  return tx as TxRow;
}

export async function activeMatches(
  db: Kysely<Database>,
  companyId: string,
  transactionId: string,
) {
  return db
    .selectFrom("bankMatches")
    .select([
      "id",
      "documentId",
      "paymentId",
      "creditNoteId",
      "expenseId",
      "expenseCreated",
      "napKind",
      "accountCode",
      "amountCents",
    ])
    .where("companyId", "=", companyId)
    .where("transactionId", "=", transactionId)
    .where("undoneAt", "is", null)
    .execute();
}

/**
 * Whether a match row still stands (its payment or expense not removed elsewhere): a payment, an
 * expense, НАП or an account of the chart (decision 059).
 */
export const stands = (row: {
  paymentId: string | null;
  expenseId: string | null;
  napKind: string | null;
  accountCode: string | null;
}) =>
  row.paymentId !== null ||
  row.expenseId !== null ||
  row.napKind !== null ||
  row.accountCode !== null;

export async function refuseIfMatched(trx: Transaction<Database>, companyId: string, id: string) {
  if ((await activeMatches(trx, companyId, id)).some(stands)) {
    throw new AppError(BANK_MESSAGES.alreadyMatched, 409);
  }
}

export const paymentNote = (tx: TxRow) =>
  `Банково извлечение${tx.bankReference ? `, реф. ${tx.bankReference}` : `, ред ${tx.lineNo}`}`.slice(
    0,
    500,
  );

export async function remember(
  trx: Transaction<Database>,
  actor: BankActor,
  iban: string | null,
  who: { clientId?: string; supplierId?: string },
) {
  if (!iban) return;
  await trx
    .insertInto("bankPayees")
    .values({
      companyId: actor.user.companyId,
      iban,
      clientId: who.clientId ?? null,
      supplierId: who.supplierId ?? null,
      createdBy: actor.user.id,
    })
    .onConflict((c) =>
      c
        .columns(["companyId", "iban"])
        .doUpdateSet(
          who.clientId ? { clientId: who.clientId } : { supplierId: who.supplierId ?? null },
        ),
    )
    .execute();
}
