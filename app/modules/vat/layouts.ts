/*
 * The record layouts of the files a VAT-registered company hands to НАП each month (issue #16,
 * docs/decisions/015): PRODAGBI.TXT (the sales journal), POKUPKI.TXT (the purchase journal),
 * DEKLAR.TXT (the VAT return) and VIES.TXT (the VIES return). Fixed-width records in Windows-1251,
 * each followed by CR LF. The layouts are data — field code, width, kind — and one encoder writes
 * every record, so a test can check each field's position and width. Texts are written as
 * Windows-1251 holds them (utils/cp1251: «Müller» → «Muller»), never refused for a letter, and
 * cut to their field's width (at a word when possible), never refused for their length.
 */

import { toCp1251 } from "~/utils/cp1251";

export type FieldKind =
  /**
   * Left-aligned, space-padded; longer than the width is cut at the last word that fits (НАП's
   * widths are fixed; the page lists what was cut, the full text stays in the document).
   */
  | "text"
  /** Our own description text: cut to the width (what we write, not what was typed). */
  | "label"
  /** A whole number, right-aligned. */
  | "int"
  /** Cents written with two decimals and "." ("-1234.50"), right-aligned. */
  | "amount"
  /** dd/mm/yyyy from yyyy-mm-dd. */
  | "date"
  /** A constant or code: exactly as given, left-aligned; longer than the width is an error. */
  | "code";

export interface Field {
  code: string;
  name: string;
  width: number;
  kind: FieldKind;
}

const f = (code: string, width: number, kind: FieldKind, name: string): Field => ({
  code,
  name,
  width,
  kind,
});

/** The journals' first ten fields (the same in both; the codes differ by their first two digits). */
const head = (p: "02" | "03"): Field[] => [
  f(`${p}-00`, 15, "text", "ИН по ЗДДС на задълженото лице"),
  f(`${p}-01`, 6, "code", "Данъчен период (ггггмм)"),
  f(`${p}-02`, 4, "int", "Клон / обособено звено"),
  f(`${p}-03`, 15, "int", "Пореден номер на документа в дневника"),
  f(`${p}-04`, 2, "code", "Вид на документа"),
  f(`${p}-05`, 20, "text", "Номер на документа"),
  f(`${p}-06`, 10, "date", "Дата на документа"),
  f(`${p}-07`, 15, "text", "ИН на контрагента"),
  f(`${p}-08`, 50, "text", "Име на контрагента"),
  f(`${p}-09`, 30, "label", "Вид на стоката / обхват на услугата"),
];

/** PRODAGBI.TXT: one record of 424 characters per document; amounts in the order of columns 9–25. */
export const SALES_LAYOUT: Field[] = [
  ...head("02"),
  f("02-10", 15, "amount", "кол. 9: общ размер на ДО за облагане с ДДС"),
  f("02-20", 15, "amount", "кол. 10: всичко начислен ДДС"),
  f("02-11", 15, "amount", "кол. 11: ДО със ставка 20 %"),
  f("02-21", 15, "amount", "кол. 12: ДДС 20 %"),
  f("02-12", 15, "amount", "кол. 13: ДО на ВОП"),
  f("02-26", 15, "amount", "кол. 14: ДО на получени доставки по чл. 82, ал. 2–6"),
  f("02-22", 15, "amount", "кол. 15: ДДС за ВОП и доставки по чл. 82, ал. 2–6"),
  f("02-23", 15, "amount", "кол. 16: ДДС за доставки за лични нужди"),
  f("02-13", 15, "amount", "кол. 17: ДО със ставка 9 %"),
  f("02-24", 15, "amount", "кол. 18: ДДС 9 %"),
  f("02-14", 15, "amount", "кол. 19: ДО 0 % по глава трета (износ)"),
  f("02-15", 15, "amount", "кол. 20: ДО 0 % на ВОД на стоки"),
  f("02-16", 15, "amount", "кол. 21: ДО 0 % по чл. 140, 146, ал. 1 и 173"),
  f("02-17", 15, "amount", "кол. 22: ДО на услуги по чл. 21, ал. 2 в друга държава членка"),
  f("02-18", 15, "amount", "кол. 23: ДО на доставки по чл. 69, ал. 2"),
  f("02-19", 15, "amount", "кол. 24: ДО на освободени доставки"),
  f("02-25", 15, "amount", "кол. 25: ДО като посредник в тристранна операция"),
  f("02-27", 2, "code", "Доставка по чл. 163а / внос по чл. 167а"),
];

/** POKUPKI.TXT: one record of 274 characters per document. */
export const PURCHASES_LAYOUT: Field[] = [
  ...head("03"),
  f("03-30", 15, "amount", "кол. 9: ДО и данък без право на данъчен кредит"),
  f("03-31", 15, "amount", "кол. 10: ДО с право на пълен данъчен кредит"),
  f("03-41", 15, "amount", "кол. 11: ДДС с право на пълен данъчен кредит"),
  f("03-32", 15, "amount", "кол. 12: ДО с право на частичен данъчен кредит"),
  f("03-42", 15, "amount", "кол. 13: ДДС с право на частичен данъчен кредит"),
  f("03-43", 15, "amount", "кол. 14: годишна корекция по чл. 73, ал. 8"),
  f("03-44", 15, "amount", "кол. 15: ДО при придобиване от посредник в тристранна операция"),
  f("03-45", 2, "code", "Доставка по чл. 163а / внос по чл. 167а"),
];

/** DEKLAR.TXT: the return, one record of 590 characters. */
export const DECLARATION_LAYOUT: Field[] = [
  f("00-01", 15, "text", "ИН по ЗДДС на задълженото лице"),
  f("00-02", 50, "text", "Наименование на задълженото лице"),
  f("00-03", 6, "code", "Данъчен период (ггггмм)"),
  f("00-04", 50, "text", "Лице, подаващо данните (ЕГН/име)"),
  f("00-05", 15, "int", "Брой документи в дневника за продажбите"),
  f("00-06", 15, "int", "Брой документи в дневника за покупките"),
  f("01-01", 15, "amount", "кл. 01: общ размер на ДО за облагане с ДДС"),
  f("01-20", 15, "amount", "кл. 20: всичко начислен ДДС"),
  f("01-11", 15, "amount", "кл. 11: ДО 20 %"),
  f("01-21", 15, "amount", "кл. 21: ДДС 20 %"),
  f("01-12", 15, "amount", "кл. 12: ДО на ВОП и доставки по чл. 82, ал. 2–6"),
  f("01-22", 15, "amount", "кл. 22: ДДС за ВОП и доставки по чл. 82, ал. 2–6"),
  f("01-23", 15, "amount", "кл. 23: ДДС за лични нужди"),
  f("01-13", 15, "amount", "кл. 13: ДО 9 %"),
  f("01-24", 15, "amount", "кл. 24: ДДС 9 %"),
  f("01-14", 15, "amount", "кл. 14: ДО 0 % по глава трета"),
  f("01-15", 15, "amount", "кл. 15: ДО 0 % на ВОД"),
  f("01-16", 15, "amount", "кл. 16: ДО 0 % по чл. 140, 146 и 173"),
  f("01-17", 15, "amount", "кл. 17: ДО на услуги по чл. 21, ал. 2"),
  f("01-18", 15, "amount", "кл. 18: ДО по чл. 69, ал. 2 и като посредник в тристранна операция"),
  f("01-19", 15, "amount", "кл. 19: ДО на освободени доставки"),
  f("01-30", 15, "amount", "кл. 30: ДО и данък без право на данъчен кредит"),
  f("01-31", 15, "amount", "кл. 31: ДО с право на пълен данъчен кредит"),
  f("01-41", 15, "amount", "кл. 41: ДДС с право на пълен данъчен кредит"),
  f("01-32", 15, "amount", "кл. 32: ДО с право на частичен данъчен кредит"),
  f("01-42", 15, "amount", "кл. 42: ДДС с право на частичен данъчен кредит"),
  f("01-43", 15, "amount", "кл. 43: годишна корекция по чл. 73, ал. 8"),
  f("01-33", 4, "code", "кл. 33: коефициент по чл. 73, ал. 5"),
  f("01-40", 15, "amount", "кл. 40: общо данъчен кредит"),
  f("01-50", 15, "amount", "кл. 50: ДДС за внасяне"),
  f("01-60", 15, "amount", "кл. 60: ДДС за възстановяване"),
  f("01-70", 15, "amount", "кл. 70: от кл. 50, приспаднат по чл. 92, ал. 1"),
  f("01-71", 15, "amount", "кл. 71: от кл. 50, ефективно внесен"),
  f("01-80", 15, "amount", "кл. 80: за възстановяване по чл. 92, ал. 1"),
  f("01-81", 15, "amount", "кл. 81: за възстановяване по чл. 92, ал. 3"),
  f("01-82", 15, "amount", "кл. 82: за възстановяване по чл. 92, ал. 4"),
];

/** VIES.TXT: the records of the VIES return, each its own length. */
export const VIES_LAYOUTS = {
  VHR: [
    f("VHR-1", 3, "code", "Вид на записа"),
    f("VHR-2", 7, "code", "Данъчен период (мм/гггг)"),
    f("VHR-3", 5, "int", "Брой редове"),
  ],
  VDR: [
    f("VDR-1", 3, "code", "Вид на записа"),
    f("VDR-2", 15, "text", "ЕГН / ЛНЧ на подаващия"),
    f("VDR-3", 150, "text", "Име на подаващия"),
    f("VDR-4", 50, "text", "Населено място"),
    f("VDR-5", 4, "code", "Пощенски код"),
    f("VDR-6", 150, "text", "Адрес"),
    f("VDR-7", 1, "code", "Качество: R — представляващ, A — пълномощник"),
  ],
  VTR: [
    f("VTR-1", 3, "code", "Вид на записа"),
    f("VTR-2", 15, "text", "ИН по ДДС на регистрираното лице"),
    f("VTR-3", 150, "text", "Наименование"),
    f("VTR-4", 200, "text", "Адрес за кореспонденция"),
  ],
  TTR: [
    f("TTR-1", 3, "code", "Вид на записа"),
    f("TTR-2", 12, "amount", "Обща сума на данъчните основи"),
    f("TTR-3", 12, "amount", "в т.ч. ВОД на стоки"),
  ],
  VIR: [
    f("VIR-1", 3, "code", "Вид на записа"),
    f("VIR-2", 5, "int", "к1: пореден номер"),
    f("VIR-3", 15, "text", "к2: ИН по ДДС на получателя"),
    f("VIR-4", 12, "amount", "к3: ДО на ВОД на стоки"),
    f("VIR-5", 12, "amount", "к4: ДО като посредник в тристранна операция"),
    f("VIR-6", 12, "amount", "к5: ДО на услуги по чл. 21, ал. 2"),
    f("VIR-7", 7, "code", "к6: период, ако е различен"),
  ],
  /**
   * The closing record: the count of call-off stock records (COS, чл. 15а ЗДДС), 0 here — the
   * app makes none. A file НАП accepted ends with it, «CHR    0», and no CR LF (decision 050).
   */
  CHR: [
    f("CHR-1", 3, "code", "Вид на записа"),
    f("CHR-2", 5, "int", "Брой записи за стоки под режим на складиране до поискване"),
  ],
} as const satisfies Record<string, Field[]>;

/** A record's total width. */
export const widthOf = (layout: readonly Field[]) => layout.reduce((sum, x) => sum + x.width, 0);

export type RecordValues = Record<string, string | number | null | undefined>;

/** A text the file writes otherwise than it was typed: without letters Windows-1251 lacks, cut. */
export interface Rewrite {
  field: Field;
  from: string;
  to: string;
  /** Letters Windows-1251 lacks were written without accents («ü» → «u»). */
  transliterated: boolean;
  /** Longer than the field: cut to its width. */
  cut: boolean;
}

/**
 * The text cut to the width: at the last space that keeps at least half of it, else at the width
 * (one character is one byte in Windows-1251, so never inside a character); no dangling comma.
 */
export function fitText(text: string, width: number): string {
  if (text.length <= width) return text;
  const head = text.slice(0, width);
  const space = text[width] === " " ? width : head.lastIndexOf(" ");
  const cut = space >= width / 2 ? head.slice(0, space) : head;
  return cut.replace(/[\s,;:(/–—-]+$/u, "") || cut;
}

/** Why a field could not be written (reported on the page before any download). */
export class FieldError extends Error {
  constructor(
    public field: Field,
    public value: string,
    public reason: "too_long" | "too_large",
  ) {
    super(`${field.code} ${field.name}: ${reason}`);
  }
}

/** Cents as НАП's amounts: two decimals, "." and a leading "-" ("-1234.50"). */
export function amountText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function cell(
  field: Field,
  raw: string | number | null | undefined,
  onRewrite?: (rewrite: Rewrite) => void,
): string {
  const value = raw ?? "";
  switch (field.kind) {
    case "amount": {
      const text = amountText(Number(value || 0));
      if (text.length > field.width) throw new FieldError(field, text, "too_large");
      return text.padStart(field.width, " ");
    }
    case "int": {
      const text = String(value === "" ? 0 : value);
      if (text.length > field.width) throw new FieldError(field, text, "too_large");
      return text.padStart(field.width, " ");
    }
    case "date": {
      const [y, m, d] = String(value).split("-");
      return `${d}/${m}/${y}`.padEnd(field.width, " ").slice(0, field.width);
    }
    case "text":
    case "label": {
      const typed = String(value);
      const spaced = typed.replace(/\s+/g, " ").trim();
      const converted = toCp1251(spaced);
      // Our own description (the first line's) is cut without a word; a name or address at a word.
      const to =
        field.kind === "label" ? converted.slice(0, field.width) : fitText(converted, field.width);
      const transliterated = converted !== spaced;
      const cut = field.kind === "text" && to !== converted;
      if (onRewrite && (transliterated || cut)) {
        onRewrite({ field, from: typed, to, transliterated, cut });
      }
      return to.padEnd(field.width, " ");
    }
    default: {
      const text = toCp1251(String(value).replace(/\s+/g, " ").trim());
      if (text.length > field.width) throw new FieldError(field, text, "too_long");
      return text.padEnd(field.width, " ");
    }
  }
}

/**
 * One record: every field at its place and width (no line ending); `onRewrite` hears of each text
 * written otherwise than typed. Throws FieldError for a number or code that does not fit.
 */
export function encodeRecord(
  layout: readonly Field[],
  values: RecordValues,
  onRewrite?: (rewrite: Rewrite) => void,
): string {
  return layout.map((field) => cell(field, values[field.code], onRewrite)).join("");
}
