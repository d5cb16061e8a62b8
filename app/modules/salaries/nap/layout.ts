import { centsToDecimal } from "~/utils/money";
import { type FieldSpec, written } from "./layout-spec";

/*
 * The records of Декларация обр. 1 (EMPL2021.TXT) and обр. 6 (NRA62007.TXT, in layout-form6.ts) as
 * this app writes them: one table per form, one row per field in file order, each with the form's item, the
 * field's kind and how sure we are of it (decision 024 lists the sources). A field nobody has
 * confirmed is written as the two independent generators found write it (0, 0.00, "" or "0000");
 * when НАП's specification is in hand, a row here changes and the tests say what moved.
 *
 * Container rules (CONFIRMED unless decision 024 says otherwise): fields separated by commas, text
 * in double quotes, upper case, no quote or comma inside; a number with no value is 0; amounts
 * positive with two decimals and a point; CR LF after every record; Windows-1251 (encoding.server).
 */

/** The rates of one person's month, in per cent, as the payroll used them ("8.38"). */
export interface Form1Rates {
  dooEmployer: string;
  dooEmployee: string;
  zoEmployer: string;
  zoEmployee: string;
  tzpb: string;
  /** ГВРС, employer only (0.00 for civil contracts). */
  gvrs: string;
  upfEmployer: string;
  upfEmployee: string;
}

/** One record of обр. 1: a person's month. Money in cents. */
export interface Form1Record {
  month: number;
  year: number;
  eik: string;
  idNumber: string;
  /** т. 5.1: 0 ЕГН, 1 ЛНЧ. */
  idCode: 0 | 1;
  surname: string;
  initials: string;
  /** т. 12, two digits. */
  insuredType: string;
  /** The employee's НКПД code, 8 digits ("" when missing: a failing check). */
  occupationCode: string;
  /** The company's КИД-2008 code, 4 digits ("" when missing: a failing check). */
  activityCode: string;
  /** т. 14 and т. 15: the first and last day of the month in insurance (1–31). */
  firstDay: number;
  lastDay: number;
  workedDays: number;
  sickDays: number;
  unpaidDays: number;
  workedHours: number;
  insurableCents: number;
  rates: Form1Rates;
  grossCents: number;
  taxableCents: number;
  taxCents: number;
  /** 0 a regular record (corrections: issue #27 item 4). */
  correction: number;
  /** The format's last field, "NRAD12008" for EMPL2021. */
  tag: string;
}

const zero = () => 0;
const zeroAmount = () => "0.00";
const unknown = (item = "—", label = "Неизвестно поле (записва се празно)") => ({
  item,
  label,
  confidence: "UNCONFIRMED" as const,
});

/** обр. 1, EMPL2021: 53 fields (decision 024, table 1). */
export const FORM1_FIELDS: readonly FieldSpec<Form1Record>[] = [
  {
    item: "т. 2",
    label: "Месец",
    kind: "int",
    confidence: "CONFIRMED",
    value: (r) => r.month,
  },
  {
    item: "т. 3",
    label: "Година",
    kind: "int",
    confidence: "CONFIRMED",
    value: (r) => r.year,
  },
  {
    item: "т. 4",
    label: "ЕИК",
    kind: "text",
    confidence: "CONFIRMED",
    value: (r) => r.eik,
  },
  {
    item: "т. 5",
    label: "ЕГН/ЛНЧ",
    kind: "text",
    confidence: "CONFIRMED",
    value: (r) => r.idNumber,
  },
  {
    item: "т. 5.1",
    label: "Код ЕГН/ЛНЧ",
    kind: "int",
    confidence: "CONFIRMED",
    value: (r) => r.idCode,
  },
  {
    item: "т. 6",
    label: "Фамилия",
    kind: "text",
    confidence: "CONFIRMED",
    value: (r) => r.surname,
  },
  {
    item: "т. 7",
    label: "Инициали",
    kind: "text",
    confidence: "CONFIRMED",
    value: (r) => r.initials,
  },
  {
    item: "т. 12",
    label: "Вид осигурен",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.insuredType,
  },
  {
    item: "т. 14",
    label: "Първи ден в осигуряване",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.firstDay,
  },
  {
    item: "т. 15",
    label: "Последен ден в осигуряване",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.lastDay,
  },
  ...Array.from({ length: 8 }, (_, i) => ({
    ...unknown(),
    label: `Неизвестно числово поле ${11 + i}`,
    kind: "int" as const,
    value: zero,
  })),
  {
    item: "т. 13",
    label: "Код за сумирано изчисляване на работното време",
    kind: "text",
    confidence: "UNCONFIRMED",
    value: () => "",
  },
  {
    item: "т. 16.1",
    label: "Отработени дни",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.workedDays,
  },
  {
    item: "т. 16.2",
    label: "Дни временна неработоспособност",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.sickDays,
  },
  {
    item: "т. 16.3",
    label: "Дни майчинство",
    kind: "int",
    confidence: "UNCONFIRMED",
    value: zero,
  },
  {
    item: "т. 16.4",
    label: "Дни без осигуряване, зачетени за стаж (неплатен отпуск)",
    kind: "int",
    confidence: "UNCONFIRMED",
    value: (r) => r.unpaidDays,
  },
  {
    ...unknown(),
    label: "Неизвестно числово поле 24",
    kind: "int",
    value: zero,
  },
  {
    ...unknown(),
    label: "Неизвестно числово поле 25",
    kind: "int",
    value: zero,
  },
  {
    item: "т. 16.7",
    label: "Отработени часове",
    kind: "int",
    confidence: "UNCONFIRMED",
    value: (r) => r.workedHours,
  },
  {
    item: "т. 16.8",
    label: "Часове извънреден труд",
    kind: "int",
    confidence: "UNCONFIRMED",
    value: zero,
  },
  {
    ...unknown(),
    label: "Неизвестно числово поле 28",
    kind: "int",
    value: zero,
  },
  {
    ...unknown(),
    label: "Неизвестно текстово поле 29",
    kind: "text",
    value: () => "",
  },
  {
    ...unknown("т. 12.1?"),
    label: "Първа цифра на кода по НКПД на длъжността (позицията е предположение)",
    kind: "int",
    value: (r) => r.occupationCode.slice(0, 1) || 0,
  },
  {
    ...unknown("т. 12.2?"),
    label: "Код по КИД-2008 на основната дейност (позицията е предположение)",
    kind: "text",
    value: (r) => r.activityCode || "0000",
  },
  {
    ...unknown(),
    label: "Неизвестна сума 32",
    kind: "amount",
    value: zeroAmount,
  },
  {
    ...unknown(),
    label: "Неизвестна сума 33",
    kind: "amount",
    value: zeroAmount,
  },
  {
    item: "т. 21",
    label: "Осигурителен доход",
    kind: "amount",
    confidence: "LIKELY",
    value: (r) => centsToDecimal(r.insurableCents),
  },
  {
    item: "т. 22, к. 1",
    label: "Ставка ДОО без ТЗПБ — осигурител",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.dooEmployer,
  },
  {
    item: "т. 22, к. 2",
    label: "Ставка ДОО без ТЗПБ — осигурен",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.dooEmployee,
  },
  {
    item: "т. 22.1, к. 1",
    label: "Ставка ЗО — осигурител",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.zoEmployer,
  },
  {
    item: "т. 22.1, к. 2",
    label: "Ставка ЗО — осигурен",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.zoEmployee,
  },
  {
    item: "т. 22.2",
    label: "Ставка ТЗПБ",
    kind: "rate",
    confidence: "UNCONFIRMED",
    value: (r) => r.rates.tzpb,
  },
  {
    item: "т. 23",
    label: "Ставка Учителски пенсионен фонд",
    kind: "rate",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 25",
    label: "Ставка ППФ",
    kind: "rate",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 26, к. 1",
    label: "Ставка УПФ — осигурител",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.upfEmployer,
  },
  {
    item: "т. 26, к. 2",
    label: "Ставка УПФ — осигурен",
    kind: "rate",
    confidence: "LIKELY",
    value: (r) => r.rates.upfEmployee,
  },
  {
    item: "т. 27",
    label: "Доход само за ЗО",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 28",
    label: "Ставка ЗО (само ЗО)",
    kind: "rate",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 29",
    label: "Брутно възнаграждение",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: (r) => centsToDecimal(r.grossCents),
  },
  {
    item: "т. 30",
    label: "Ставка ГВРС",
    kind: "rate",
    confidence: "UNCONFIRMED",
    value: (r) => r.rates.gvrs,
  },
  {
    item: "т. 32",
    label: "Доброволно социално осигуряване",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 33",
    label: "Доброволно здравно осигуряване",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: zeroAmount,
  },
  {
    item: "т. 31",
    label: "Облагаем доход по ЗДДФЛ",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: (r) => centsToDecimal(r.taxableCents),
  },
  {
    item: "т. 31а",
    label: "Удържан данък по чл. 42 ЗДДФЛ",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: (r) => centsToDecimal(r.taxCents),
  },
  {
    item: "т. 1",
    label: "Вид на записа (0 — редовен)",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.correction,
  },
  {
    item: "—",
    label: "Версия на формата",
    kind: "text",
    confidence: "LIKELY",
    value: (r) => r.tag,
  },
];

/** The fields of one обр. 1 record, as written. */
export function form1Fields(record: Form1Record): string[] {
  return FORM1_FIELDS.map((spec) => written(spec, record));
}

/** Records as the file's text: comma-separated fields, CR LF after every record. */
export function fileText(records: string[][]): string {
  return records.map((fields) => `${fields.join(",")}\r\n`).join("");
}

/** dd/mm/yyyy for a yyyy-mm-dd day (обр. 6 т. 18). */
export function slashDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}
