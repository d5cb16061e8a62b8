/*
 * VAT rates and legal grounds as dated rows (issue #14), without zod: which rows hold on a day,
 * the kinds of grounds and the messages, for the pages and the server (vat.ts builds the admin
 * forms' schemas from them).
 */

import { countOf } from "~/utils/plural";

/** A rate as the editor and the admin page see it. */
export interface VatRateRow {
  id: string;
  rate: number;
  name: string;
  validFrom: string;
  validTo: string | null;
}

export interface VatGroundRow {
  id: string;
  text: string;
  /** How an English document prints it (issue #41 item 5); null: the Bulgarian text. */
  textEn: string | null;
  label: string;
  kind: VatGroundKind;
  validFrom: string;
  validTo: string | null;
  sort: number;
}

/** What a ground means (EN 16931 category codes and the НАП journals' columns follow from it). */
export const VAT_GROUND_KINDS = {
  not_registered: "Доставчикът не е регистриран по ЗДДС",
  reverse_charge: "Обратно начисляване",
  intra_community: "Вътреобщностна доставка",
  export: "Износ",
  exempt: "Освободена доставка",
  zero: "Облагаема с нулева ставка",
  outside_scope: "Извън обхвата на ЗДДС (място на изпълнение извън страната)",
} as const;
export type VatGroundKind = keyof typeof VAT_GROUND_KINDS;

export const VAT_MESSAGES = {
  notValidOnDate: "Ставката не е валидна към датата на документа",
  rate: "Ставката е цяло число от 0 до 100",
  name: "Въведете наименование на ставката",
  validFrom: "Въведете началната дата",
  validTo: "Въведете последния ден на действие",
  validToBeforeFrom: "Последният ден не може да е преди началото на действие",
  rowNotFound: "Записът не е намерен",
  rateOverlap: (rate: number) =>
    `Ставка ${rate} % вече е в сила за част от този период. Първо задайте последния ден на действащата.`,
  rateUsed: (count: number, after: string) =>
    `Ставката не може да бъде прекратена по-рано: ${countOf(count, "издаден документ е", "издадени документа са")} с нея и с дата след ${after}.`,
  groundText: "Въведете текста на основанието, както се отпечатва (напр. чл. 21, ал. 2 от ЗДДС)",
  groundLabel: "Въведете кратко описание",
  groundKind: "Изберете вида на основанието",
  groundOverlap: "Това основание вече е в сила за част от този период",
} as const;

/** The day the law dates a document by: the tax event's, when given, else the issue date. */
export function vatDateOf(doc: { issueDate: string; taxEventDate?: string | null }): string {
  return doc.taxEventDate || doc.issueDate;
}

/** True when a dated row holds on the day. */
export const validOn = (row: { validFrom: string; validTo: string | null }, day: string) =>
  row.validFrom <= day && (row.validTo === null || row.validTo >= day);

/** The rates valid on a day, highest first (the standard rate leads). */
export function ratesOn<T extends Pick<VatRateRow, "rate" | "validFrom" | "validTo">>(
  rows: readonly T[],
  day: string,
): T[] {
  return rows.filter((row) => validOn(row, day)).sort((a, b) => b.rate - a.rate);
}

/** The grounds valid on a day, in their order. */
export function groundsOn<T extends Pick<VatGroundRow, "sort" | "validFrom" | "validTo">>(
  rows: readonly T[],
  day: string,
): T[] {
  return rows.filter((row) => validOn(row, day)).sort((a, b) => a.sort - b.sort);
}
export const ADD_RATE_FIELDS = ["rate", "name", "validFrom"] as const;
export const END_ROW_FIELDS = ["id", "validTo"] as const;
export const ADD_GROUND_FIELDS = ["text", "textEn", "label", "kind", "validFrom"] as const;
