import { centsToDecimal } from "~/utils/money";
import { z } from "~/utils/zod-openapi.server";
import type { NoteOriginal } from "./protocol-notes.server";
import type { ProtocolProposal, ProtocolView } from "./protocols.server";

/* The protocols under чл. 117 as the JSON API gives them (decision 073), and their OpenAPI shapes. */

/** One protocol: amounts as decimal strings in its currency (the period's). */
export function protocolJson(expenseId: string, p: ProtocolView) {
  return {
    id: p.id,
    number: p.number,
    kind: p.kind,
    date: p.protocolDate,
    chargeableDate: p.chargeableDate,
    currency: p.currency,
    sourceCurrency: p.sourceCurrency,
    eurRate: p.eurRate,
    rateNote: p.rateNote,
    base: centsToDecimal(p.baseCents),
    vatRate: p.vatRate,
    vat: centsToDecimal(p.vatCents),
    creditableVat: centsToDecimal(p.creditableVatCents),
    status: p.status,
    correctsId: p.correctsId,
    reason: p.reason,
    locked: p.locked,
    pdf: `/expenses/${expenseId}/protocols/${p.id}.pdf`,
  };
}

/** What would be issued now (the next number, not yet taken). */
export function proposalJson(
  p: ProtocolProposal & { corrects?: NoteOriginal; originals?: NoteOriginal[]; reason?: string },
) {
  return {
    kind: p.kind,
    date: p.protocolDate,
    chargeableDate: p.chargeableDate,
    term: p.term,
    currency: p.currency,
    sourceCurrency: p.sourceCurrency,
    eurRate: p.eurRate,
    rateNote: p.rateNote,
    base: centsToDecimal(p.baseCents),
    vatRate: p.vatRate,
    vat: centsToDecimal(p.vatCents),
    creditableVat: centsToDecimal(p.creditableVatCents),
    nextNumber: p.nextNumber,
    corrects: p.corrects ? originalJson(p.corrects) : null,
    originals: (p.originals ?? []).map(originalJson),
    reason: p.reason ?? null,
  };
}

const originalJson = (o: NoteOriginal) => ({
  protocolId: o.protocolId,
  number: o.number,
  date: o.protocolDate,
  expenseId: o.expenseId,
  documentNumber: o.documentNumber,
  documentDate: o.documentDate,
});

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const kind = z
  .enum(["eu_services", "eu_goods", "import_services", "domestic_163a"])
  .describe(
    "eu_services: чл. 21, ал. 2 and чл. 82, ал. 2; eu_goods: чл. 84 (кол. 13); import_services: a supplier outside the EU; domestic_163a: чл. 163а",
  );
const common = {
  kind,
  date: z.string().date(),
  chargeableDate: z.string().date(),
  currency: z.enum(["BGN", "EUR"]),
  sourceCurrency: z.string(),
  eurRate: z.string().nullable(),
  rateNote: z.string().nullable(),
  base: decimal,
  vatRate: z.number().int(),
  vat: decimal,
  creditableVat: decimal,
};

const original = z.object({
  protocolId: z.string().uuid(),
  number: z.string(),
  date: z.string().date(),
  expenseId: z.string().uuid(),
  documentNumber: z.string(),
  documentDate: z.string().date(),
});

export const protocolJsonSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string().regex(/^\d{10}$/),
    ...common,
    status: z.enum(["issued", "cancelled"]),
    correctsId: z.string().uuid().nullable().describe("A correcting protocol: the one it changes"),
    reason: z.string().nullable(),
    locked: z.boolean().describe("Its month is locked: corrected, never cancelled"),
    pdf: z.string(),
  })
  .openapi("VatProtocol");

export const protocolsJsonSchema = z
  .object({
    protocols: z.array(protocolJsonSchema),
    proposal: z
      .object({
        ...common,
        term: z.object({ from: z.string().date(), to: z.string().date() }),
        nextNumber: z.string(),
        corrects: original
          .nullable()
          .describe(
            "A credit or debit note: the protocol of the supplier's invoice it corrects (чл. 117, ал. 4)",
          ),
        originals: z
          .array(original)
          .describe("A note: the protocols it may correct (pick one by originalExpenseId)"),
        reason: z.string().nullable().describe("A note: the reason the correction states"),
      })
      .nullable()
      .describe("The protocol the expense needs and has not got (null: none due, or issued)"),
    problem: z
      .string()
      .nullable()
      .describe(
        "Why no protocol can be proposed now, and what to do (a note without the original's)",
      ),
  })
  .openapi("VatProtocols");
