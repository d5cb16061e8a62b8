import type { TableRow } from "~/utils/xlsx";

/*
 * The table exports whose columns are known (decision 046): a file is recognised by its header
 * row — every name in `header` among the row's cells, any case — and read without a mapping.
 * Only layouts found written down in public sources are here (tests/fixtures/bank-presets/README.md
 * names each source); for any other bank the person maps the columns once per account.
 */

/** What a preset reads from a row: `cell(name, …)` is the first of the named columns with text. */
export interface PresetRow {
  date: string;
  valueDate: string;
  amount: string;
  /** The bank's mark of the direction («ДТ», «КТ»), or null when the amount carries its sign. */
  direction: string | null;
  /** The account the row is of, as the bank writes it (an IBAN or its own number). */
  account: string;
  payer: { name: string; iban: string };
  payee: { name: string; iban: string };
  reason: string;
  operation: string;
  reference: string;
}

export interface TablePreset {
  id: string;
  /** What the page calls the layout. */
  label: string;
  header: readonly string[];
  directions: Readonly<Record<string, "credit" | "debit">>;
  /** What to do about a direction mark it does not know. */
  directionHint: string;
  read(cell: (...names: string[]) => string): PresetRow;
}

/** A header's name as compared: trimmed, lower case, single spaces. */
export const norm = (value: string) => value.trim().toLowerCase().replace(/\s+/g, " ");

const join = (...parts: string[]) => parts.filter(Boolean).join(" ");

/**
 * «Сметка, Дата/Час, Дата на плащане (или на обработка), Референция, Вальор, Сума във валута на
 * сметката, Сума във валута на операцията, Обменен курс, Тип (ДТ/КТ), IBAN Бенефициент,
 * Бенефициент, IBAN Наредител, Наредител, Описание на операцията, Основание за плащане, Още
 * пояснения» — a Bulgarian bank's movements export (CSV, or the same table as a workbook) as
 * four independent public projects read it; none of them names the bank, so neither does this.
 */
const typeDtKt: TablePreset = {
  id: "dt-kt",
  label: "Движения с колони «Сума във валута на сметката» и «Тип» (ДТ/КТ)",
  header: ["Референция", "Вальор", "Сума във валута на сметката", "Тип"],
  directions: { ДТ: "debit", КТ: "credit", DT: "debit", KT: "credit" },
  directionHint: "колоната «Тип» трябва да е ДТ (плащане) или КТ (постъпление)",
  read: (cell) => ({
    date: cell("Дата на плащане", "Дата на обработка", "Вальор"),
    valueDate: cell("Вальор"),
    amount: cell("Сума във валута на сметката"),
    direction: cell("Тип"),
    account: cell("Сметка"),
    payer: { name: cell("Наредител"), iban: cell("IBAN Наредител") },
    payee: { name: cell("Бенефициент"), iban: cell("IBAN Бенефициент") },
    reason: join(cell("Основание за плащане"), cell("Още пояснения")),
    operation: cell("Описание на операцията"),
    reference: cell("Референция"),
  }),
};

export const TABLE_PRESETS: readonly TablePreset[] = [typeDtKt];

/** How far down a bank's title lines may push the header row. */
const HEADER_SEARCH_ROWS = 30;

/** The known layout of the rows and where its header row is; null when none matches. */
export function presetOf(rows: TableRow[]): { preset: TablePreset; headerAt: number } | null {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let at = 0; at < limit; at++) {
    const names = new Set((rows[at]?.cells ?? []).map(norm));
    const preset = TABLE_PRESETS.find((p) => p.header.every((name) => names.has(norm(name))));
    if (preset) return { preset, headerAt: at };
  }
  return null;
}
