/*
 * The micro-enterprise's annual statements as dated data (decision 067): the rows of the
 * abridged balance sheet and the abridged income statement (чл. 29, ал. 4 ЗСч; СС 1 «Представяне
 * на финансови отчети», т. 16.24 and 20.4; Directive 2013/34/EU art. 14(2)) and which accounts of
 * the Национален сметкоплан's numbering go into each row. Pure: the page, the files and the tests
 * read it. What could not be confirmed against the standard's own text says so in `unconfirmed`.
 */

/**
 * Accounts whose code starts with `prefix` (the synthetic part of an analytic code, «411» of
 * «411-01»); `balance` takes only the accounts whose closing balance is on that side (a
 * settlement account is a receivable when it is debit, a payable when it is credit). The longest
 * matching prefix wins.
 */
export interface AccountRule {
  prefix: string;
  balance?: "debit" | "credit";
}

export interface StatementRow {
  /** Stable key (tests, totals). */
  key: string;
  /** As the form names it, with its letter or number. */
  label: string;
  /** 0: a section with its letter; 1: a group within it; totals are 0 and marked `total`. */
  level: 0 | 1;
  accounts: readonly AccountRule[];
  /** The row is the sum of these rows (a total). */
  total?: readonly string[];
  /** The ledger cannot know this row (or has no account for it): the accountant completes it. */
  manual?: string;
  /** What is not confirmed about the row or its accounts, plainly. */
  unconfirmed?: string;
  /** Balance sheet: the year's result (the income statement's last row); or the results of earlier years left on 6xx/7xx. */
  result?: "year" | "prior";
}

export interface AnnualForm {
  validFrom: string;
  source: string;
  assets: readonly StatementRow[];
  liabilities: readonly StatementRow[];
  income: readonly StatementRow[];
}

const rule = (prefix: string, balance?: "debit" | "credit"): AccountRule =>
  balance ? { prefix, balance } : { prefix };

const MANUAL_NO_ACCOUNT =
  "Сметкопланът в Сметка няма сметка за този ред — попълва се ръчно от счетоводителя.";

/** The forms in force, oldest first; a year uses the newest one in force on its 31 December. */
export const ANNUAL_FORMS: readonly AnnualForm[] = [
  {
    validFrom: "2016-01-01",
    source:
      "Закон за счетоводството (ДВ, бр. 95 от 2015 г., в сила от 01.01.2016 г.), чл. 19, ал. 2 и чл. 29, ал. 4; СС 1 «Представяне на финансови отчети», т. 16.24 (съкратен баланс: само разделите) и т. 20.4 (съкратен отчет за приходите и разходите); Директива 2013/34/ЕС, чл. 14, ал. 2; сметките — по номерацията на Националния сметкоплан (decision 067)",
    assets: [
      {
        key: "A.A",
        label: "А. Записан, но невнесен капитал",
        level: 0,
        accounts: [rule("426", "debit")],
        unconfirmed: "Сметка 426 по формулите на balans.bg; не е сверено с текста на СС 1.",
      },
      { key: "A.B", label: "Б. Нетекущи активи", level: 0, accounts: [rule("2")] },
      {
        key: "A.V",
        label: "В. Текущи активи",
        level: 0,
        accounts: [],
        total: ["A.V1", "A.V2", "A.V4"],
      },
      { key: "A.V1", label: "I. Материални запаси", level: 1, accounts: [rule("3")] },
      {
        key: "A.V2",
        label: "II. Вземания",
        level: 1,
        accounts: [rule("4", "debit")],
        unconfirmed:
          "Разчетните сметки (група 4) се разпределят по салдото на сметката (или аналитичната ѝ сметка), не по контрагент.",
      },
      { key: "A.V4", label: "IV. Парични средства", level: 1, accounts: [rule("5")] },
      {
        key: "A.G",
        label: "Г. Разходи за бъдещи периоди",
        level: 0,
        accounts: [],
        manual: MANUAL_NO_ACCOUNT,
      },
      {
        key: "A.T",
        label: "Сума на актива",
        level: 0,
        accounts: [],
        total: ["A.A", "A.B", "A.V", "A.G"],
      },
    ],
    liabilities: [
      {
        key: "L.A",
        label: "А. Собствен капитал",
        level: 0,
        accounts: [],
        total: ["L.A1", "L.A4", "L.A5", "L.A6"],
      },
      { key: "L.A1", label: "I. Записан капитал", level: 1, accounts: [rule("10")] },
      {
        key: "L.A4",
        label: "II.–IV. Премии от емисии, резерв от последващи оценки и резерви",
        level: 1,
        accounts: [rule("11")],
      },
      {
        key: "L.A5",
        label: "V. Натрупана печалба (загуба) от минали години",
        level: 1,
        accounts: [rule("12")],
        result: "prior",
      },
      {
        key: "L.A6",
        label: "VI. Текуща печалба (загуба)",
        level: 1,
        accounts: [],
        result: "year",
      },
      {
        key: "L.B",
        label: "Б. Провизии и сходни задължения",
        level: 0,
        accounts: [],
        manual: MANUAL_NO_ACCOUNT,
      },
      {
        key: "L.V",
        label: "В. Задължения",
        level: 0,
        accounts: [rule("15"), rule("4", "credit")],
        unconfirmed:
          "Разчетните сметки (група 4) се разпределят по салдото на сметката (или аналитичната ѝ сметка), не по контрагент; краткосрочни и дългосрочни не се разделят.",
      },
      {
        key: "L.G",
        label: "Г. Финансирания и приходи за бъдещи периоди",
        level: 0,
        accounts: [],
        manual: MANUAL_NO_ACCOUNT,
      },
      {
        key: "L.T",
        label: "Сума на пасива",
        level: 0,
        accounts: [],
        total: ["L.A", "L.B", "L.V", "L.G"],
      },
    ],
    income: [
      {
        key: "I.1",
        label: "1. Нетни приходи от продажби",
        level: 1,
        accounts: [rule("701"), rule("702"), rule("703")],
      },
      { key: "I.2", label: "2. Други приходи", level: 1, accounts: [rule("7")] },
      {
        key: "I.3",
        label: "3. Разходи за суровини и материали",
        level: 1,
        accounts: [rule("601")],
        unconfirmed:
          "По Директива 2013/34/ЕС, чл. 14, ал. 2; външните услуги (602) са в «Други разходи» — не е сверено с текста на СС 1, т. 20.4.",
      },
      {
        key: "I.4",
        label: "4. Разходи за персонала",
        level: 1,
        accounts: [rule("604"), rule("605")],
      },
      {
        key: "I.5",
        label: "5. Корекции на стойността (амортизации и обезценки)",
        level: 1,
        accounts: [rule("603")],
      },
      { key: "I.6", label: "6. Други разходи", level: 1, accounts: [rule("6")] },
      {
        key: "I.7",
        label: "7. Данъци (върху печалбата)",
        level: 1,
        accounts: [],
        manual:
          "Данъкът върху печалбата се определя с годишната данъчна декларация по ЗКПО — попълва се ръчно; печалбата по-долу е преди него.",
      },
      {
        key: "I.8",
        label: "8. Печалба (загуба)",
        level: 0,
        accounts: [],
        total: ["I.1", "I.2", "I.3", "I.4", "I.5", "I.6"],
      },
    ],
  },
];

/** The form in force for a year (its 31 December), or null before the first. */
export function annualForm(year: number): AnnualForm | null {
  const day = `${year}-12-31`;
  return ANNUAL_FORMS.filter((f) => f.validFrom <= day).at(-1) ?? null;
}

/** Income rows add, expense rows (6xx) subtract in the income statement's total. */
export const isExpenseRow = (row: StatementRow) =>
  row.accounts.length > 0 && row.accounts.every((a) => a.prefix.startsWith("6"));

/**
 * The row an account goes to: the longest prefix of its synthetic code among the rows' rules whose
 * side (if any) is the side of its balance. Null when no row takes it.
 */
export function rowFor(
  rows: readonly StatementRow[],
  code: string,
  net: number,
): StatementRow | null {
  const synthetic = code.split("-")[0] ?? code;
  const side = net >= 0 ? "debit" : "credit";
  let best: { row: StatementRow; length: number } | null = null;
  for (const row of rows) {
    for (const r of row.accounts) {
      if (!synthetic.startsWith(r.prefix)) continue;
      if (r.balance && r.balance !== side) continue;
      if (!best || r.prefix.length > best.length) best = { row, length: r.prefix.length };
    }
  }
  return best?.row ?? null;
}

/**
 * A year a statement can be asked for: four digits, from the first form's year (2016) to the
 * current year (a year with no form has no statements to draw).
 */
export function yearOf(asked: string | null, today: string): number | null {
  if (asked === null || !/^[0-9]{4}$/.test(asked)) return null;
  const year = Number(asked);
  return annualForm(year) !== null && year <= Number(today.slice(0, 4)) ? year : null;
}

export const ANNUAL_MESSAGES = {
  year: `Въведете година с четири цифри (ГГГГ), от ${ANNUAL_FORMS[0]?.validFrom.slice(0, 4)} до текущата`,
  noSaft:
    "Годишният файл SAF-T (дълготрайни активи) не се изготвя: дълготрайните активи на фирмата не се водят в Сметка, а схемата на НАП (BG_SAFT_Schema_V_1.0.1) изисква поне една операция с актив (AssetTransaction), така че празен файл не е валиден. Изготвя се в програмата, в която се води амортизационният план.",
} as const;
