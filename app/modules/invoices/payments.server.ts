import type { Kysely, Transaction } from "kysely";
import { postPayment } from "~/modules/ledger/post.server";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { AppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database, DocumentPaymentRow, DocumentRow } from "~db/types";
import { DOCUMENT_MESSAGES } from "./schema";

/* Payments of issued documents: recorded under a lock, never more than what is due. */

export interface PaymentInput {
  paidOn: string;
  amount: number;
  method: DocumentPaymentRow["method"];
  note: string | null;
}

const NOT_PAYABLE = "Плащания се отбелязват само по издадени фактури, проформи и дебитни известия";

/**
 * The one payments path (the invoice page, the API, the bank's matches): inside the caller's
 * transaction, locks the document, refuses what is not payable or more than is still due
 * (docs/decisions/008-overpayments.md), records the payment and keeps the document's paid sum
 * with it — so the list, the dashboard, /analytics, the CSV and the VAT report move together.
 * Answers the payment's id.
 */
export async function recordPayment(
  trx: Transaction<Database>,
  companyId: string,
  documentId: string,
  payment: PaymentInput,
): Promise<string> {
  const current = await trx
    .selectFrom("documents")
    .select(["status", "type", "dueCents", "currency"])
    .where("companyId", "=", companyId)
    .where("id", "=", documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new AppError("Документът не е намерен", 404);
  if (current.type === "credit_note") throw new AppError(NOT_PAYABLE, 409);
  if (current.status !== "issued") {
    throw new AppError("Документът вече не е издаден: плащане не може да се запише", 409);
  }
  // A payment's month is its date's (decision 058), whatever the document's.
  await assertPeriodOpen(trx, companyId, payment.paidOn);
  const due = current.dueCents;
  if (due <= 0) throw new AppError(DOCUMENT_MESSAGES.alreadyPaid, 409);
  if (payment.amount > due) {
    const message = DOCUMENT_MESSAGES.overpayment(formatMoney(due, current.currency));
    throw new AppError(message, 400, { amount: message });
  }
  const row = await trx
    .insertInto("documentPayments")
    .values({
      companyId,
      documentId,
      paidOn: payment.paidOn,
      amountCents: payment.amount,
      method: payment.method,
      note: payment.note,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("documents")
    .set((eb) => ({ paidCents: eb("paidCents", "+", payment.amount), updatedAt: new Date() }))
    .where("id", "=", documentId)
    .where("companyId", "=", companyId)
    .execute();
  // Its entry in the books, in this transaction (decision 057).
  await postPayment(trx, companyId, row.id, null);
  return row.id;
}

/**
 * Records a payment and keeps the document's paid sum with it, in one transaction that locks the
 * document, so two payments at once cannot together exceed what is due. A payment larger than
 * what is still due is refused (docs/decisions/008-overpayments.md).
 */
export async function addPayment(
  db: Kysely<Database>,
  companyId: string,
  doc: DocumentRow,
  payment: PaymentInput,
) {
  if (doc.status !== "issued" || doc.type === "credit_note") throw new AppError(NOT_PAYABLE, 409);
  await db.transaction().execute((trx) => recordPayment(trx, companyId, doc.id, payment));
}

/**
 * Removes a payment and gives its amount back to the document, inside the caller's transaction;
 * false when the document has no such payment.
 */
export async function removePayment(
  trx: Transaction<Database>,
  companyId: string,
  documentId: string,
  paymentId: string,
): Promise<boolean> {
  if (!isUuid(paymentId)) return false;
  const row = await trx
    .deleteFrom("documentPayments")
    .where("companyId", "=", companyId)
    .where("documentId", "=", documentId)
    .where("id", "=", paymentId)
    .returning(["amountCents", "paidOn"])
    .executeTakeFirst();
  if (!row) return false;
  await assertPeriodOpen(trx, companyId, row.paidOn);
  await postPayment(trx, companyId, paymentId, null);
  await trx
    .updateTable("documents")
    .set((eb) => ({ paidCents: eb("paidCents", "-", row.amountCents), updatedAt: new Date() }))
    .where("id", "=", documentId)
    .where("companyId", "=", companyId)
    .execute();
  return true;
}

export async function deletePayment(
  db: Kysely<Database>,
  companyId: string,
  documentId: string,
  paymentId: string,
) {
  if (!isUuid(paymentId)) return false;
  return db.transaction().execute((trx) => removePayment(trx, companyId, documentId, paymentId));
}

export type PaymentState = "paid" | "partially_paid" | "overdue" | "unpaid";

/**
 * A receivable: an issued invoice or debit note (list.server.ts's RECEIVABLE in SQL). A proforma
 * asks for money but is never owed; a credit note subtracts.
 */
export const isReceivable = (doc: Pick<DocumentRow, "status" | "type">) =>
  doc.status === "issued" && (doc.type === "invoice" || doc.type === "debit_note");

/**
 * Payment state of a receivable, from what is still due (documents.due_cents: the total less its
 * payments and its credit notes, the one definition — issue #41) and its due date (today in
 * Sofia); null for anything else. A receivable settled by credit notes is "paid" (settled).
 */
export function paymentState(
  doc: Pick<DocumentRow, "status" | "type" | "dueCents" | "totalCents" | "dueDate">,
  today: string,
): PaymentState | null {
  if (!isReceivable(doc)) return null;
  if (doc.dueCents <= 0) return "paid";
  if (doc.dueDate && doc.dueDate < today) return "overdue";
  return doc.dueCents < doc.totalCents ? "partially_paid" : "unpaid";
}

/** What a document's badge and the CSV say beside its status: its payment, or a proforma converted. */
export type DocumentState = PaymentState | "converted";

/** The state shown for a document; `converted` when an invoice was made from the proforma. */
export function documentState(
  doc: Pick<DocumentRow, "status" | "type" | "dueCents" | "totalCents" | "dueDate"> & {
    converted?: boolean | null;
  },
  today: string,
): DocumentState | null {
  if (doc.type === "proforma" && doc.status === "issued" && doc.converted) return "converted";
  return paymentState(doc, today);
}
