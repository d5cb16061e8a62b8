import { shortMonth } from "./period";
import type { AnalyticsSummary, MonthFigures } from "./summary.server";

/*
 * The tables of /analytics as data: the page draws them beside the charts and
 * /analytics/export.csv writes the same rows, so the numbers on screen and in Excel are one.
 */

export type ColumnKind = "text" | "cents" | "count" | "date" | "percent";
export interface AnalyticsTable {
  title: string;
  /** The CSV's file name (without .csv). */
  file: string;
  columns: { label: string; kind: ColumnKind }[];
  rows: { cells: (string | number | null)[]; total?: boolean; href?: string }[];
}

export const TABLE_KEYS = [
  "months",
  "categories",
  "vat",
  "ageing",
  "clients",
  "overdue",
  "comparison",
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

const range = (s: { from: string; to: string }) =>
  s.from === s.to ? shortMonth(s.from) : `${shortMonth(s.from)} – ${shortMonth(s.to)}`;

/** The change from `before` to `now` in per cent (one decimal), or null from zero. */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

type Summary = Pick<
  AnalyticsSummary,
  | "from"
  | "to"
  | "months"
  | "total"
  | "categories"
  | "ageing"
  | "openCents"
  | "topClients"
  | "topOverdue"
  | "comparison"
>;

export function analyticsTables(s: Summary): Record<TableKey, AnalyticsTable> {
  const money = (label: string) => ({ label, kind: "cents" as const });
  const monthRow = (m: MonthFigures, pick: (m: MonthFigures) => number[], total = false) => ({
    cells: [total ? "Общо" : shortMonth(m.month), ...pick(m)],
    total,
  });
  const figures = (m: MonthFigures) => [
    m.revenueCents,
    m.expensesCents,
    m.salariesCents,
    m.profitCents,
  ];
  const vat = (m: MonthFigures) => [m.outputVatCents, m.inputVatCents, m.vatPositionCents];
  const c = s.comparison;
  const compare = (label: string, pick: (m: MonthFigures) => number) => ({
    cells: [
      label,
      pick(c.current),
      pick(c.previous),
      pick(c.current) - pick(c.previous),
      change(pick(c.current), pick(c.previous)),
    ],
  });
  return {
    months: {
      title: "Приходи, разходи и печалба по месеци",
      file: "prihodi-razhodi-pechalba",
      columns: [
        { label: "Месец", kind: "text" },
        money("Приходи без ДДС"),
        money("Разходи"),
        money("Заплати (разход на работодателя)"),
        money("Печалба"),
      ],
      rows: [...s.months.map((m) => monthRow(m, figures)), monthRow(s.total, figures, true)],
    },
    categories: {
      title: "Разходи по категории",
      file: "razhodi-po-kategorii",
      columns: [
        { label: "Категория", kind: "text" },
        ...s.months.map((m) => money(shortMonth(m.month))),
        money("Общо"),
      ],
      rows: [
        ...s.categories.map((cat) => ({ cells: [cat.name, ...cat.months, cat.totalCents] })),
        {
          cells: [
            "Общо",
            ...s.months.map((_, i) =>
              s.categories.reduce((sum, cat) => sum + (cat.months[i] ?? 0), 0),
            ),
            s.categories.reduce((sum, cat) => sum + cat.totalCents, 0),
          ],
          total: true,
        },
      ],
    },
    vat: {
      title: "ДДС по месеци",
      file: "dds-po-mesetsi",
      columns: [
        { label: "Месец", kind: "text" },
        money("Начислен ДДС по продажби"),
        money("ДДС с право на данъчен кредит"),
        money("За внасяне (+) / за възстановяване (−)"),
      ],
      rows: [...s.months.map((m) => monthRow(m, vat)), monthRow(s.total, vat, true)],
    },
    ageing: {
      title: "Вземания по давност",
      file: "vzemania-po-davnost",
      columns: [
        { label: "Давност", kind: "text" },
        { label: "Документи", kind: "count" },
        money("Неплатено"),
      ],
      rows: [
        ...s.ageing.map((b) => ({ cells: [b.label, b.count, b.cents] })),
        {
          cells: ["Общо", s.ageing.reduce((sum, b) => sum + b.count, 0), s.openCents],
          total: true,
        },
      ],
    },
    clients: {
      title: "Най-големи клиенти по приходи",
      file: "klienti-po-prihodi",
      columns: [
        { label: "Клиент", kind: "text" },
        { label: "Документи", kind: "count" },
        money("Приходи без ДДС"),
        money("Приходи с ДДС"),
      ],
      rows: s.topClients.map((t) => ({
        cells: [t.name, t.count, t.netCents, t.grossCents],
        href: `/invoices?clientId=${t.clientId}`,
      })),
    },
    overdue: {
      title: "Най-големи просрочени вземания по клиенти",
      file: "klienti-po-prosrocheni",
      columns: [
        { label: "Клиент", kind: "text" },
        { label: "Документи", kind: "count" },
        money("Просрочено"),
        { label: "Най-стар падеж", kind: "date" },
      ],
      rows: s.topOverdue.map((t) => ({
        cells: [t.name, t.count, t.overdueCents, t.oldestDueDate],
        href: `/invoices?clientId=${t.clientId}&status=overdue`,
      })),
    },
    comparison: {
      title: "Сравнение със същия период година по-рано",
      file: "sravnenie-s-minalata-godina",
      columns: [
        { label: "Показател", kind: "text" },
        money(range(s)),
        money(range(c)),
        money("Разлика"),
        { label: "Промяна", kind: "percent" },
      ],
      rows: [
        compare("Приходи без ДДС", (m) => m.revenueCents),
        compare("Разходи", (m) => m.expensesCents),
        compare("Заплати", (m) => m.salariesCents),
        compare("Печалба", (m) => m.profitCents),
        compare("ДДС за внасяне", (m) => m.vatPositionCents),
      ],
    },
  };
}
