/*
 * НАП's nomenclatures the monthly SAF-T file uses, as dated data with their source (decision 063).
 * The schema (BG_SAFT_Schema_V_1.0.1.xsd) names them but does not list their codes: they are in
 * НАП's Приложение № 2 (an Excel workbook). A code marked UNCONFIRMED was not checked against
 * that workbook here; a correction is a new row with a later `validFrom`, never an edit.
 */

export interface Dated<T> {
  validFrom: string;
  source: string;
  rows: T;
}

const XSD = "BG_SAFT_Schema_V_1.0.1.xsd (НАП, 07.2025), documentation annotations";
const PPZDDS =
  "ППЗДДС, чл. 116 and Приложение № 10 (document types of the VAT journals), as decision 050 writes them";
const NOM_PAYMENT =
  "НАП's Nom_PaymentMethod (Приложение № 2) as published in katehonz/cyberERP-bg-open (seeds/saft_payment_methods.exs, read 29.11.2026); mechanisms are UN/ECE 4461 codes";

/** Nom_Invoice_Types: the InvoiceType of a sales or purchase document. UNCONFIRMED: ППЗДДС's codes. */
export const INVOICE_TYPES: readonly Dated<Readonly<Record<string, string>>>[] = [
  {
    validFrom: "2026-01-01",
    source: PPZDDS,
    rows: { invoice: "01", debit_note: "02", credit_note: "03", protocol_117: "09" },
  },
];

/** Nom_PaymentMethod: PaymentMethod (01 cash, 02 set-off, 03 non-cash) and its mechanism. */
export const PAYMENT_METHODS: readonly Dated<
  Readonly<Record<string, { method: string; mechanism: string }>>
>[] = [
  {
    validFrom: "2026-01-01",
    source: NOM_PAYMENT,
    rows: {
      cash: { method: "01", mechanism: "10" },
      bank: { method: "03", mechanism: "42" },
      card: { method: "03", mechanism: "48" },
      // Cash on delivery reaches the bank account through the courier's transfer.
      cod: { method: "03", mechanism: "42" },
      other: { method: "03", mechanism: "42" },
    },
  },
];

/** TAX-IMP: the VAT's TaxType and a TaxCode per rate. UNCONFIRMED: TAX-IMP's codes were not found. */
export const TAX_CODES: readonly Dated<{
  taxType: string;
  description: string;
  codes: readonly { code: string; rate: number | null; description: string }[];
}>[] = [
  {
    validFrom: "2026-01-01",
    source: `${XSD} (TaxType, TaxCode: «Nomenclature TAX-IMP to be used»); codes UNCONFIRMED`,
    rows: {
      taxType: "VAT",
      description: "Данък върху добавената стойност",
      codes: [
        { code: "VAT20", rate: 20, description: "ДДС 20 %" },
        { code: "VAT9", rate: 9, description: "ДДС 9 %" },
        { code: "VAT0", rate: 0, description: "ДДС 0 %" },
        { code: "NOVAT", rate: null, description: "Без ДДС (освободена или извън обхвата)" },
        { code: "VAT", rate: null, description: "ДДС по сметките 453 (редове на главната книга)" },
      ],
    },
  },
];

/**
 * Unit_Of_Measure: the units of the Combined Nomenclature (p/st, kg, l, m, m2, m3, kWh…) for
 * goods, and UN/ECE Rec. 20 codes for the units of services the CN does not have (UNCONFIRMED).
 * Keys are the English abbreviations of reference/units.ts (what «бр.», «час» … mean).
 */
export const UNITS: readonly Dated<Readonly<Record<string, { code: string; name: string }>>>[] = [
  {
    validFrom: "2026-01-01",
    source:
      "Unit_Of_Measure of НАП's Приложение № 2 as the XSD describes it (units of the Combined Nomenclature, Regulation (EEC) 2658/87); services: UN/ECE Recommendation 20 — UNCONFIRMED",
    rows: {
      pcs: { code: "p/st", name: "брой" },
      kg: { code: "kg", name: "килограм" },
      g: { code: "g", name: "грам" },
      t: { code: "t", name: "тон" },
      m: { code: "m", name: "метър" },
      km: { code: "km", name: "километър" },
      "m²": { code: "m2", name: "квадратен метър" },
      "m³": { code: "m3", name: "кубичен метър" },
      l: { code: "l", name: "литър" },
      kWh: { code: "kWh", name: "киловатчас" },
      set: { code: "set", name: "комплект" },
      pack: { code: "pack", name: "пакет" },
      hour: { code: "HUR", name: "час" },
      day: { code: "DAY", name: "ден" },
      week: { code: "WEE", name: "седмица" },
      month: { code: "MON", name: "месец" },
      year: { code: "ANN", name: "година" },
      min: { code: "MIN", name: "минута" },
      night: { code: "DAY", name: "нощувка" },
      service: { code: "C62", name: "услуга" },
      subscription: { code: "C62", name: "абонамент" },
      project: { code: "C62", name: "проект" },
      transaction: { code: "C62", name: "сделка" },
      page: { code: "C62", name: "страница" },
      box: { code: "C62", name: "кутия" },
    },
  },
];

/** The ProductCommodityCode of a product with no CN code (a service). UNCONFIRMED. */
export const NO_COMMODITY_CODE = "00000000";

/** The rows in force on a day (the latest `validFrom` not after it). */
export function inForce<T>(table: readonly Dated<T>[], day: string): T {
  const row = [...table]
    .filter((r) => r.validFrom <= day)
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  if (!row) throw new RangeError(`No SAF-T nomenclature in force on ${day}`);
  return row.rows;
}
