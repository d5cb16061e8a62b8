import { todayInSofia } from "~/utils/dates";
import { centsToDecimal, computeTotals } from "~/utils/money";
import { isoDate } from "~/utils/schema";
import { z } from "~/utils/zod-openapi.server";
import type { DocumentRow } from "~db/types";
import {
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  STATUS_FILTERS,
  type StatusFilter,
} from "./constants";
import type { DocumentWithLines } from "./documents.server";
import { paymentState } from "./payments.server";
import { documentSchema } from "./schema";

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
    advance: doc.advance,
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: trimDecimal(line.quantity),
      unit: line.unit,
      unitPrice: trimDecimal(line.unitPrice),
      discount: trimDecimal(line.discountPercent),
      vatRate: line.vatRate,
      catalogueItemId: line.catalogueItemId,
      advanceId: line.advanceId,
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

/* What the serializers above answer, as the OpenAPI document shows it (decision 056). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const date = z.string().date();
const dateTime = z.string().datetime();
const documentType = z.enum(["invoice", "proforma", "credit_note", "debit_note"]);
const documentStatus = z.enum(["draft", "issued", "cancelled"]);
// A nullable enum as a union: the generator's `.nullable()` of an enum leaves null out of it.
/** How a document is paid. */
const paymentMethodJsonSchema = z
  .enum(["bank", "cash", "card", "cod", "other"])
  .openapi("PaymentMethod");
const payment = z.union([z.enum(["paid", "partially_paid", "overdue", "unpaid"]), z.null()]);
const number = z
  .string()
  .regex(/^\d{10}$/)
  .nullable()
  .describe("10 digits of the document's series; null until issued");

/** A document in a list (`documentSummaryJson`). */
export const documentSummaryJsonSchema = z
  .object({
    id: z.string().uuid(),
    type: documentType,
    status: documentStatus,
    paymentState: payment,
    number,
    clientId: z.string().uuid(),
    clientName: z.string(),
    issueDate: date,
    dueDate: date.nullable(),
    currency: z.string(),
    subtotal: decimal,
    vat: decimal,
    total: decimal,
    paid: decimal,
    sentAt: dateTime.nullable(),
  })
  .openapi("DocumentSummary");

/** One document with its lines, totals and payments (`documentJson`). */
export const documentJsonSchema = z
  .object({
    id: z.string().uuid(),
    type: documentType,
    status: documentStatus,
    paymentState: payment,
    number,
    clientId: z.string().uuid(),
    language: z.enum(["bg", "en", "bilingual"]),
    issueDate: date,
    taxEventDate: date.nullable(),
    dueDate: date.nullable(),
    placeOfIssue: z.string().nullable(),
    currency: z.string(),
    eurRate: decimal.nullable().describe("EUR per unit, for currencies other than EUR and BGN"),
    vatGround: z.string().nullable(),
    paymentMethod: z.union([paymentMethodJsonSchema, z.null()]),
    authorName: z.string().nullable(),
    recipientName: z.string().nullable(),
    notes: z.string().nullable(),
    originalId: z.string().uuid().nullable().describe("Credit/debit notes: the issued invoice"),
    originalNumber: z.string().nullable(),
    originalDate: date.nullable(),
    reason: z.string().nullable().describe("Credit/debit notes: the reason"),
    proformaId: z.string().uuid().nullable(),
    advance: z
      .boolean()
      .describe("An invoice for an advance payment (чл. 25, ал. 7 ЗДДС; decision 074)"),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: decimal,
        unit: z.string(),
        unitPrice: decimal.describe("Without VAT"),
        discount: decimal.describe("Percent, 0–100"),
        vatRate: z.number().int().nullable().describe("Whole per cent; null: VAT not charged"),
        catalogueItemId: z
          .string()
          .uuid()
          .nullable()
          .describe("The catalogue item the line comes from; null: typed by hand"),
        advanceId: z
          .string()
          .uuid()
          .nullable()
          .describe(
            "A final invoice's deduction of an advance: the advance invoice deducted (negative quantity, minus the base)",
          ),
        net: decimal,
      }),
    ),
    totals: z.object({
      groups: z.array(
        z.object({ vatRate: z.number().int().nullable(), base: decimal, vat: decimal }),
      ),
      subtotal: decimal,
      vat: decimal,
      total: decimal,
      paid: decimal,
      due: decimal.describe(
        "Still due: the total less payments and issued credit notes, never below 0",
      ),
    }),
    payments: z.array(
      z.object({
        id: z.string().uuid(),
        paidOn: date,
        amount: decimal,
        method: z.string(),
        note: z.string().nullable(),
      }),
    ),
    supplier: z.record(z.unknown()).nullable().describe("Snapshot taken on issue"),
    client: z.record(z.unknown()).nullable().describe("Snapshot taken on issue"),
    issuedAt: dateTime.nullable(),
    cancelledAt: dateTime.nullable(),
    cancelReason: z.string().nullable(),
    sentAt: dateTime.nullable(),
    sentTo: z.string().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    pdfUrl: z.string(),
  })
  .openapi("Document");

/** The body of POST /api/invoices and PUT /api/invoices/{id}: the schema the routes parse with. */
export const documentInputJsonSchema = documentSchema.openapi("DocumentInput");

/** The four kinds of tax document. */
export const documentTypeJsonSchema = z
  .enum(Object.keys(DOCUMENT_TYPES) as [DocumentTypeKey, ...DocumentTypeKey[]])
  .openapi("DocumentType");

/**
 * The query of GET /api/invoices, as described and as checked (parseQuery): a filter it cannot
 * read is a 400 naming it, never a list without that filter.
 */
export const documentListQuerySchema = z.object({
  type: documentTypeJsonSchema.optional(),
  status: z.enum(Object.keys(STATUS_FILTERS) as [StatusFilter, ...StatusFilter[]]).optional(),
  clientId: z.string().uuid().optional(),
  from: isoDate().openapi({ format: "date" }).optional(),
  to: isoDate().openapi({ format: "date" }).optional(),
  q: z.string().describe("Document number or client name").optional(),
  after: z.string().optional(),
});

/**
 * One e-mail of a document or an offer in the mail queue (mail-queue.server.ts `DocumentEmail`):
 * POST /api/invoices/{id}/send and POST /api/offers/{id}/send answer with it.
 */
export const documentEmailJsonSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(["document", "reminder", "offer"]),
    recipients: z.string(),
    status: z
      .enum(["queued", "sent", "failed", "skipped"])
      .describe(
        "queued: waiting or being retried; sent; failed after its last try (lastError says why); skipped: its document or offer no longer wanted it",
      ),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string().datetime(),
    sentAt: z.string().datetime().nullable(),
    sendAfter: z.string().datetime().nullable().describe("Waiting for the hourly limit until then"),
  })
  .openapi("DocumentEmail");
