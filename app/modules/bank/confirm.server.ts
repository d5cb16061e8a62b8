import type { Transaction } from "kysely";
import { removeExpense, setExpensePaid } from "~/modules/expenses/service.server";
import { documentsOf, documentVisibleTo } from "~/modules/invoices/documents.server";
import { recordPayment, removePayment } from "~/modules/invoices/payments.server";
import { accountsOn } from "~/modules/ledger/post.server";
import { BOOKABLE_CURRENCIES, postBankMatch } from "~/modules/ledger/post-bank.server";
import { unlinkBankPayments } from "~/modules/salaries/bank-payment.server";
import { AppError } from "~/utils/errors";
import { formatCents, formatMoney } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { actorName, type BankActor, posterOf, recordBankAct } from "./access.server";
import { BANK_MESSAGES } from "./constants";
import { matchRule } from "./expense-match.server";
import {
  activeMatches,
  lockTransaction,
  type MatchOutcome,
  paymentNote,
  refuseIfMatched,
  remember,
  stands,
} from "./match-rows.server";
import type { Suggestion } from "./ranking";

/*
 * Confirming and undoing a movement's match (issue #30 items 3–5, decision 031). Every payment of
 * a document goes through the invoices' one payments path (recordPayment: the document locked,
 * never more than is due — decision 008), so the list, the dashboard, /analytics, the CSV and the
 * VAT report move with it. A credit is spread over the chosen documents in their order; each
 * gets at most what it still owes after its open credit notes, and when that is paid, the credit
 * notes are set off on it (a payment «прихващане», amount 0 of the movement's money). What is
 * left over is an overpayment: by decision 008 it is not recorded — the page says so and how to
 * settle it. A proforma is never paid: its invoice is. Undoing a match removes exactly the
 * payments it recorded, marks the expense unpaid again (or deletes the one it created), and keeps
 * the match's row with who undid it. Each act goes to the audit trail.
 */

export type { MatchOutcome };

/** Matches a credit to documents of the company (in the order given). */
export async function matchDocuments(
  actor: BankActor,
  transactionId: string,
  documentIds: readonly string[],
  options: { automatic?: boolean } = {},
): Promise<MatchOutcome> {
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  const ids = [...new Set(documentIds)];
  if (!ids.length || ids.length > 50) {
    throw new AppError(BANK_MESSAGES.chooseDocuments, 400, {
      documentIds: BANK_MESSAGES.chooseDocuments,
    });
  }
  if (!ids.every(isUuid)) {
    throw new AppError(BANK_MESSAGES.documentNotFound, 404, {
      documentIds: BANK_MESSAGES.documentNotFound,
    });
  }
  const outcome = await actor.context.db.transaction().execute(async (trx) => {
    const tx = await lockTransaction(trx, companyId, transactionId);
    if (tx.direction !== "credit") throw new AppError(BANK_MESSAGES.creditsOnly, 409);
    await refuseIfMatched(trx, companyId, transactionId);
    const docs = await trx
      .selectFrom("documents")
      .select(["id", "type", "status", "number", "currency", "clientId", "dueCents"])
      // The documents the person reads, by the one rule (issue #43 item 2).
      .where(documentVisibleTo(companyId, documentsOf(actor.user)))
      .where("id", "in", ids)
      .execute();
    if (docs.length !== ids.length) {
      throw new AppError(BANK_MESSAGES.documentNotFound, 404, {
        documentIds: BANK_MESSAGES.documentNotFound,
      });
    }
    const ordered = ids.map((id) => docs.find((d) => d.id === id) as (typeof docs)[number]);
    for (const doc of ordered) {
      if (doc.type === "proforma") throw new AppError(BANK_MESSAGES.proforma, 409);
      if (doc.type === "credit_note") throw new AppError(BANK_MESSAGES.creditNote, 409);
      if (doc.status !== "issued") throw new AppError(BANK_MESSAGES.notReceivable, 409);
      if (doc.currency !== tx.currency) {
        throw new AppError(BANK_MESSAGES.documentCurrency(doc.currency, tx.currency), 409);
      }
    }
    // Each document takes what it still owes (documents.due_cents: its credit notes are taken
    // off when issued — issue #41), in the order given; the rest is overpaid (decision 008).
    let remaining = tx.amountCents;
    const rows: { documentId: string; paymentId: string; amountCents: number }[] = [];
    for (const doc of ordered) {
      if (remaining <= 0) break;
      const pay = Math.min(remaining, doc.dueCents);
      if (pay <= 0) continue;
      const paymentId = await recordPayment(trx, companyId, doc.id, {
        paidOn: tx.bookedOn,
        amount: pay,
        method: "bank",
        note: paymentNote(tx),
      });
      rows.push({ documentId: doc.id, paymentId, amountCents: pay });
      remaining -= pay;
    }
    if (!rows.length) throw new AppError(BANK_MESSAGES.nothingDue, 409);
    await trx
      .insertInto("bankMatches")
      .values(
        rows.map((row) => ({
          companyId,
          transactionId,
          ...row,
          automatic: options.automatic ?? false,
          createdBy: actor.user.id,
          createdByName: actorName(actor.user),
        })),
      )
      .execute();
    await bookOverpayment(trx, actor, tx, rows.at(-1)?.documentId, remaining);
    const clients = new Set(ordered.map((d) => d.clientId));
    if (!options.automatic && clients.size === 1) {
      await remember(trx, actor, tx.counterpartyIban, { clientId: ordered[0]?.clientId });
    }
    await recordBankAct(
      actor,
      "bank.match",
      {
        type: "bank_transaction",
        id: transactionId,
        label: `${tx.counterpartyName ?? ""} ${formatMoney(tx.amountCents, tx.currency)}`.trim(),
      },
      {
        documents: ordered.map((d) => d.number).join(", "),
        amount: formatCents(tx.amountCents - remaining),
        ...(remaining > 0 ? { remainder: formatCents(remaining) } : {}),
        ...(options.automatic ? { automatic: true } : {}),
      },
      trx,
    );
    return { appliedCents: tx.amountCents - remaining, overpaidCents: remaining };
  });
  return outcome;
}

/**
 * What a client paid above what its documents owe (decision 008: not recorded as a payment) is in
 * the books all the same (decision 065): a match row of the surplus booked to the receivable
 * account (411 by the rules) for the last document paid, posted Дт 503 / Кт 411 of its client —
 * the client's credit balance, on its card and open items — so 503 equals the statement.
 */
async function bookOverpayment(
  trx: Transaction<Database>,
  actor: BankActor,
  tx: { id: string; currency: string; bookedOn: string },
  documentId: string | undefined,
  surplusCents: number,
) {
  const companyId = actor.user.companyId;
  if (surplusCents <= 0 || !documentId) return;
  if (!(BOOKABLE_CURRENCIES as readonly string[]).includes(tx.currency)) return;
  const { receivable } = await accountsOn(trx, companyId, tx.bookedOn, ["receivable"]);
  const match = await trx
    .insertInto("bankMatches")
    .values({
      companyId,
      transactionId: tx.id,
      documentId,
      accountCode: receivable as string,
      amountCents: surplusCents,
      createdBy: actor.user.id,
      createdByName: actorName(actor.user),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await postBankMatch(trx, companyId, match.id, posterOf(actor));
}

/** Matches a debit to an unpaid expense of the same amount: the expense is paid that day. */
export async function matchExpense(
  actor: BankActor,
  transactionId: string,
  expenseId: string,
): Promise<MatchOutcome> {
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  if (!isUuid(expenseId)) throw new AppError(BANK_MESSAGES.expenseNotFound, 404);
  return actor.context.db.transaction().execute(async (trx) => {
    const tx = await lockTransaction(trx, companyId, transactionId);
    if (tx.direction !== "debit") throw new AppError(BANK_MESSAGES.debitsOnly, 409);
    await refuseIfMatched(trx, companyId, transactionId);
    const expense = await trx
      .selectFrom("expenses")
      .select([
        "id",
        "paidOn",
        "totalCents",
        "currency",
        "supplierId",
        "documentNumber",
        "supplierName",
      ])
      .where("companyId", "=", companyId)
      .where("id", "=", expenseId)
      .forUpdate()
      .executeTakeFirst();
    if (!expense) throw new AppError(BANK_MESSAGES.expenseNotFound, 404);
    if (expense.paidOn) throw new AppError(BANK_MESSAGES.expensePaid, 409);
    if (expense.currency !== tx.currency || expense.totalCents !== tx.amountCents) {
      throw new AppError(
        BANK_MESSAGES.expenseAmount(
          `${formatMoney(expense.totalCents, expense.currency)}`,
          `${formatMoney(tx.amountCents, tx.currency)}`,
        ),
        409,
      );
    }
    await setExpensePaid(trx, companyId, expense.id, { paidOn: tx.bookedOn, method: "bank" });
    await trx
      .insertInto("bankMatches")
      .values({
        companyId,
        transactionId,
        expenseId: expense.id,
        amountCents: tx.amountCents,
        createdBy: actor.user.id,
        createdByName: actorName(actor.user),
      })
      .execute();
    if (expense.supplierId) {
      await remember(trx, actor, tx.counterpartyIban, { supplierId: expense.supplierId });
    }
    await recordBankAct(
      actor,
      "bank.match",
      { type: "bank_transaction", id: transactionId, label: tx.counterpartyName },
      {
        expense: `${expense.supplierName} № ${expense.documentNumber}`,
        amount: formatCents(tx.amountCents),
      },
      trx,
    );
    return { appliedCents: tx.amountCents, overpaidCents: 0 };
  });
}

/** Marks a debit to one of НАП's accounts as taxes and contributions paid. */
export async function matchNap(actor: BankActor, transactionId: string): Promise<MatchOutcome> {
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  return actor.context.db.transaction().execute(async (trx) => {
    const tx = await lockTransaction(trx, companyId, transactionId);
    if (!tx.napKind || tx.direction !== "debit") throw new AppError(BANK_MESSAGES.napOnly, 409);
    await refuseIfMatched(trx, companyId, transactionId);
    const match = await trx
      .insertInto("bankMatches")
      .values({
        companyId,
        transactionId,
        napKind: tx.napKind,
        amountCents: tx.amountCents,
        createdBy: actor.user.id,
        createdByName: actorName(actor.user),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Taxes and contributions paid: Dr the fund's account (4611…, 454) / Cr 503 (decision 059).
    await postBankMatch(trx, companyId, match.id, posterOf(actor));
    await recordBankAct(
      actor,
      "bank.match",
      { type: "bank_transaction", id: transactionId, label: tx.counterpartyName },
      { kind: tx.napKind, amount: formatCents(tx.amountCents) },
      trx,
    );
    return { appliedCents: tx.amountCents, overpaidCents: 0 };
  });
}

/** Confirms a ranked suggestion (the page's one click, and the import's automatic confirmation). */
export async function confirmSuggestion(
  actor: BankActor,
  transactionId: string,
  suggestion: Pick<Suggestion, "kind" | "documentIds" | "expenseId" | "ruleId">,
  options: { automatic?: boolean } = {},
): Promise<MatchOutcome> {
  switch (suggestion.kind) {
    case "proforma":
      throw new AppError(BANK_MESSAGES.proforma, 409);
    case "expense":
      return matchExpense(actor, transactionId, suggestion.expenseId ?? "");
    case "rule":
      return matchRule(actor, transactionId, suggestion.ruleId ?? "");
    case "nap":
      return matchNap(actor, transactionId);
    default:
      return matchDocuments(actor, transactionId, suggestion.documentIds, options);
  }
}

/** Undoes a movement's match: its payments removed, its expense unpaid (or deleted if it made it). */
export async function unmatchTransaction(actor: BankActor, transactionId: string): Promise<void> {
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  await actor.context.db.transaction().execute(async (trx) => {
    const tx = await lockTransaction(trx, companyId, transactionId);
    const rows = await activeMatches(trx, companyId, transactionId);
    if (!rows.some(stands)) throw new AppError(BANK_MESSAGES.notMatched, 409);
    for (const row of rows) {
      if (row.paymentId && row.documentId) {
        await removePayment(trx, companyId, row.documentId, row.paymentId);
      }
      if (row.expenseId) {
        if (row.expenseCreated) await removeExpense(trx, companyId, row.expenseId);
        else await setExpensePaid(trx, companyId, row.expenseId, null);
      }
    }
    await trx
      .updateTable("bankMatches")
      .set({ undoneAt: new Date(), undoneBy: actor.user.id, undoneByName: actorName(actor.user) })
      .where("companyId", "=", companyId)
      .where("transactionId", "=", transactionId)
      .where("undoneAt", "is", null)
      .execute();
    // НАП and an account's booking are the match's own entries: reversed with it.
    for (const row of rows) {
      if (row.napKind || row.accountCode) {
        await postBankMatch(trx, companyId, row.id, posterOf(actor));
      }
    }
    // A salary this booking paid stays paid and posts its own payment again (decision 065).
    await unlinkBankPayments(
      trx,
      companyId,
      rows.filter((row) => row.accountCode).map((row) => row.id),
    );
    await recordBankAct(
      actor,
      "bank.unmatch",
      { type: "bank_transaction", id: transactionId, label: tx.counterpartyName },
      { amount: formatCents(tx.amountCents), line: tx.lineNo },
      trx,
    );
  });
}
