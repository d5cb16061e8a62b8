import { parseDecimal } from "~/utils/money";
import { all, first, kids, textAt, UBL_NS, type XmlElement, XmlError } from "./xml";

/*
 * The UBL document as the EN 16931 rules (rules.ts, rules-categories.ts) see it, and the readings
 * they share: amounts in cents, rates, VAT categories of lines and breakdowns, sums per category.
 */

/** The document as the rules see it. */
export interface Doc {
  root: XmlElement;
  lines: XmlElement[];
  seller: XmlElement | undefined;
  buyer: XmlElement | undefined;
  totals: XmlElement | undefined;
  subtotals: XmlElement[];
  allowanceCharges: XmlElement[];
}

export interface Rule {
  id: string;
  text: string;
  message: string;
  /** True when the document breaks the rule. */
  broken: (doc: Doc) => boolean;
}

/** Cents of an amount with at most two decimals; null when it is absent or not one. */
export const cents = (element: XmlElement | undefined): bigint | null =>
  element ? parseDecimal(element.text.trim(), 2) : null;

/** A rate as a number scaled by 10^4 (20 → 200000); null when absent or not a number. */
export const rate = (element: XmlElement | undefined): bigint | null =>
  element ? parseDecimal(element.text.trim(), 4) : null;

export const isVat = (category: XmlElement) =>
  textAt(category, "cac:TaxScheme", "cbc:ID")?.toUpperCase() === "VAT";
export const categoryId = (category: XmlElement | undefined) =>
  category?.children.find((c) => c.ns === UBL_NS.cbc && c.name === "ID")?.text.trim();

/** The VAT category of a line (cac:Item/cac:ClassifiedTaxCategory). */
export const lineCategory = (line: XmlElement) =>
  all(line, "cac:Item", "cac:ClassifiedTaxCategory").find(isVat);

/** The VAT breakdowns (cac:TaxSubtotal/cac:TaxCategory) of one category code. */
export const breakdowns = (doc: Doc, code: string) =>
  doc.subtotals.filter((s) => {
    const category = first(s, "cac:TaxCategory");
    return category && isVat(category) && categoryId(category) === code;
  });

export const linesOf = (doc: Doc, code: string, percent?: bigint | null) =>
  doc.lines.filter((line) => {
    const category = lineCategory(line);
    if (categoryId(category) !== code) return false;
    return percent === undefined || rate(first(category, "cbc:Percent")) === percent;
  });

/** Σ line nets + charges − allowances of a category (and rate): null when an amount is unreadable. */
export function categorySum(doc: Doc, code: string, percent?: bigint | null): bigint | null {
  let sum = 0n;
  for (const line of linesOf(doc, code, percent)) {
    const net = cents(first(line, "cbc:LineExtensionAmount"));
    if (net === null) return null;
    sum += net;
  }
  for (const ac of doc.allowanceCharges) {
    const category = first(ac, "cac:TaxCategory");
    if (categoryId(category) !== code) continue;
    if (percent !== undefined && rate(first(category, "cbc:Percent")) !== percent) continue;
    const amount = cents(first(ac, "cbc:Amount"));
    if (amount === null) return null;
    sum += textAt(ac, "cbc:ChargeIndicator") === "true" ? amount : -amount;
  }
  return sum;
}

export const hasLineCategory = (doc: Doc, code: string) => linesOf(doc, code).length > 0;
export const sellerVat = (doc: Doc) =>
  all(doc.seller, "cac:PartyTaxScheme").some((s) => isVat(s) && textAt(s, "cbc:CompanyID")) ||
  all(doc.root, "cac:TaxRepresentativeParty", "cac:PartyTaxScheme").some(
    (s) => isVat(s) && textAt(s, "cbc:CompanyID"),
  );
export const buyerVat = (doc: Doc) =>
  all(doc.buyer, "cac:PartyTaxScheme").some((s) => isVat(s) && textAt(s, "cbc:CompanyID"));
export const hasReason = (subtotal: XmlElement) =>
  Boolean(
    textAt(subtotal, "cac:TaxCategory", "cbc:TaxExemptionReason") ||
      textAt(subtotal, "cac:TaxCategory", "cbc:TaxExemptionReasonCode"),
  );
/** The total of a totals element's child; 0 when absent (document allowances and charges). */
export const optional = (doc: Doc, name: `cbc:${string}`) =>
  first(doc.totals, name) ? cents(first(doc.totals, name)) : 0n;

export const absolute = (value: bigint) => (value < 0n ? -value : value);

/** The document of a UBL root: XmlError when it is neither a UBL Invoice nor a CreditNote. */
export function docOf(root: XmlElement): Doc {
  const isInvoice = root.ns === UBL_NS.invoice && root.name === "Invoice";
  const isCredit = root.ns === UBL_NS.creditNote && root.name === "CreditNote";
  if (!isInvoice && !isCredit) throw new XmlError("not a UBL Invoice or CreditNote");
  return {
    root,
    lines: kids(root, isCredit ? "cac:CreditNoteLine" : "cac:InvoiceLine"),
    seller: first(root, "cac:AccountingSupplierParty", "cac:Party"),
    buyer: first(root, "cac:AccountingCustomerParty", "cac:Party"),
    totals: first(root, "cac:LegalMonetaryTotal"),
    subtotals: all(root, "cac:TaxTotal", "cac:TaxSubtotal"),
    allowanceCharges: kids(root, "cac:AllowanceCharge"),
  };
}
