import { todayInSofia } from "~/utils/dates";
import { centsToDecimal, computeTotals } from "~/utils/money";
import type { DocumentRow } from "~db/types";
import type { DocumentWithLines } from "./documents.server";
import { paymentState } from "./payments.server";

/** Numeric strings from SQL without padding zeros beyond what they mean ("3.000" → "3"). */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** A document in a list: the figures without lines. */
export function documentSummaryJson(
  doc: Pick<
    DocumentRow,
    | "id"
    | "type"
    | "status"
    | "number"
    | "issueDate"
    | "dueDate"
    | "currency"
    | "subtotalCents"
    | "vatCents"
    | "totalCents"
    | "paidCents"
    | "dueCents"
    | "clientId"
    | "sentAt"
  > & { clientName: string },
  today = todayInSofia(),
) {
  return {
    id: doc.id,
    type: doc.type,
    status: doc.status,
    paymentState: paymentState(doc, today),
    number: doc.number,
    clientId: doc.clientId,
    clientName: doc.clientName,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    currency: doc.currency,
    subtotal: centsToDecimal(doc.subtotalCents),
    vat: centsToDecimal(doc.vatCents),
    total: centsToDecimal(doc.totalCents),
    paid: centsToDecimal(doc.paidCents),
    sentAt: doc.sentAt,
  };
}

/** A document as the JSON API shows it: amounts as decimal strings. */
export function documentJson(doc: DocumentWithLines, today = todayInSofia()) {
  const totals = computeTotals(doc.lines);
  return {
    id: doc.id,
    type: doc.type,
    status: doc.status,
    paymentState: paymentState(doc, today),
    number: doc.number,
    clientId: doc.clientId,
    language: doc.language,
    issueDate: doc.issueDate,
    taxEventDate: doc.taxEventDate,
    dueDate: doc.dueDate,
    placeOfIssue: doc.placeOfIssue,
    currency: doc.currency,
    eurRate: doc.eurRate ? trimDecimal(doc.eurRate) : null,
    vatGround: doc.vatGround,
    paymentMethod: doc.paymentMethod,
    authorName: doc.authorName,
    recipientName: doc.recipientName,
    notes: doc.notes,
    originalId: doc.originalId,
    originalNumber: doc.originalNumber,
    originalDate: doc.originalDate,
    reason: doc.reason,
    proformaId: doc.proformaId,
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: trimDecimal(line.quantity),
      unit: line.unit,
      unitPrice: trimDecimal(line.unitPrice),
      discount: trimDecimal(line.discountPercent),
      vatRate: line.vatRate,
      net: centsToDecimal(line.netCents),
    })),
    totals: {
      groups: totals.groups.map((g) => ({
        vatRate: g.rate,
        base: centsToDecimal(g.baseCents),
        vat: centsToDecimal(g.vatCents),
      })),
      subtotal: centsToDecimal(doc.subtotalCents),
      vat: centsToDecimal(doc.vatCents),
      total: centsToDecimal(doc.totalCents),
      paid: centsToDecimal(doc.paidCents),
      // documents.due_cents: less its payments and its credit notes (issue #41).
      due: centsToDecimal(doc.dueCents),
    },
    payments: doc.payments.map((p) => ({
      id: p.id,
      paidOn: p.paidOn,
      amount: centsToDecimal(p.amountCents),
      method: p.method,
      note: p.note,
    })),
    supplier: doc.supplierSnapshot ?? null,
    client: doc.clientSnapshot ?? null,
    issuedAt: doc.issuedAt,
    cancelledAt: doc.cancelledAt,
    cancelReason: doc.cancelReason,
    sentAt: doc.sentAt,
    sentTo: doc.sentTo,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    pdfUrl: `/api/invoices/${doc.id}/pdf`,
  };
}
