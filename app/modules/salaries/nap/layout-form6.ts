import { centsToDecimal } from "~/utils/money";
import { type FieldSpec, written } from "./layout-spec";

/*
 * The record of Декларация обр. 6 (NRA62007.TXT) as this app writes it: the company's fields, up
 * to four columns of the funds, the tag (layout.ts has the container rules and обр. 1).
 */

/** One column (т. 7–18) of обр. 6. Money in cents. */
export interface Form6Block {
  month: number;
  year: number;
  /** т. 18: the day the remuneration was paid or accrued, dd/mm/yyyy. */
  date: string;
  /** т. 7: 0 regular, 1 correction. */
  correction: 0 | 1;
  /** т. 8 «вид плащане». */
  paymentType: number;
  dooCents: number;
  uchpfCents: number;
  upfCents: number;
  ppfCents: number;
  zoCents: number;
  gvrsCents: number;
  taxCents: number;
  tax17Cents: number;
}

/** The record of обр. 6: the company and up to four columns. */
export interface Form6Record {
  eik: string;
  name: string;
  cashMember: 0 | 1;
  email: string;
  phone: string;
  gsm: string;
  blocks: Form6Block[];
  tag: string;
}

export const FORM6_HEADER_FIELDS: readonly FieldSpec<Form6Record>[] = [
  {
    item: "т. 1",
    label: "ЕИК",
    kind: "text",
    confidence: "CONFIRMED",
    value: (r) => r.eik,
  },
  {
    item: "т. 2",
    label: "Наименование (до 58 знака)",
    kind: "text",
    confidence: "LIKELY",
    value: (r) => r.name,
  },
  {
    item: "т. 3",
    label: "Член на осигурителна каса",
    kind: "int",
    confidence: "LIKELY",
    value: (r) => r.cashMember,
  },
  {
    item: "т. 4",
    label: "E-mail",
    kind: "text",
    confidence: "LIKELY",
    value: (r) => r.email,
  },
  {
    item: "т. 5",
    label: "Телефон",
    kind: "text",
    confidence: "LIKELY",
    value: (r) => r.phone,
  },
  {
    item: "т. 6",
    label: "GSM",
    kind: "text",
    confidence: "LIKELY",
    value: (r) => r.gsm,
  },
];

const amount = (cents: number) => centsToDecimal(cents);

export const FORM6_BLOCK_FIELDS: readonly FieldSpec<Form6Block>[] = [
  {
    item: "т. 9",
    label: "Месец",
    kind: "int",
    confidence: "LIKELY",
    value: (b) => b.month,
  },
  {
    item: "т. 9",
    label: "Година",
    kind: "int",
    confidence: "LIKELY",
    value: (b) => b.year,
  },
  {
    item: "т. 18",
    label: "Дата на изплащане/начисляване",
    kind: "int",
    confidence: "LIKELY",
    value: (b) => b.date,
  },
  {
    item: "т. 7",
    label: "Код корекция",
    kind: "int",
    confidence: "CONFIRMED",
    value: (b) => b.correction,
  },
  {
    item: "т. 8",
    label: "Вид плащане",
    kind: "int",
    confidence: "UNCONFIRMED",
    value: (b) => b.paymentType,
  },
  {
    item: "т. 10",
    label: "ДОО (с ТЗПБ)",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.dooCents),
  },
  {
    item: "т. 11",
    label: "Учителски пенсионен фонд",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.uchpfCents),
  },
  {
    item: "т. 12",
    label: "ДЗПО — УПФ",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.upfCents),
  },
  {
    item: "т. 13",
    label: "ДЗПО — ППФ",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.ppfCents),
  },
  {
    item: "т. 14",
    label: "Здравно осигуряване",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.zoCents),
  },
  {
    item: "т. 15",
    label: "ГВРС",
    kind: "amount",
    confidence: "LIKELY",
    value: (b) => amount(b.gvrsCents),
  },
  {
    item: "т. 16",
    label: "Данък по чл. 42 ЗДДФЛ",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: (b) => amount(b.taxCents),
  },
  {
    item: "т. 17",
    label: "Данък (т. 17)",
    kind: "amount",
    confidence: "UNCONFIRMED",
    value: (b) => amount(b.tax17Cents),
  },
];

/** обр. 6 has four columns; unused ones are written as empty fields. */
export const FORM6_BLOCKS = 4;
/** 6 header fields, 4 × 13 column fields, the tag: 59 (the viewer of [S8] counts 59). */
export const FORM6_FIELD_COUNT =
  FORM6_HEADER_FIELDS.length + FORM6_BLOCKS * FORM6_BLOCK_FIELDS.length + 1;

/** The fields of the обр. 6 record, as written. */
export function form6Fields(record: Form6Record): string[] {
  const fields = FORM6_HEADER_FIELDS.map((spec) => written(spec, record));
  for (let i = 0; i < FORM6_BLOCKS; i++) {
    const block = record.blocks[i];
    for (const spec of FORM6_BLOCK_FIELDS) fields.push(block ? written(spec, block) : "");
  }
  fields.push(`"${record.tag}"`);
  return fields;
}
