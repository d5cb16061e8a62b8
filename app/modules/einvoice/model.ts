import { PAYMENT_METHODS } from "~/modules/invoices/constants";
import type { PartySnapshot, SupplierSnapshot } from "~/modules/invoices/snapshots";
import { countryByCode } from "~/modules/reference/countries";
import type { VatGroundKind } from "~/modules/reference/vat-rows";
import { printDate } from "~/utils/dates";
import {
  computeTotals,
  convertCents,
  DISCOUNT_SCALE,
  PRICE_SCALE,
  parseDecimal,
  scaledToString,
} from "~/utils/money";

/*
 * An issued document as an EN 16931 e-invoice (Peppol BIS Billing 3.0): what the UBL file says,
 * worked out from the document's stored figures and its frozen supplier and client. Pure: the
 * database is read in ubl.server.ts, the XML written there too.
 */

export const CUSTOMIZATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** UNCL5305 VAT category codes used for Bulgarian documents. */
export type VatCategory = "S" | "Z" | "E" | "AE" | "K" | "G" | "O";

/** What a legal ground (its kind in the grounds table) makes of a line without VAT. */
export const KIND_CATEGORY: Record<VatGroundKind, VatCategory> = {
  not_registered: "O",
  reverse_charge: "AE",
  intra_community: "K",
  export: "G",
  exempt: "E",
  zero: "Z",
  outside_scope: "O",
};

/** The VATEX exemption reason codes (BT-121) of the categories that take one. */
const VATEX: Partial<Record<VatCategory, string>> = {
  AE: "VATEX-EU-AE",
  K: "VATEX-EU-IC",
  G: "VATEX-EU-G",
  O: "VATEX-EU-O",
};

/** UN/ECE Recommendation 20 unit codes of the units people type on Bulgarian documents. */
const UNIT_CODES: [RegExp, string][] = [
  [/^(бр|брой|броя|pcs?|piece|pieces|ea|each)$/, "H87"],
  [/^(ч|час|часа|часове|h|hr|hrs|hour|hours)$/, "HUR"],
  [/^(мин|минута|минути|min|minute|minutes)$/, "MIN"],
  [/^(д|ден|дни|дена|day|days)$/, "DAY"],
  [/^(мес|месец|месеца|месеци|month|months)$/, "MON"],
  [/^(г|год|година|години|year|years)$/, "ANN"],
  [/^(кг|kg)$/, "KGM"],
  [/^(гр|g)$/, "GRM"],
  [/^(т|тон|тона|t)$/, "TNE"],
  [/^(м|метър|метра|m)$/, "MTR"],
  [/^(км|km)$/, "KMT"],
  [/^(см|cm)$/, "CMT"],
  [/^(мм|mm)$/, "MMT"],
  [/^(м2|м²|кв\.?м|m2|m²|sqm)$/, "MTK"],
  [/^(м3|м³|куб\.?м|m3|m³)$/, "MTQ"],
  [/^(л|литър|литра|l|ltr)$/, "LTR"],
  [/^(мл|ml)$/, "MLT"],
  [/^(квтч|kwh)$/, "KWH"],
  [/^(к-т|кт|комплект|комплекта|set|sets)$/, "SET"],
  [/^(пак|пакет|пакета|pack)$/, "PK"],
];

/** The Rec 20 code of a unit as typed ("бр." → H87, "час" → HUR); C62 ("one") otherwise. */
export function unitCode(unit: string): string {
  const key = unit.trim().toLocaleLowerCase("bg").replace(/\s+/g, "").replace(/\.$/, "");
  return UNIT_CODES.find(([pattern]) => pattern.test(key))?.[1] ?? "C62";
}

/**
 * The Peppol Electronic Address Scheme of a VAT number, by its prefix (EAS code list: 9926 is
 * Bulgaria's VAT number, 9930 Germany's …); undefined for a country without one.
 */
const VAT_EAS: Record<string, string> = {
  AD: "9922",
  AL: "9923",
  AT: "9914",
  BA: "9924",
  BE: "9925",
  BG: "9926",
  CH: "9927",
  CY: "9928",
  CZ: "9929",
  DE: "9930",
  EE: "9931",
  GB: "9932",
  EL: "9933",
  GR: "9933",
  ES: "9920",
  FR: "9957",
  HR: "9934",
  HU: "9910",
  IE: "9935",
  IT: "0211",
  LI: "9936",
  LT: "9937",
  LU: "9938",
  LV: "9939",
  MC: "9940",
  ME: "9941",
  MK: "9942",
  MT: "9943",
  NL: "9944",
  PL: "9945",
  PT: "9946",
  RO: "9947",
  RS: "9948",
  SI: "9949",
  SK: "9950",
  SM: "9951",
  TR: "9952",
  VA: "9953",
};

export interface Endpoint {
  scheme: string;
  id: string;
}

/** A party's electronic address (BT-34/BT-49): its VAT number where the EAS has one, else its e-mail. */
export function endpointOf(vatNumber: string | null, email: string | null): Endpoint | null {
  const scheme = vatNumber ? VAT_EAS[vatNumber.slice(0, 2).toUpperCase()] : undefined;
  if (vatNumber && scheme) return { scheme, id: vatNumber.toUpperCase() };
  if (email) return { scheme: "EM", id: email };
  return null;
}

/** A VAT number with its country prefix (the stored ones have it; a bare number gets the country's). */
export function vatId(vatNumber: string | null, countryCode: string): string | null {
  if (!vatNumber) return null;
  const compact = vatNumber.replace(/[\s.-]/g, "").toUpperCase();
  if (/^[A-Z]{2}/.test(compact)) return compact;
  return `${countryCode === "GR" ? "EL" : countryCode}${compact}`;
}

export interface EParty {
  name: string;
  endpoint: Endpoint | null;
  /** BT-31 / BT-48, only where the VAT category allows it. */
  vatId: string | null;
  /** ЕИК / Булстат (BT-30 / BT-47). */
  legalId: string | null;
  street: string;
  city: string;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2; null when the stored code is not one. */
  countryCode: string | null;
  email: string | null;
  phone: string | null;
}

export interface ELine {
  id: string;
  name: string;
  quantity: string;
  unitCode: string;
  netCents: number;
  /** The price after the line's discount, exact (BT-146). */
  netPrice: string;
  /** The price before the discount and the discount per unit (BT-148, BT-147), when discounted. */
  gross: { price: string; discount: string } | null;
  category: VatCategory;
  /** null for O (no rate may be given). */
  percent: number | null;
}

export interface EBreakdown {
  category: VatCategory;
  percent: number | null;
  baseCents: number;
  vatCents: number;
  reasonCode: string | null;
  reason: string | null;
}

export interface EInvoice {
  kind: "invoice" | "debit_note" | "credit_note";
  /** UNCL 1001 386 (prepayment invoice) instead of 380: an advance invoice (decision 074). */
  prepayment?: boolean;
  number: string;
  issueDate: string;
  dueDate: string | null;
  taxPointDate: string | null;
  note: string | null;
  currency: string;
  /** EUR when the document is in another currency (its VAT is also given in euro). */
  taxCurrency: string | null;
  buyerReference: string;
  billingReference: { number: string; date: string | null } | null;
  pdf: { fileName: string; base64: string } | null;
  supplier: EParty;
  customer: EParty;
  /** Deliver-to country and date (intra-Community supplies need them, BR-IC-11/12). */
  delivery: { date: string; countryCode: string | null } | null;
  payment: {
    code: string;
    name: string;
    dueDate: string | null;
    paymentId: string;
    iban: string | null;
    bic: string | null;
    bankName: string | null;
  };
  paymentTerms: string;
  lines: ELine[];
  breakdown: EBreakdown[];
  vatCents: number;
  vatInTaxCurrencyCents: number | null;
  subtotalCents: number;
  totalCents: number;
  prepaidCents: number;
  payableCents: number;
}

/** The stored document as the e-invoice needs it. */
export interface EInvoiceSource {
  type: "invoice" | "debit_note" | "credit_note";
  /** An invoice for an advance payment (decision 074): type code 386, «Prepayment invoice». */
  advance?: boolean;
  number: string;
  issueDate: string;
  taxEventDate: string | null;
  dueDate: string | null;
  currency: string;
  eurRate: string | null;
  vatGround: string | null;
  paymentMethod: keyof typeof PAYMENT_METHODS;
  notes: string | null;
  reason: string | null;
  originalNumber: string | null;
  originalDate: string | null;
  paidCents: number;
  lines: {
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    discountPercent: string;
    vatRate: number | null;
    netCents: number;
  }[];
}

/** A decimal without trailing zeros, at least two decimals ("12.50", "10.82215296"). */
function decimalText(value: bigint, scale: number): string {
  const text = scaledToString(value, scale);
  return text.replace(/(\.\d\d\d*?)0+$/, "$1");
}

const PAYMENT_CODES: Record<keyof typeof PAYMENT_METHODS, string> = {
  bank: "30",
  cash: "10",
  card: "48",
  cod: "10",
  other: "1",
};

/**
 * The category of the lines without VAT (rate 0 or none): from the document's legal ground's kind;
 * a company not registered for VAT charges none (O); a ground the table does not know is treated
 * as an exemption, its text the reason. O cannot stand beside other categories (BR-O-11), so an
 * out-of-scope ground on a document that also charges VAT is given as an exemption too.
 */
export function zeroCategory(
  vatRegistered: boolean,
  kind: VatGroundKind | null,
  chargesVat: boolean,
): VatCategory {
  if (!vatRegistered) return "O";
  const category = kind ? KIND_CATEGORY[kind] : "E";
  return category === "O" && chargesVat ? "E" : category;
}

function party(p: PartySnapshot | SupplierSnapshot, withVatId: boolean): EParty {
  const country = countryByCode(p.countryCode);
  const vat = vatId(p.vatNumber, p.countryCode);
  return {
    name: p.name,
    endpoint: endpointOf(vat, p.email),
    vatId: withVatId ? vat : null,
    legalId: p.eik || null,
    street: p.address,
    city: p.city,
    postalCode: p.postalCode || null,
    countryCode: country ? country.code : null,
    email: p.email || null,
    phone: p.phone || null,
  };
}

/** The e-invoice of an issued invoice, debit or credit note. */
export function buildEInvoice(input: {
  doc: EInvoiceSource;
  supplier: SupplierSnapshot;
  client: PartySnapshot;
  groundKind: VatGroundKind | null;
  pdf: { fileName: string; data: Uint8Array } | null;
}): EInvoice {
  const { doc, supplier, client } = input;
  const chargesVat = doc.lines.some((line) => (line.vatRate ?? 0) > 0);
  const zero = zeroCategory(supplier.isVatRegistered, input.groundKind, chargesVat);
  const categoryOf = (rate: number | null): VatCategory => (rate && rate > 0 ? "S" : zero);
  const ground = doc.vatGround?.trim() || null;

  const lines: ELine[] = doc.lines.map((line, index) => {
    // A line that takes away (an advance deducted, decision 074) has a negative price; EN 16931
    // wants the price never negative (BR-27), so it is the quantity that is.
    const signed = parseDecimal(line.unitPrice, PRICE_SCALE) ?? 0n;
    const sign = signed < 0n ? -1n : 1n;
    const quantity = sign * (parseDecimal(line.quantity, 3) ?? 0n);
    const price = sign * signed;
    const discount = parseDecimal(line.discountPercent, DISCOUNT_SCALE) ?? 0n;
    // price × (1 − discount / 100), exact: scale 4 + 4.
    const net = price * (10_000n - discount);
    const category = categoryOf(line.vatRate);
    return {
      id: String(index + 1),
      name: line.description,
      quantity: scaledToString(quantity, 3).replace(/\.?0+$/, ""),
      unitCode: unitCode(line.unit),
      netCents: line.netCents,
      netPrice: decimalText(net, PRICE_SCALE + 4),
      gross:
        discount > 0n
          ? {
              price: decimalText(price, PRICE_SCALE),
              discount: decimalText(price * 10_000n - net, PRICE_SCALE + 4),
            }
          : null,
      category,
      percent: category === "O" ? null : (line.vatRate ?? 0),
    };
  });

  // O: no VAT identifiers at all (BR-O-02); the legal identifiers (ЕИК) stay.
  const withVatIds = !lines.some((line) => line.category === "O");

  // The document's own totals (one rounding rule), grouped by category and rate.
  const totals = computeTotals(doc.lines);
  const groups = new Map<string, EBreakdown>();
  for (const group of totals.groups) {
    const category = categoryOf(group.rate);
    const percent = category === "O" ? null : (group.rate ?? 0);
    const key = `${category}:${percent}`;
    const existing = groups.get(key);
    if (existing) {
      existing.baseCents += group.baseCents;
      existing.vatCents += group.vatCents;
      continue;
    }
    const exempt = category === "E" || category === "AE" || category === "K" || category === "G";
    groups.set(key, {
      category,
      percent,
      baseCents: group.baseCents,
      vatCents: group.vatCents,
      reasonCode: VATEX[category] ?? null,
      reason:
        category === "AE"
          ? `Обратно начисляване${ground ? ` — ${ground}` : ""}`
          : exempt
            ? (ground ?? "Освободена доставка")
            : category === "O"
              ? (ground ?? "Не подлежи на облагане с ДДС")
              : null,
    });
  }

  // A zero rate may not carry an exemption reason (BR-Z-10), yet the law wants its ground on the
  // invoice (чл. 114 ЗДДС): it goes in the note.
  const notes = [
    ground && lines.some((line) => line.category === "Z")
      ? `Основание за нулева ставка: ${ground}`
      : null,
    doc.reason ? `Основание за известието: ${doc.reason}` : null,
    doc.notes,
  ].filter((text): text is string => Boolean(text?.trim()));

  const foreign = doc.currency !== "EUR" && doc.currency !== "BGN";
  const paidCents = Math.min(Math.max(doc.paidCents, 0), totals.totalCents);
  const bank = doc.paymentMethod === "bank" && supplier.bankIban ? supplier : null;
  const method = PAYMENT_METHODS[doc.paymentMethod];
  const isNote = doc.type !== "invoice";
  return {
    kind: doc.type,
    prepayment: doc.type === "invoice" && doc.advance === true,
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    taxPointDate: doc.taxEventDate && doc.taxEventDate !== doc.issueDate ? doc.taxEventDate : null,
    note: notes.length ? notes.join("\n") : null,
    currency: doc.currency,
    taxCurrency: foreign && doc.eurRate ? "EUR" : null,
    buyerReference: doc.number,
    billingReference:
      isNote && doc.originalNumber ? { number: doc.originalNumber, date: doc.originalDate } : null,
    pdf: input.pdf
      ? { fileName: input.pdf.fileName, base64: Buffer.from(input.pdf.data).toString("base64") }
      : null,
    supplier: party(supplier, withVatIds),
    customer: party(client, withVatIds),
    delivery: lines.some((line) => line.category === "K")
      ? {
          date: doc.taxEventDate ?? doc.issueDate,
          countryCode: countryByCode(client.countryCode)?.code ?? null,
        }
      : null,
    payment: {
      code: bank
        ? PAYMENT_CODES.bank
        : doc.paymentMethod === "bank"
          ? "1"
          : PAYMENT_CODES[doc.paymentMethod],
      name: method,
      dueDate: doc.dueDate,
      paymentId: doc.number,
      iban: bank?.bankIban?.replace(/\s/g, "") ?? null,
      bic: bank?.bankBic || null,
      bankName: bank?.bankName || null,
    },
    paymentTerms: `Начин на плащане: ${method}${doc.dueDate ? `; падеж ${printDate(doc.dueDate)}` : ""}`,
    lines,
    breakdown: [...groups.values()],
    vatCents: totals.vatCents,
    vatInTaxCurrencyCents:
      foreign && doc.eurRate ? convertCents(totals.vatCents, doc.eurRate) : null,
    subtotalCents: totals.subtotalCents,
    totalCents: totals.totalCents,
    prepaidCents: paidCents,
    payableCents: totals.totalCents - paidCents,
  };
}
