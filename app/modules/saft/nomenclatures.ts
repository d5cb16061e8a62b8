/*
 * НАП's nomenclatures the monthly SAF-T file uses, as dated data with their source (decision 063).
 * The schema (BG_SAFT_Schema_V_1.0.1.xsd) names them but does not list their codes: they are in
 * НАП's Приложение № 2 (an Excel workbook). A code marked UNCONFIRMED was not checked against
 * that workbook's sheets; a correction is a new row, never an edit: a later `validFrom`, or the
 * same one with a later `recorded` (what was wrong from the start).
 */

export interface Dated<T> {
  validFrom: string;
  /** The day the row was written: of two rows from the same day, the later one is in force. */
  recorded?: string;
  source: string;
  rows: T;
}

/** НАП's sheets of Приложение № 2 as the public copy that ships with the 1.0.1 schema has them. */
const SHEETS =
  "НАП's Приложение № 2 sheets (SAF-T 1.0.1) as published in katehonz/barasurya-BG, FILE/SAFT_BG/ (commit 63f19fa, read 29.11.2026)";

const XSD = "BG_SAFT_Schema_V_1.0.1.xsd (НАП, 07.2025), documentation annotations";
const PPZDDS =
  "ППЗДДС, чл. 116 and Приложение № 10 (document types of the VAT journals), as decision 050 writes them";
const NOM_PAYMENT =
  "НАП's Nom_PaymentMethod (Приложение № 2) as published in katehonz/cyberERP-bg-open (seeds/saft_payment_methods.exs, read 29.11.2026); mechanisms are UN/ECE 4461 codes";

/** Nom_Invoice_Types: the InvoiceType of a sales or purchase document (ППЗДДС's codes). */
export const INVOICE_TYPES: readonly Dated<Readonly<Record<string, string>>>[] = [
  {
    validFrom: "2026-01-01",
    source: PPZDDS,
    rows: { invoice: "01", debit_note: "02", credit_note: "03", protocol_117: "09" },
  },
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: Nom_Invoice_Types.csv (01 Фактура, 02 Дебитно известие, 03 Кредитно известие, 09 Протокол или друг документ) — confirmed`,
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
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: Nom_PaymentMethod.csv (01/10 в брой, 03/42 по банкова сметка, 03/48 банкова карта) — confirmed`,
    rows: {
      cash: { method: "01", mechanism: "10" },
      bank: { method: "03", mechanism: "42" },
      card: { method: "03", mechanism: "48" },
      cod: { method: "03", mechanism: "42" },
      other: { method: "03", mechanism: "42" },
    },
  },
];

/** Where a tax code is written: a sales document, a purchase document, a ledger line. */
type TaxUse = "sales" | "purchases" | "ledger";

/**
 * TAX-IMP: the VAT's TaxType and a TaxCode per rate and use. A ledger line's TaxInformation (the
 * schema wants one on every line) takes `notApplicable` unless it is a VAT account's.
 */
export const TAX_CODES: readonly Dated<{
  taxType: string;
  description: string;
  codes: readonly { code: string; rate: number | null; description: string; use?: TaxUse }[];
  notApplicable?: { taxType: string; taxCode: string };
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
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: TAX-IMP.csv (вид 100 ДДС; кодове 100211, 100213, 100214, 100219, 100330, 100331; «000»/«000000» where no code applies). A ledger line of a VAT account: 100/000000 — UNCONFIRMED (TAX-IMP has no code for it); purchases with partial credit (100332) are written as full — UNCONFIRMED`,
    rows: {
      taxType: "100",
      description: "Данък върху добавената стойност",
      codes: [
        { code: "100211", rate: 20, use: "sales", description: "ДО на облагаемите доставки 20 %" },
        { code: "100213", rate: 9, use: "sales", description: "ДО на облагаемите доставки 9 %" },
        {
          code: "100214",
          rate: 0,
          use: "sales",
          description: "ДО на доставките 0 % (глава трета ЗДДС)",
        },
        { code: "100219", rate: null, use: "sales", description: "ДО на освободени доставки" },
        {
          code: "100331",
          rate: 20,
          use: "purchases",
          description: "ДО на получените доставки с право на пълен данъчен кредит",
        },
        {
          code: "100331",
          rate: 9,
          use: "purchases",
          description: "ДО на получените доставки с право на пълен данъчен кредит (9 %)",
        },
        {
          code: "100330",
          rate: null,
          use: "purchases",
          description: "Получени доставки без право на данъчен кредит или без данък",
        },
        { code: "000000", rate: null, use: "ledger", description: "ДДС по сметките 453" },
      ],
      notApplicable: { taxType: "000", taxCode: "000000" },
    },
  },
];

/**
 * The TaxType and TaxCode of a VAT rate where it is written. Rows without a use are the sales'
 * (and the purchases' when they have none); a rate without its code takes the use's rate-less one.
 */
export function vatTaxCode(day: string, use: TaxUse, rate: number | null) {
  const tax = inForce(TAX_CODES, day);
  const of = (u: TaxUse) => tax.codes.filter((c) => (c.use ?? "sales") === u);
  const codes = of(use).length ? of(use) : of("sales");
  const code =
    codes.find((c) => c.rate === rate) ??
    codes.find((c) => c.rate === null) ??
    (codes[0] as { code: string });
  return { taxType: tax.taxType, taxCode: code.code };
}

/** A ledger line's TaxType and TaxCode: a VAT account's, or «not applicable». */
export function ledgerTaxCode(day: string, vatAccount: boolean) {
  const tax = inForce(TAX_CODES, day);
  if (!tax.notApplicable) {
    return { taxType: tax.taxType, taxCode: vatAccount ? "VAT" : "NOVAT" };
  }
  return vatAccount ? vatTaxCode(day, "ledger", null) : tax.notApplicable;
}

/**
 * Unit_Of_Measure: first read as the Combined Nomenclature's units (p/st, kg…); НАП's sheet is
 * UN/ECE Recommendation 20 (H87, KGM, HUR…), the row of 29.11.2026. `goods`: a unit of goods
 * (GoodsServicesID 01), else of services (02). Keys are the English abbreviations of
 * reference/units.ts (what «бр.», «час» … mean).
 */
export const UNITS: readonly Dated<
  Readonly<Record<string, { code: string; name: string; goods?: boolean }>>
>[] = [
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
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: «Unit of Measure.csv» — НАП's units are UN/ECE Recommendation 20 (and 21) codes, not the Combined Nomenclature's (H87 бройка, KGM, LTR, HUR…; НАП's own sample file writes H87). «Услуга» as C62 (единица): UNCONFIRMED, the sheet has no service unit`,
    rows: {
      pcs: { code: "H87", name: "бройка", goods: true },
      kg: { code: "KGM", name: "килограм", goods: true },
      g: { code: "GRM", name: "грам", goods: true },
      t: { code: "TNE", name: "тон", goods: true },
      m: { code: "MTR", name: "метър", goods: true },
      km: { code: "KMT", name: "километър" },
      "m²": { code: "MTK", name: "квадратен метър", goods: true },
      "m³": { code: "MTQ", name: "кубичен метър", goods: true },
      l: { code: "LTR", name: "литър", goods: true },
      kWh: { code: "KWH", name: "киловатчас", goods: true },
      set: { code: "SET", name: "набор/комплект", goods: true },
      pack: { code: "XPK", name: "пакет/опаковка", goods: true },
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
      page: { code: "ZP", name: "страница" },
      box: { code: "XBX", name: "кутия", goods: true },
    },
  },
];

/** The ProductCommodityCode of a product with no CN code (a service, or goods not required to). */
export const NO_COMMODITY_CODE: readonly Dated<string>[] = [
  { validFrom: "2026-01-01", source: "UNCONFIRMED guess", rows: "00000000" },
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: MasterFiles.csv, MF.P.6 («…в тези случаи се попълва 0»)`,
    rows: "0",
  },
];

/**
 * Header's Ownership for a company that names no group: IsPartOfGroup (1–4 a group's head or
 * member, 5 «Не») and what the group's elements then carry.
 */
export const OWNERSHIP: readonly Dated<{ isPartOfGroup: string; noGroup: string }>[] = [
  {
    validFrom: "2026-01-01",
    source: "UNCONFIRMED guess",
    rows: { isPartOfGroup: "1", noGroup: "" },
  },
  {
    validFrom: "2026-01-01",
    recorded: "2026-11-29",
    source: `${SHEETS}: Structures.csv, S.O.1 (5 — Не) and S.O.7 («…в елементи от S.O.8 до S.O.11 се подава стойност 00»)`,
    rows: { isPartOfGroup: "5", noGroup: "00" },
  },
];

/** The rows in force on a day: the latest `validFrom` not after it, the latest `recorded` of those. */
export function inForce<T>(table: readonly Dated<T>[], day: string): T {
  const row = [...table]
    .filter((r) => r.validFrom <= day)
    .sort(
      (a, b) =>
        b.validFrom.localeCompare(a.validFrom) ||
        (b.recorded ?? "").localeCompare(a.recorded ?? ""),
    )[0];
  if (!row) throw new RangeError(`No SAF-T nomenclature in force on ${day}`);
  return row.rows;
}
