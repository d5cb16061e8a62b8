import { printDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";

/*
 * A report of the books as a file (decision 060): one model for the PDF, the Excel workbook and
 * the CSV — a title, the company and the period, the columns, and the rows, read page by page
 * from the database. exports.server.ts builds it for each report; the PDF worker draws the
 * model `pdfModel` makes of it (pdf.server.tsx). Pure: the PDF task carries it as data.
 */

/** A cell: text, money in cents (two decimals in every format), a plain number, or empty. */
export type ReportCell = string | { cents: number } | { number: number } | null;

export interface ReportRow {
  cells: ReportCell[];
  /** Opening, turnover, closing and total rows: bold. */
  strong?: boolean;
}

export interface ReportColumn {
  label: string;
  /** Width in the PDF, points (0: the rest of the line), and in Excel, characters. */
  pdf: number;
  xlsx: number;
  /** Right-aligned (amounts, numbers). */
  right?: boolean;
}

export interface ReportFile {
  title: string;
  /** What the report is of, under the title («Сметка 411 Клиенти»), if anything. */
  subject: string | null;
  /** «Фирма ООД, ЕИК 123456789». */
  company: string;
  /** «Период: 01.11.2026 – 30.11.2026 · суми в евро». */
  period: string;
  /** The file's name without its extension, in Bulgarian and in Latin letters. */
  name: { bg: string; ascii: string };
  columns: ReportColumn[];
  rows: AsyncIterable<ReportRow[]>;
  /** A file for a program to import (decision 064): no heading, the columns' labels first. */
  plain?: boolean;
}

/** The heading lines a file starts with: title, subject, company, period (none in a plain file). */
export const headingLines = (file: Omit<ReportFile, "rows">) =>
  file.plain
    ? []
    : [file.title, file.subject, file.company, file.period].filter((l): l is string => !!l);

/** The period's line: its days and the currency of its amounts. */
export const periodLine = (from: string, to: string, currency: "BGN" | "EUR") =>
  `Период: ${printDate(from)} – ${printDate(to)} · суми в ${currency === "EUR" ? "евро" : "лева"}`;

/** What the PDF worker draws: text only, laid out. */
export interface LedgerPdfModel {
  title: string;
  heading: string[];
  columns: { label: string; width: number; right: boolean }[];
  rows: { cells: string[]; strong: boolean }[];
  /** Under the table: when the file was made. */
  footer: string;
  /** Paragraphs after the table (an act's answer and signatures, decision 070). */
  after?: string[];
  /** The language of the words around the table (page numbers): Bulgarian unless given. */
  language?: "bg" | "en";
}

const cellText = (cell: ReportCell) => {
  if (cell === null) return "";
  if (typeof cell === "string") return cell;
  if ("cents" in cell) return cell.cents ? formatCents(cell.cents) : "";
  return String(cell.number);
};

/** The PDF's model of a file and its rows (already read). */
export function pdfModel(
  file: Omit<ReportFile, "rows">,
  rows: ReportRow[],
  madeAt: string,
): LedgerPdfModel {
  return {
    title: file.title,
    heading: headingLines(file).slice(1),
    columns: file.columns.map((c) => ({ label: c.label, width: c.pdf, right: c.right === true })),
    rows: rows.map((r) => ({ cells: r.cells.map(cellText), strong: r.strong === true })),
    footer: `Изготвено със Сметка на ${madeAt}`,
  };
}
