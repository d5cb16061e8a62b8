import type { Kysely } from "kysely";
import { renderInPool } from "~/modules/pdf/pool.server";
import { getOperatorInvoice } from "~/modules/subscriptions/queries.server";
import type { TaxParty } from "~/modules/subscriptions/tax-invoices.server";
import { printDate } from "~/utils/dates";
import { centsToDecimal } from "~/utils/money";
import type { Database } from "~db/types";
import { buildPrintModel, type PrintParty, type PrintSupplier } from "./print";

/*
 * The operator's invoice for a subscription payment as PDF (issue #31 item 3, decision 032): the
 * stored snapshot of the payment's invoice (its number in the operator's series, the seller, the
 * buyer, the base and the VAT) drawn by the documents' own print model and renderer, in the PDF
 * pool in the buyer company's turn — never on the request's event loop.
 */

const party = (p: TaxParty): PrintParty => ({
  name: p.name,
  nameEn: null,
  eik: p.eik,
  vatNumber: p.vatNumber,
  mol: null,
  address: p.address,
  addressEn: null,
  city: p.city,
  cityEn: null,
  postalCode: p.postalCode,
  countryCode: p.countryCode,
});

const day = (value: Date | null) => (value ? printDate(value.toISOString().slice(0, 10)) : null);

/** The PDF and its file names, or null when the company has no such invoice (another's: 404). */
export async function operatorInvoicePdf(
  db: Kysely<Database>,
  companyId: string,
  providerId: string,
) {
  const invoice = await getOperatorInvoice(db, companyId, providerId);
  if (!invoice) return null;
  const { seller, buyer } = invoice;
  const supplier: PrintSupplier = {
    ...party(seller),
    mol: seller.mol,
    isVatRegistered: seller.isVatRegistered,
    bankIban: seller.bankIban,
    bankName: seller.bankName,
    bankNameEn: null,
    bankBic: seller.bankBic,
    documentFooter: null,
  };
  const from = day(invoice.periodStart);
  const to = day(invoice.periodEnd);
  const model = buildPrintModel(
    {
      type: "invoice",
      status: "issued",
      number: invoice.taxNumber,
      language: "bg",
      issueDate: invoice.issuedOn,
      taxEventDate: invoice.issuedOn,
      dueDate: null,
      placeOfIssue: seller.city,
      currency: invoice.currency,
      eurRate: null,
      vatGround: invoice.vatGround,
      vatGroundKind: null,
      paymentMethod: "card",
      authorName: seller.mol,
      recipientName: null,
      notes: `Платено с карта на ${printDate(invoice.issuedOn)}.${from && to ? ` Абонамент за периода ${from} – ${to}.` : ""}`,
      originalNumber: null,
      originalDate: null,
      reason: null,
      cancelReason: null,
      vatIncludedCents: invoice.vatCents,
      lines: [
        {
          description: invoice.description ?? "Абонамент за Сметка",
          quantity: "1",
          unit: "бр.",
          unitPrice: centsToDecimal(invoice.netCents),
          discountPercent: "0",
          vatRate: invoice.vatRate,
          netCents: invoice.netCents,
        },
      ],
    },
    supplier,
    party(buyer),
  );
  const bytes = await renderInPool(companyId, { kind: "document", model, logo: null });
  return {
    bytes,
    name: `Фактура-${invoice.taxNumber}.pdf`,
    asciiName: `faktura-${invoice.taxNumber}.pdf`,
  };
}
