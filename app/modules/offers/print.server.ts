import type { Kysely } from "kysely";
import { buildPrintModel, type PrintLanguage, type PrintModel } from "~/modules/invoices/print";
import { companyLogo } from "~/modules/invoices/render.server";
import { clientSnapshot, supplierSnapshot } from "~/modules/invoices/snapshots";
import { renderInPool } from "~/modules/pdf/pool.server";
import { vatGroundOf } from "~/modules/reference/vat.server";
import { printDate } from "~/utils/dates";
import type { Database } from "~db/types";
import type { OfferWithLines } from "./queries.server";

/*
 * An offer's PDF (decision 077): the invoice's print model — the same parties, lines, totals and
 * languages (bg, en, bilingual) — titled «ОФЕРТА» with its «Валидна до» day, rendered in the PDF
 * worker pool as a document is. Printed from the company and client as they are (an offer is not
 * a tax document; the invoice it becomes keeps its own snapshots when issued).
 */

/** A word in the offer's language(s): «Валидна до», «Valid until», or both. */
export const inLanguage = (language: PrintLanguage, bg: string, en: string) =>
  language === "bg" ? bg : language === "en" ? en : `${bg} / ${en}`;

export async function partiesOf(db: Kysely<Database>, companyId: string, clientId: string) {
  const [company, client] = await Promise.all([
    db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow(),
    db
      .selectFrom("clients")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("id", "=", clientId)
      .executeTakeFirstOrThrow(),
  ]);
  return { company, supplier: supplierSnapshot(company), client: clientSnapshot(client) };
}

export async function offerPrintModel(
  db: Kysely<Database>,
  offer: OfferWithLines,
): Promise<PrintModel> {
  const { company, supplier, client } = await partiesOf(db, offer.companyId, offer.clientId);
  const ground = await vatGroundOf(db, offer.vatGround, offer.issueDate);
  const lang = offer.language;
  const model = buildPrintModel(
    {
      type: "proforma",
      status: "issued",
      number: offer.number,
      language: lang,
      issueDate: offer.issueDate,
      taxEventDate: null,
      dueDate: null,
      placeOfIssue: company.city,
      currency: offer.currency,
      eurRate: offer.eurRate,
      vatGround: offer.vatGround,
      vatGroundKind: ground?.kind ?? null,
      vatGroundEn: ground?.textEn ?? null,
      paymentMethod: "bank",
      authorName: offer.authorName,
      recipientName: null,
      notes: offer.notes,
      originalNumber: null,
      originalDate: null,
      reason: null,
      cancelReason: null,
      lines: offer.lines.map((line) => ({ ...line, netCents: Number(line.netCents) })),
    },
    supplier,
    client,
  );
  const withdrawn = offer.status === "withdrawn";
  const total = model.totals.at(-1);
  return {
    ...model,
    title: inLanguage(lang, "ОФЕРТА", "OFFER"),
    mark: withdrawn
      ? inLanguage(lang, "ОТТЕГЛЕНА", "WITHDRAWN")
      : `${inLanguage(lang, "Валидна до", "Valid until")} ${printDate(offer.validUntil)}`,
    markTone: withdrawn ? "cancelled" : "original",
    meta: [
      ...model.meta,
      { label: inLanguage(lang, "Валидна до", "Valid until"), value: printDate(offer.validUntil) },
    ],
    // An offer asks for nothing yet: its total is the offer's value, not an amount due.
    totals: total
      ? [
          ...model.totals.slice(0, -1),
          { ...total, label: `${inLanguage(lang, "Обща стойност", "Total")} (${offer.currency})` },
        ]
      : model.totals,
    facts: model.facts.filter((fact) => !/^(Начин на плащане|Payment method)/.test(fact.label)),
    signatures: model.signatures.slice(0, 1),
    payment: null,
  };
}

/** Renders a PDF model in the worker pool, in the company's turn, with its logo. */
export async function renderModelPdf(
  db: Kysely<Database>,
  companyId: string,
  model: PrintModel,
  key: string,
) {
  const logo = await companyLogo(db, companyId);
  return renderInPool(companyId, { kind: "document", model, logo }, { background: false, key });
}

export async function renderOfferPdf(db: Kysely<Database>, offer: OfferWithLines) {
  return renderModelPdf(db, offer.companyId, await offerPrintModel(db, offer), offer.id);
}
