import { type Kysely, sql } from "kysely";
import { vatPosition } from "~/modules/vat/position";
import { BGN_PER_EUR } from "~/utils/money";
import type { Database } from "~db/types";
import { addMonths, lastDay, monthSerial, monthsBetween, type Period } from "./period";

/*
 * The figures of /analytics and GET /api/analytics/summary, all in euro cents (BGN at the fixed
 * 1.95583, other currencies at each document's rate, rounded per document):
 * - revenue: issued invoices and debit notes minus credit notes (document_month_totals);
 * - expenses: their cost, i.e. the total less the creditable VAT (expense_month_categories);
 * - salaries: the employer's cost of every salary of the month;
 * - profit = revenue without VAT − expenses − salaries; VAT position = output VAT (with the
 *   protocols under чл. 117) − input VAT;
 * - receivables ageing, days sales outstanding and the top debtors as of today.
 */

/** Cents of a documents/expenses row in euro: multiply by this, round per row. */
export const euroFactor = (alias: string) =>
  sql`case ${sql.ref(`${alias}.currency`)} when 'EUR' then 1 when 'BGN' then 1 / ${BGN_PER_EUR}::numeric else coalesce(${sql.ref(`${alias}.eur_rate`)}, 0) end`;

/** An amount of a row in euro cents, rounded per row; euro rows skip the numeric arithmetic. */
const inEuro = (alias: string, amount: ReturnType<typeof sql>) =>
  sql`case when ${sql.ref(`${alias}.currency`)} = 'EUR' then ${amount} else round(${amount} * ${euroFactor(alias)})::bigint end`;

export interface MonthFigures {
  month: string;
  revenueCents: number;
  outputVatCents: number;
  expensesCents: number;
  inputVatCents: number;
  salariesCents: number;
  profitCents: number;
  vatPositionCents: number;
}

export const AGEING_BUCKETS = [
  ["current", "С ненастъпил падеж"],
  ["1-30", "1–30 дни след падежа"],
  ["31-60", "31–60 дни"],
  ["61-90", "61–90 дни"],
  ["over-90", "Над 90 дни"],
] as const;
export type AgeingKey = (typeof AGEING_BUCKETS)[number][0];

const emptyMonth = (month: string): MonthFigures => ({
  month,
  revenueCents: 0,
  outputVatCents: 0,
  expensesCents: 0,
  inputVatCents: 0,
  salariesCents: 0,
  profitCents: 0,
  vatPositionCents: 0,
});

function addUp(rows: MonthFigures[], month: string): MonthFigures {
  const total = emptyMonth(month);
  for (const row of rows) {
    for (const key of Object.keys(total) as (keyof MonthFigures)[]) {
      if (key !== "month") total[key] += row[key];
    }
  }
  return total;
}

/** The per-month figures of [from − 12 months, to]: this period and the one a year earlier. */
async function monthFigures(db: Kysely<Database>, companyId: string, from: string, to: string) {
  const start = `${addMonths(from, -12)}-01`;
  const end = `${to}-01`;
  const [revenue, expenses, salaries, protocols] = await Promise.all([
    db
      .selectFrom("documentMonthTotals")
      .select((eb) => [
        sql<string>`to_char(month, 'YYYY-MM')`.as("month"),
        eb.fn.sum<number>("netEurCents").as("net"),
        eb.fn.sum<number>("vatEurCents").as("vat"),
      ])
      .where("companyId", "=", companyId)
      .where("month", ">=", start)
      .where("month", "<=", end)
      .groupBy("month")
      .execute(),
    db
      .selectFrom("expenseMonthCategories")
      .select([
        sql<string>`to_char(month, 'YYYY-MM')`.as("month"),
        "categoryId",
        "totalEurCents",
        "creditableVatEurCents",
      ])
      .where("companyId", "=", companyId)
      .where("month", ">=", start)
      .where("month", "<=", end)
      .execute(),
    db
      .selectFrom("salaries")
      .select((eb) => ["month", eb.fn.sum<number>("totalCostCents").as("cost")])
      .where("companyId", "=", companyId)
      .where("month", ">=", start.slice(0, 7))
      .where("month", "<=", to)
      .groupBy("month")
      .execute(),
    // A protocol under чл. 117 charges its VAT too (the return's кл. 22, decision 059).
    db
      .selectFrom("expenses as e")
      .select([
        sql<string>`to_char(e.document_date, 'YYYY-MM')`.as("month"),
        sql<string>`sum(${inEuro("e", sql`e.vat_cents`)})`.as("vat"),
      ])
      .where("e.companyId", "=", companyId)
      .where("e.documentType", "=", "protocol_117")
      .where("e.documentDate", ">=", start)
      .where("e.documentDate", "<=", lastDay(to))
      .groupBy(sql`to_char(e.document_date, 'YYYY-MM')`)
      .execute(),
  ]);
  const byMonth = new Map<string, MonthFigures>();
  const at = (month: string) => {
    const row = byMonth.get(month) ?? emptyMonth(month);
    byMonth.set(month, row);
    return row;
  };
  for (const r of revenue) {
    at(r.month).revenueCents += Number(r.net);
    at(r.month).outputVatCents += Number(r.vat);
  }
  const protocolVat = new Map<string, number>();
  for (const r of protocols) {
    at(r.month).outputVatCents += Number(r.vat);
    protocolVat.set(r.month, Number(r.vat));
  }
  const categoryMonths = new Map<string, Map<string, number>>();
  for (const r of expenses) {
    const cost = Number(r.totalEurCents) - Number(r.creditableVatEurCents);
    at(r.month).expensesCents += cost;
    at(r.month).inputVatCents += Number(r.creditableVatEurCents);
    if (r.month < from) continue;
    const months = categoryMonths.get(r.categoryId) ?? new Map<string, number>();
    months.set(r.month, (months.get(r.month) ?? 0) + cost);
    categoryMonths.set(r.categoryId, months);
  }
  for (const r of salaries) at(r.month).salariesCents += Number(r.cost);
  for (const row of byMonth.values()) {
    row.profitCents = row.revenueCents - row.expensesCents - row.salariesCents;
    // The VAT report's computation (кл. 50 − кл. 60) on the same output VAT and credit.
    row.vatPositionCents = vatPosition(row.outputVatCents, row.inputVatCents).positionCents;
  }
  return { byMonth, categoryMonths, protocolVat };
}

/** Receivables as of today in euro, by how long past the due date. */
async function ageing(db: Kysely<Database>, companyId: string, today: string) {
  const rows = await db
    .selectFrom("documentOpenTotals")
    .select((eb) => [
      sql<AgeingKey>`case when due_date >= ${today}::date then 'current'
        when ${today}::date - due_date <= 30 then '1-30'
        when ${today}::date - due_date <= 60 then '31-60'
        when ${today}::date - due_date <= 90 then '61-90' else 'over-90' end`.as("bucket"),
      eb.fn.sum<number>("count").as("count"),
      eb.fn.sum<number>("openEurCents").as("cents"),
    ])
    .where("companyId", "=", companyId)
    .groupBy(sql`1`)
    .execute();
  return AGEING_BUCKETS.map(([key, label]) => {
    const row = rows.find((r) => r.bucket === key);
    return { key, label, count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  });
}

/** The ten clients with the most revenue (without VAT) in the period. */
function topClientsByRevenue(db: Kysely<Database>, companyId: string, from: string, to: string) {
  const sign = sql<number>`case when d.type = 'credit_note' then -1 else 1 end`;
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom("documents as d")
        .select([
          "d.clientId",
          sql<number>`sum(${sign} * ${inEuro("d", sql`d.subtotal_cents`)})`.as("netCents"),
          sql<number>`sum(${sign} * ${inEuro("d", sql`d.total_cents`)})`.as("grossCents"),
          sql<number>`count(*)`.as("count"),
        ])
        .where("d.companyId", "=", companyId)
        .where("d.status", "=", "issued")
        .where("d.type", "in", ["invoice", "debit_note", "credit_note"])
        .where("d.issueDate", ">=", `${from}-01`)
        .where("d.issueDate", "<=", lastDay(to))
        .groupBy("d.clientId")
        .orderBy("netCents", "desc")
        .orderBy("d.clientId")
        .limit(10)
        .as("t"),
    )
    .innerJoin("clients", (join) =>
      join.onRef("clients.id", "=", "t.clientId").on("clients.companyId", "=", companyId),
    )
    .select(["t.clientId", "clients.name", "t.netCents", "t.grossCents", "t.count"])
    .where("t.netCents", ">", 0)
    .orderBy("t.netCents", "desc")
    .orderBy("t.clientId")
    .execute();
}

/**
 * The ten clients owing the most past the due date, as of today: what each owes (client_open_totals,
 * kept by the documents trigger) less its documents not yet due, which are few.
 */
async function topClientsByOverdue(db: Kysely<Database>, companyId: string, today: string) {
  const open = sql`d.company_id = ${companyId} and d.status = 'issued'
    and d.type in ('invoice', 'debit_note') and d.due_cents > 0`;
  const { rows } = await sql<{
    clientId: string;
    name: string;
    overdueCents: string;
    count: number;
    oldestDueDate: string | null;
  }>`
    select t.client_id, c.name, t.overdue_cents, t.count,
      (select to_char(min(d.due_date), 'YYYY-MM-DD') from documents d
        where ${open} and d.client_id = t.client_id and d.due_date < ${today}::date) as oldest_due_date
    from (
      select o.client_id, o.open_eur_cents - coalesce(n.cents, 0) as overdue_cents,
        o.count - coalesce(n.count, 0) as count
      from client_open_totals o
      left join (
        select d.client_id, sum(${inEuro("d", sql`d.due_cents`)}) as cents,
          count(*) as count
        from documents d
        where ${open} and (d.due_date >= ${today}::date or d.due_date is null)
        group by d.client_id
      ) n on n.client_id = o.client_id
      where o.company_id = ${companyId} and o.count - coalesce(n.count, 0) > 0
      order by overdue_cents desc, o.client_id
      limit 10
    ) t
    join clients c on c.company_id = ${companyId} and c.id = t.client_id
    order by t.overdue_cents desc, t.client_id`.execute(db);
  return rows;
}

/**
 * Days of sales history the days-sales-outstanding figure needs (issue #31 item 6): a company a
 * day old owes for a day's sales, and dividing by the whole period's days made «287 дни».
 */
export const DSO_MIN_DAYS = 30;

/** The day of the company's first issued invoice or debit note, or null when it has none. */
async function firstSaleOn(db: Kysely<Database>, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom("documents")
    .select(sql<string | null>`to_char(min(issue_date), 'YYYY-MM-DD')`.as("day"))
    .where("companyId", "=", companyId)
    .where("status", "=", "issued")
    .where("type", "in", ["invoice", "debit_note"])
    .executeTakeFirst();
  return row?.day ?? null;
}

/** Everything /analytics shows for a period of whole months, as of today (Sofia). */
export async function analyticsSummary(
  db: Kysely<Database>,
  companyId: string,
  period: Pick<Period, "from" | "to">,
  today: string,
) {
  const { from, to } = period;
  const [figures, buckets, byRevenue, byOverdue, categoryNames, firstSale] = await Promise.all([
    monthFigures(db, companyId, from, to),
    ageing(db, companyId, today),
    topClientsByRevenue(db, companyId, from, to),
    topClientsByOverdue(db, companyId, today),
    db
      .selectFrom("expenseCategories")
      .select(["id", "name", "position"])
      .where("companyId", "=", companyId)
      .orderBy("position")
      .orderBy("name")
      .execute(),
    firstSaleOn(db, companyId),
  ]);
  const months = monthsBetween(from, to).map(
    (month) => figures.byMonth.get(month) ?? emptyMonth(month),
  );
  const earlier = monthsBetween(addMonths(from, -12), addMonths(to, -12)).map(
    (month) => figures.byMonth.get(month) ?? emptyMonth(month),
  );
  const total = addUp(months, to);
  const previous = addUp(earlier, addMonths(to, -12));
  const categories = categoryNames
    .filter((c) => figures.categoryMonths.has(c.id))
    .map((c) => {
      const perMonth = figures.categoryMonths.get(c.id)!;
      const cents = months.map((m) => perMonth.get(m.month) ?? 0);
      return {
        id: c.id,
        name: c.name,
        months: cents,
        totalCents: cents.reduce((a, b) => a + b, 0),
      };
    });
  const openCents = buckets.reduce((sum, b) => sum + b.cents, 0);
  const periodEnd = lastDay(to) < today ? lastDay(to) : today;
  // The sales counted are those since the first one: a young company's period is its own days.
  const start = firstSale && firstSale > `${from}-01` ? firstSale : `${from}-01`;
  const days = Math.max(
    1,
    Math.round((Date.parse(periodEnd) - Date.parse(start)) / 86_400_000) + 1,
  );
  // Sales with their VAT: a protocol's VAT is charged on a purchase, not on a sale.
  const purchasesVat = months.reduce((sum, m) => sum + (figures.protocolVat.get(m.month) ?? 0), 0);
  const grossCents = total.revenueCents + total.outputVatCents - purchasesVat;
  const enoughHistory = firstSale !== null && days >= DSO_MIN_DAYS;
  return {
    from,
    to,
    today,
    months,
    total,
    categories,
    ageing: buckets,
    openCents,
    /**
     * Days sales outstanding: what clients owe today ÷ revenue with VAT of the period × its days
     * since the first sale; null without revenue or with less than DSO_MIN_DAYS of history.
     */
    dso: grossCents > 0 && enoughHistory ? Math.round((openCents / grossCents) * days) : null,
    /** Why there is no figure yet: the first sale and the days of history so far (else null). */
    dsoWaiting:
      grossCents > 0 && firstSale !== null && !enoughHistory
        ? { firstSaleOn: firstSale, days, needed: DSO_MIN_DAYS }
        : null,
    topClients: byRevenue.map((r) => ({
      clientId: r.clientId,
      name: r.name,
      netCents: Number(r.netCents),
      grossCents: Number(r.grossCents),
      count: Number(r.count),
    })),
    topOverdue: byOverdue.map((r) => ({
      clientId: r.clientId,
      name: r.name,
      overdueCents: Number(r.overdueCents),
      count: Number(r.count),
      oldestDueDate: r.oldestDueDate,
    })),
    comparison: {
      from: addMonths(from, -12),
      to: addMonths(to, -12),
      current: total,
      previous,
    },
    monthCount: monthSerial(to) - monthSerial(from) + 1,
  };
}
export type AnalyticsSummary = Awaited<ReturnType<typeof analyticsSummary>>;
