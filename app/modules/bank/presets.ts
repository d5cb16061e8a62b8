import type { TableRow } from "~/utils/xlsx";
import { withoutBreaks } from "./table";

/*
 * The Bulgarian banks' table exports whose columns are known (decision 046): a file is recognised
 * by its header row — every name in `header` among the row's cells, any case — and read without
 * a mapping, whether it came as CSV, .xlsx, an HTML table saved as .xls (html-table.ts) or the
 * bank's XML of records (xml-records.ts: the elements' names are the header). Only layouts found
 * written down in public sources are here; tests/fixtures/bank-presets/README.md names each
 * source. For any other bank the person maps the columns once per account (layouts.ts offers
 * these banks' columns as a start).
 */

/** A column's name as the bank writes it, or a pattern for a name that carries the currency. */
export type ColumnName = string | RegExp;

/** What a preset reads from a row: `cell(name, …)` is the first of the named columns with text. */
export interface PresetRow {
  date: string;
  valueDate: string;
  /** One amount column: the amount and the bank's mark of its direction (null: its sign). */
  amount?: string;
  direction?: string | null;
  /** Or two columns: money out, money in. */
  debit?: string;
  credit?: string;
  /** The account the row is of, as the bank writes it (an IBAN or its own number). */
  account: string;
  /** The account's currency, where a row says it. */
  currency?: string;
  payer: { name: string; iban: string };
  payee: { name: string; iban: string };
  reason: string;
  operation: string;
  reference: string;
  /** A row the bank marks as not done (a rejected transfer): left out. */
  skip?: boolean;
}

export interface TablePreset {
  id: string;
  /** What the page calls the layout: the bank and its export. */
  label: string;
  header: readonly ColumnName[];
  directions?: Readonly<Record<string, "credit" | "debit">>;
  /** What to do about a direction mark it does not know. */
  directionHint?: string;
  /**
   * The column of the direction mark in a layout whose HTML export leaves empty cells out before
   * it (УниКредит's fee rows lack the operation's amount and rate): such a row is realigned.
   */
  directionColumn?: string;
  /** The statement's currency as the header names it (ДСК: «Дебит EUR»). */
  currencyOf?(header: string[]): string | null;
  read(cell: (...names: ColumnName[]) => string): PresetRow;
}

/** A header's name as compared: trimmed, lower case, single spaces. */
export const norm = (value: string) => value.trim().toLowerCase().replace(/\s+/g, " ");

/** Where a column is in a normalised header row: -1 when it is not there. */
export function columnAt(header: readonly string[], name: ColumnName): number {
  return typeof name === "string"
    ? header.indexOf(norm(name))
    : header.findIndex((h) => name.test(h));
}

const join = (...parts: string[]) => [...new Set(parts.filter(Boolean))].join(" ");

const DT_KT = { ДТ: "debit", КТ: "credit", DT: "debit", KT: "credit" } as const;

/**
 * УниКредит Булбанк's «Булбанк Онлайн» movements export: «Сметка, Дата/Час, Дата на плащане (или
 * на обработка), Референция, Вальор, Сума във валута на сметката, Сума във валута на
 * операцията, Обменен курс, Тип, IBAN Бенефициент, Бенефициент, IBAN Наредител, Наредител,
 * Описание на операцията, Основание за плащане, Още пояснения» (CSV, .xlsx, or an HTML table saved
 * as .xls), «Тип» ДТ/КТ.
 */
const unicredit: TablePreset = {
  id: "unicredit-bulbank",
  label: "УниКредит Булбанк — «Булбанк Онлайн», движения",
  header: ["Референция", "Вальор", "Сума във валута на сметката", "Тип"],
  directions: DT_KT,
  directionHint: "колоната «Тип» трябва да е ДТ (плащане) или КТ (постъпление)",
  directionColumn: "Тип",
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

/** The same export from the English «Булбанк Онлайн»: English names, «Type» DR/CR. */
const unicreditEnglish: TablePreset = {
  id: "unicredit-bulbank-en",
  label: "УниКредит Булбанк — «Булбанк Онлайн» на английски, движения",
  header: ["Reference", "Value date", "Amount in currency of the account", "Type"],
  directions: { DR: "debit", CR: "credit" },
  directionHint: "колоната «Type» трябва да е DR (плащане) или CR (постъпление)",
  directionColumn: "Type",
  read: (cell) => ({
    date: cell("Process date", "Value date"),
    valueDate: cell("Value date"),
    amount: cell("Amount in currency of the account"),
    direction: cell("Type"),
    account: cell("Account"),
    payer: { name: cell("Sender"), iban: cell("IBAN Sender") },
    payee: { name: cell("Beneficiary"), iban: cell("Beneficiary IBAN") },
    reason: join(cell("Details of Payment"), cell("Additional Details")),
    operation: cell("Description of the operation"),
    reference: cell("Reference"),
  }),
};

const DEBIT_CCY = /^дебит [a-z]{3}$/;
const CREDIT_CCY = /^кредит [a-z]{3}$/;

/**
 * Банка ДСК's movements export: «Дата, Основание, Наредител/Получател, Номер сметка на
 * наредителя / получателя, Вид на трансакцията, Свързваща референция, Валутен курс, Сума във
 * валутата на превода, Дебит EUR, Кредит EUR» (the account's currency in the last two names;
 * CSV with every cell quoted, or an HTML table saved as .xls after two title rows).
 */
const dsk: TablePreset = {
  id: "dsk",
  label: "Банка ДСК — движения по сметка",
  header: ["Дата", "Основание", "Наредител/Получател", DEBIT_CCY, CREDIT_CCY],
  currencyOf: (header) =>
    header
      .find((name) => DEBIT_CCY.test(name))
      ?.slice(-3)
      .toUpperCase() ?? null,
  read: (cell) => {
    const party = {
      name: cell("Наредител/Получател"),
      iban: cell("Номер сметка на наредителя / получателя"),
    };
    return {
      date: cell("Дата"),
      valueDate: "",
      debit: cell(DEBIT_CCY),
      credit: cell(CREDIT_CCY),
      account: "",
      payer: party,
      payee: party,
      reason: withoutBreaks(cell("Основание")),
      operation: cell("Вид на трансакцията", "Вид транзакция"),
      reference: cell("Свързваща референция"),
    };
  },
};

/**
 * The «AccountMovements» XML of Банка ДСК (and of УниКредит Булбанк, as an importer of its files
 * reads it): one <AccountMovement> per movement, ValueDate dd.mm.yyyy, MovementType Debit/Credit,
 * Amount with a decimal comma.
 */
const accountMovements: TablePreset = {
  id: "unicredit-dsk-xml",
  label: "ДСК или УниКредит Булбанк — XML «AccountMovements»",
  header: ["ValueDate", "MovementType", "Amount"],
  directions: { DEBIT: "debit", CREDIT: "credit" },
  directionHint: "MovementType трябва да е Debit или Credit",
  read: (cell) => {
    const party = { name: cell("OppositeSideName"), iban: cell("OppositeSideAccount") };
    const status = cell("Status");
    return {
      date: cell("ValueDate"),
      valueDate: cell("ValueDate"),
      amount: cell("Amount"),
      direction: cell("MovementType"),
      account: "",
      currency: cell("CCY"),
      payer: party,
      payee: party,
      reason: withoutBreaks(join(cell("Reason"), cell("NarrativeI02"))),
      operation: cell("MovementFunctionalType"),
      reference: cell("DocumentReference"),
      skip: status !== "" && norm(status) !== "success",
    };
  },
};

/**
 * ОББ's XML statement: one <TRANSACTION> per movement (POST_DATE dd/mm/yyyy, AMOUNT_D or AMOUNT_C
 * with a decimal point, TR_NAME, NAME_R, REM_I, REM_II, REFERENCE, IBAN_R; DATEVAL with
 * «Подробно извлечение»), the account in IBAN_S.
 */
const ubb: TablePreset = {
  id: "ubb-xml",
  label: "ОББ — XML извлечение",
  header: ["POST_DATE", "AMOUNT_D", "AMOUNT_C"],
  read: (cell) => {
    const party = { name: cell("NAME_R"), iban: cell("IBAN_R") };
    return {
      date: cell("POST_DATE"),
      valueDate: cell("DATEVAL"),
      debit: cell("AMOUNT_D"),
      credit: cell("AMOUNT_C"),
      account: "",
      payer: party,
      payee: party,
      reason: join(cell("REM_I"), cell("REM_II"), cell("MORE1"), cell("MORE2")),
      operation: cell("TR_NAME"),
      reference: cell("REFERENCE"),
    };
  },
};

/**
 * Тексим Банк's CSV (Windows-1251, «;», title rows with «Сметка»;«<IBAN> <валута>»): «Дата;
 * Вальор; Референция; Основание; Наредител/Получател; Сметка (IBAN); ЕГН/БУЛСТАТ; Баланс преди;
 * Дебит; Кредит; Баланс».
 */
const texim: TablePreset = {
  id: "texim",
  label: "Тексим Банк — движения по сметка",
  header: [
    "Дата",
    "Вальор",
    "Референция",
    "Наредител/Получател",
    "Сметка (IBAN)",
    "Дебит",
    "Кредит",
  ],
  read: (cell) => {
    const party = { name: cell("Наредител/Получател"), iban: cell("Сметка (IBAN)") };
    return {
      date: cell("Дата"),
      valueDate: cell("Вальор"),
      debit: cell("Дебит"),
      credit: cell("Кредит"),
      account: "",
      payer: party,
      payee: party,
      reason: cell("Основание"),
      operation: "",
      reference: cell("Референция"),
    };
  },
};

export const TABLE_PRESETS: readonly TablePreset[] = [
  unicredit,
  unicreditEnglish,
  dsk,
  accountMovements,
  ubb,
  texim,
];

/** How far down a bank's title lines may push the header row. */
const HEADER_SEARCH_ROWS = 30;

/** The known layout of the rows and where its header row is; null when none matches. */
export function presetOf(rows: TableRow[]): { preset: TablePreset; headerAt: number } | null {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let at = 0; at < limit; at++) {
    const names = (rows[at]?.cells ?? []).map(norm);
    const preset = TABLE_PRESETS.find((p) =>
      p.header.every((name) => columnAt(names, name) !== -1),
    );
    if (preset) return { preset, headerAt: at };
  }
  return null;
}
