import { todayInSofia } from "~/utils/dates";
import { centsToDecimal, computeTotals } from "~/utils/money";
import { z } from "~/utils/zod-openapi.server";
import { OFFER_BECOMES, OFFER_FILTERS, OFFER_STATUSES } from "./constants";
import type { listOffers } from "./list.server";
import { isExpired, type OfferWithLines } from "./queries.server";
import { offerSchema } from "./schema";

/*
 * Offers as the JSON API shows them (issue #48 item 5, decision 077): amounts as decimal strings,
 * like the documents' (app/modules/invoices/json.server.ts), and their schemas for the OpenAPI
 * document (decision 056).
 */

/** Numeric strings from SQL without padding zeros beyond what they mean ("3.000" → "3"). */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

type OfferListRow = Awaited<ReturnType<typeof listOffers>>["rows"][number];

/** An offer in a list: the figures without lines. */
export function offerSummaryJson(row: OfferListRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    expired: row.expired,
    clientId: row.clientId,
    clientName: row.clientName,
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    becomes: row.becomes,
    currency: row.currency,
    subtotal: centsToDecimal(Number(row.netCents)),
    vat: centsToDecimal(Number(row.vatCents)),
    total: centsToDecimal(Number(row.totalCents)),
    documentId: row.documentId,
  };
}

/** One offer with its lines and totals. */
export function offerJson(offer: OfferWithLines, today = todayInSofia()) {
  const totals = computeTotals(
    offer.lines.map((line) => ({ netCents: Number(line.netCents), vatRate: line.vatRate })),
  );
  return {
    id: offer.id,
    number: offer.number,
    status: offer.status,
    expired: isExpired(offer, today),
    clientId: offer.clientId,
    clientName: offer.clientName,
    language: offer.language,
    issueDate: offer.issueDate,
    validUntil: offer.validUntil,
    becomes: offer.becomes,
    currency: offer.currency,
    eurRate: offer.eurRate ? trimDecimal(offer.eurRate) : null,
    vatGround: offer.vatGround,
    authorName: offer.authorName,
    notes: offer.notes,
    lines: offer.lines.map((line) => ({
      description: line.description,
      quantity: trimDecimal(line.quantity),
      unit: line.unit,
      unitPrice: trimDecimal(line.unitPrice),
      discount: trimDecimal(line.discountPercent),
      vatRate: line.vatRate,
      catalogueItemId: line.catalogueItemId,
      net: centsToDecimal(Number(line.netCents)),
    })),
    totals: {
      groups: totals.groups.map((g) => ({
        vatRate: g.rate,
        base: centsToDecimal(g.baseCents),
        vat: centsToDecimal(g.vatCents),
      })),
      subtotal: centsToDecimal(Number(offer.netCents)),
      vat: centsToDecimal(Number(offer.vatCents)),
      total: centsToDecimal(Number(offer.totalCents)),
    },
    documentId: offer.documentId,
    answeredAt: offer.answeredAt,
    answerNote: offer.answerNote,
    sentAt: offer.sentAt,
    sentTo: offer.sentTo,
    createdAt: offer.createdAt,
    pdfUrl: `/api/offers/${offer.id}/pdf`,
  };
}

/* What the serializers above answer, as the OpenAPI document shows it (decision 056). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const date = z.string().date();
const dateTime = z.string().datetime();
const status = z
  .enum(Object.keys(OFFER_STATUSES) as [keyof typeof OFFER_STATUSES])
  .describe("open (sent, may be answered), accepted, declined, withdrawn by the company");
const becomes = z
  .enum(Object.keys(OFFER_BECOMES) as [keyof typeof OFFER_BECOMES])
  .describe("The draft an accepted offer becomes");
const number = z
  .string()
  .regex(/^\d{10}$/)
  .describe("10 digits of the company's offer series (apart from the invoices')");
const expired = z.boolean().describe("Open, but past its «Валидна до» day: no longer accepted");
const documentId = z
  .string()
  .uuid()
  .nullable()
  .describe(
    "The draft (invoice or proforma) the accepted offer became; null before, and for staff limited to their own documents when another made the draft (they cannot open it)",
  );

/** An offer in a list (`offerSummaryJson`). */
export const offerSummaryJsonSchema = z
  .object({
    id: z.string().uuid(),
    number,
    status,
    expired,
    clientId: z.string().uuid(),
    clientName: z.string(),
    issueDate: date,
    validUntil: date,
    becomes,
    currency: z.string(),
    subtotal: decimal,
    vat: decimal,
    total: decimal,
    documentId,
  })
  .openapi("OfferSummary");

/** One offer with its lines and totals (`offerJson`). */
export const offerJsonSchema = z
  .object({
    id: z.string().uuid(),
    number,
    status,
    expired,
    clientId: z.string().uuid(),
    clientName: z.string(),
    language: z.enum(["bg", "en", "bilingual"]),
    issueDate: date,
    validUntil: date,
    becomes,
    currency: z.string(),
    eurRate: decimal.nullable().describe("EUR per unit, for currencies other than EUR"),
    vatGround: z.string().nullable(),
    authorName: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: decimal,
        unit: z.string(),
        unitPrice: decimal.describe("Without VAT"),
        discount: decimal.describe("Percent, 0–100"),
        vatRate: z.number().int().nullable().describe("Whole per cent; null: VAT not charged"),
        catalogueItemId: z.string().uuid().nullable(),
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
    }),
    documentId,
    answeredAt: dateTime.nullable(),
    answerNote: z.string().nullable(),
    sentAt: dateTime.nullable().describe("When the offer was last e-mailed to the client"),
    sentTo: z.string().nullable().describe("The addresses it was last e-mailed to"),
    createdAt: dateTime,
    pdfUrl: z.string(),
  })
  .openapi("Offer");

/** The body of POST /api/offers and PUT /api/offers/{id}: the schema the routes parse with. */
export const offerInputJsonSchema = offerSchema.openapi("OfferInput");

/** The list's «status» filter: an offer's state, «expired» an open one past its day. */
export const offerFilterJsonSchema = z.enum(
  Object.keys(OFFER_FILTERS) as [keyof typeof OFFER_FILTERS],
);

/** What POST /api/offers/{id}/convert answers: the offer accepted and the draft it became. */
export const offerConvertedJsonSchema = z
  .object({
    offer: offerJsonSchema,
    document: z.object({
      id: z.string().uuid(),
      type: becomes,
      url: z.string().describe("GET /api/invoices/{id}: the draft, number null until issued"),
    }),
  })
  .openapi("OfferConverted");
