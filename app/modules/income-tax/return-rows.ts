import type { AnnualFigures } from "./figures";

/*
 * Приложение № 3 of the annual return as rows (decision 076): the page and the PDF draw the same
 * rows, in the same order. Pure.
 */

export interface ReturnRow {
  /** «Част I», «Част II», «Част III»: a heading row. */
  heading?: true;
  label: string;
  eik?: string | null;
  /** Cents; null: no amount in this column. */
  amountCents: number | null;
  withheldCents?: number | null;
  strong?: true;
}

/** The rows of Приложение № 3 for the year's figures. */
export function returnRows(f: AnnualFigures, ratePercent: number, expensesPercent: number) {
  const rows: ReturnRow[] = [
    { heading: true, label: "Част I — Доходи по платци", amountCents: null },
    ...f.enterprises.map((p, i) => ({
      label: `1.${i + 1}. ${p.name}`,
      eik: p.eik,
      amountCents: p.incomeCents,
      withheldCents: p.withheldTaxCents,
    })),
    {
      label: "2. Доходи от платци, които не са предприятия (физически лица, чуждестранни клиенти)",
      amountCents: f.otherIncomeCents,
    },
    {
      heading: true,
      label: "Част II — Облагаем доход и годишна данъчна основа",
      amountCents: null,
    },
    { label: "Общ размер на доходите", amountCents: f.incomeCents, strong: true },
    {
      label: `Нормативно признати разходи (${expensesPercent} %)`,
      amountCents: f.expensesCents,
    },
    { label: "Облагаем доход", amountCents: f.taxableCents, strong: true },
    {
      label: "Задължителни осигурителни вноски, внесени от лицето",
      amountCents: f.contributionsCents,
    },
    { label: "Годишна данъчна основа", amountCents: f.baseCents, strong: true },
    { label: `Данък (${ratePercent} %)`, amountCents: f.taxCents, strong: true },
    { heading: true, label: "Част III — Авансов данък и данък за внасяне", amountCents: null },
    { label: "Удържан авансов данък от платците", amountCents: f.withheldCents },
    {
      label: "Внесен от лицето авансов данък (I–III тримесечие)",
      amountCents: f.advancesCents,
    },
    f.balanceCents >= 0
      ? { label: "Данък за внасяне до 30 април", amountCents: f.balanceCents, strong: true }
      : { label: "Данък за възстановяване", amountCents: -f.balanceCents, strong: true },
  ];
  return rows as ReturnRow[];
}
