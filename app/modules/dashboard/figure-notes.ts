/*
 * What the dashboard's month costs include (issue #41 item 14), beside the queries that make them
 * (expenses/month-totals.server.ts, salaries' monthSalaries). Browser-safe: the card shows them.
 */
export const DASHBOARD_COST_NOTES = {
  expenses:
    "С ДДС, по датата на документа; платени и неплатени, кредитните известия се изваждат. Без заплатите.",
  salaries:
    "Общ разход на работодателя: брутните заплати и осигуровките за негова сметка, за всички заплати на месеца (чернови, одобрени и изплатени).",
} as const;
