import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { EU_PREFIX, EU_VAT_NUMBER, OTHER_VAT_NUMBER } from "~/modules/reference/foreign-vat";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate } from "~/utils/dates";
import { isOwnKey } from "~/utils/own-keys";
import { periodRange } from "~/utils/periods";
import { searchTerm } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import type { Database, ExpenseDocumentType } from "~db/types";
import { PROTOCOL_FILTERS } from "./constants";
import { coversWholeMonths, monthTotals } from "./month-totals.server";
import { EXPENSE_DOCUMENT_TYPES, EXPENSE_SORTS, type ExpenseSort, PAYMENT_FILTERS } from "./schema";

export const EXPENSE_PAGE_SIZE = 50;

export interface ExpenseFilters {
  from?: string;
  to?: string;
  /** The period as chosen ("month:2026-11", "quarter:2026-4", "year:2026"), for the form. */
  period?: string;
  categoryId?: string;
  supplierId?: string;
  payment?: keyof typeof PAYMENT_FILTERS;
  protocol?: keyof typeof PROTOCOL_FILTERS;
  type?: ExpenseDocumentType;
  q?: string;
  sort: ExpenseSort;
}

/** Filters from a query string; anything unknown or malformed is ignored. */
export function expenseFiltersFromSearch(params: URLSearchParams): ExpenseFilters {
  const get = (key: string) => params.get(key)?.trim() || undefined;
  const period = get("period");
  const range = periodRange(period);
  const from = range?.from ?? get("from");
  const to = range?.to ?? get("to");
  const payment = get("payment");
  const type = get("type");
  const sort = get("sort");
  const protocol = get("protocol");
  return {
    period: range ? period : undefined,
    from: from && isBookDate(from) ? from : undefined,
    to: to && isBookDate(to) ? to : undefined,
    categoryId: isUuid(get("categoryId")) ? get("categoryId") : undefined,
    supplierId: isUuid(get("supplierId")) ? get("supplierId") : undefined,
    payment: isOwnKey(PAYMENT_FILTERS, payment)
      ? (payment as ExpenseFilters["payment"])
      : undefined,
    protocol: isOwnKey(PROTOCOL_FILTERS, protocol)
      ? (protocol as ExpenseFilters["protocol"])
      : undefined,
    type: isOwnKey(EXPENSE_DOCUMENT_TYPES, type) ? (type as ExpenseDocumentType) : undefined,
    q: searchTerm(get("q")) || undefined,
    sort: isOwnKey(EXPENSE_SORTS, sort) ? (sort as ExpenseSort) : "date_desc",
  };
}

type Query<O> = SelectQueryBuilder<Database, "expenses", O>;

/** The expense has an issued protocol under чл. 117 that is not cancelled. */
const LIVE_PROTOCOL = sql<boolean>`exists (select 1 from vat_protocols p where p.company_id = expenses.company_id and p.expense_id = expenses.id and p.cancelled_at is null)`;

/**
 * protocolKindFor (protocol-rules.ts) in SQL, with the same patterns (foreign-vat.ts): a
 * VAT-registered company's invoice — or a note, which needs its correcting protocol
 * (protocol-notes.server.ts) — that charges no VAT, marked «обратно начисляване по чл. 163а» or
 * from a supplier with a foreign VAT number (another EU state's by the VIES format, or any other
 * country's). A test holds the two to the same answers.
 */
const SUPPLIER_VAT = sql`upper(regexp_replace(coalesce(expenses.supplier_vat_number, ''), '[[:space:].-]', '', 'g'))`;
const NEEDS_PROTOCOL = sql<boolean>`(expenses.document_type in ('invoice', 'credit_note', 'debit_note') and expenses.vat_cents = 0 and expenses.subtotal_cents > 0
  and exists (select 1 from companies c where c.id = expenses.company_id and c.is_vat_registered)
  and (expenses.reverse_charge or (${SUPPLIER_VAT} !~ '^BG' and (${SUPPLIER_VAT} ~ ${EU_VAT_NUMBER.source}
    or (${SUPPLIER_VAT} !~ ${EU_PREFIX.source} and ${SUPPLIER_VAT} ~ ${OTHER_VAT_NUMBER.source})))))`;

function applyFilters<O>(query: Query<O>, filters: ExpenseFilters, today: string): Query<O> {
  let q = query;
  if (filters.from) q = q.where("expenses.documentDate", ">=", filters.from);
  if (filters.to) q = q.where("expenses.documentDate", "<=", filters.to);
  if (filters.categoryId) q = q.where("expenses.categoryId", "=", filters.categoryId);
  if (filters.supplierId) q = q.where("expenses.supplierId", "=", filters.supplierId);
  if (filters.type) q = q.where("expenses.documentType", "=", filters.type);
  if (filters.payment === "paid") q = q.where("expenses.paidOn", "is not", null);
  if (filters.payment === "unpaid") q = q.where("expenses.paidOn", "is", null);
  if (filters.payment === "overdue") {
    q = q.where("expenses.paidOn", "is", null).where("expenses.dueDate", "<", today);
  }
  if (filters.protocol === "issued") q = q.where(LIVE_PROTOCOL);
  if (filters.protocol === "missing")
    q = q.where(NEEDS_PROTOCOL).where(sql<boolean>`not ${LIVE_PROTOCOL}`);
  const text = filters.q?.trim();
  if (text) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(expenses.supplier_name)`, "like", like),
        eb("expenses.supplierEik", "=", text),
        eb("expenses.documentNumber", "=", text),
        eb(sql`lower(expenses.description)`, "like", like),
      ]),
    );
  }
  return q;
}

/** Whether only the period (or nothing) narrows the list: the totals then need no join. */
const onlyPeriod = (f: ExpenseFilters) =>
  !f.categoryId && !f.supplierId && !f.payment && !f.protocol && !f.type && !f.q?.trim();

const SIGN = sql<number>`case when expenses.document_type = 'credit_note' then -1 else 1 end`;

/** One page of the company's expenses, by the chosen sort, with keyset pagination. */
export async function listExpenses(
  db: Kysely<Database>,
  companyId: string,
  filters: ExpenseFilters,
  today: string,
  options: { after?: string | null; limit?: number } = {},
) {
  const limit = options.limit ?? EXPENSE_PAGE_SIZE;
  let query = applyFilters(
    db
      .selectFrom("expenses")
      .leftJoin("expenseCategories", (join) =>
        join
          .onRef("expenseCategories.id", "=", "expenses.categoryId")
          .onRef("expenseCategories.companyId", "=", "expenses.companyId"),
      )
      .select([
        "expenses.id",
        "expenses.supplierId",
        "expenses.supplierName",
        "expenses.supplierEik",
        "expenses.supplierVatNumber",
        "expenses.supplierCompanyId",
        "expenses.documentType",
        "expenses.documentNumber",
        "expenses.documentDate",
        "expenses.description",
        "expenses.categoryId",
        "expenses.currency",
        "expenses.subtotalCents",
        "expenses.vatCents",
        "expenses.totalCents",
        "expenses.vatCredit",
        "expenses.creditableVatCents",
        "expenses.paymentMethod",
        "expenses.paidOn",
        "expenses.dueDate",
        "expenseCategories.name as categoryName",
        sql<string>`expenses.created_at::text`.as("sortCreated"),
        sql<string>`lower(expenses.supplier_name)`.as("sortSupplier"),
      ])
      .where("expenses.companyId", "=", companyId),
    filters,
    today,
  );
  const sort = filters.sort;
  const isDate = sort === "date_desc" || sort === "date_asc";
  const cursor = decodeCursor(
    options.after,
    isDate
      ? [isBookDate, anyText, isUuid]
      : sort === "supplier"
        ? [anyText, isUuid]
        : [(v) => /^-?\d{1,18}$/.test(v), isUuid],
  );
  if (cursor) {
    const [a, b, c] = cursor;
    query = query.where(
      sort === "date_desc"
        ? sql<boolean>`(expenses.document_date, expenses.created_at, expenses.id) < (${a}::date, ${b}::timestamptz, ${c}::uuid)`
        : sort === "date_asc"
          ? sql<boolean>`(expenses.document_date, expenses.created_at, expenses.id) > (${a}::date, ${b}::timestamptz, ${c}::uuid)`
          : sort === "supplier"
            ? sql<boolean>`(lower(expenses.supplier_name), expenses.id) > (${a}, ${b}::uuid)`
            : sort === "amount_desc"
              ? sql<boolean>`(expenses.total_cents, expenses.id) < (${a}::bigint, ${b}::uuid)`
              : sql<boolean>`(expenses.total_cents, expenses.id) > (${a}::bigint, ${b}::uuid)`,
    );
  }
  const dir = sort === "date_desc" || sort === "amount_desc" ? "desc" : "asc";
  query = isDate
    ? query
        .orderBy("expenses.documentDate", dir)
        .orderBy("expenses.createdAt", dir)
        .orderBy("expenses.id", dir)
    : sort === "supplier"
      ? query.orderBy(sql`lower(expenses.supplier_name)`).orderBy("expenses.id")
      : query.orderBy("expenses.totalCents", dir).orderBy("expenses.id", dir);
  const rows = await query.limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(
          isDate
            ? [last.documentDate, last.sortCreated, last.id]
            : sort === "supplier"
              ? [last.sortSupplier, last.id]
              : [String(last.totalCents), last.id],
        )
      : null;
  return {
    expenses: page.map(({ sortCreated: _c, sortSupplier: _s, ...row }) => row),
    nextCursor,
  };
}

export type ExpenseListRow = Awaited<ReturnType<typeof listExpenses>>["expenses"][number];

export interface ExpenseCurrencyTotals {
  currency: string;
  count: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  creditableVatCents: number;
  unpaidCents: number;
}

export interface ExpenseRateTotals {
  currency: string;
  /** 20, 9, 0, or null (no VAT). */
  vatRate: number | null;
  baseCents: number;
  vatCents: number;
}

/**
 * The totals of everything the filters match (not only the page): per currency, and per VAT rate
 * (base and VAT apart). Credit notes subtract.
 */
export async function summarizeExpenses(
  db: Kysely<Database>,
  companyId: string,
  filters: ExpenseFilters,
  today: string,
  options: { fromRows?: boolean } = {},
): Promise<{ count: number; currencies: ExpenseCurrencyTotals[]; rates: ExpenseRateTotals[] }> {
  if (!options.fromRows && onlyPeriod(filters) && coversWholeMonths(filters.from, filters.to)) {
    // Everything, a month, a quarter, a year: the month totals answer without reading expenses.
    const totals = await monthTotals(db, companyId, filters.from, filters.to);
    return {
      count: totals.currencies.reduce((sum, c) => sum + c.count, 0),
      currencies: totals.currencies,
      rates: sortRates(totals.rates),
    };
  }
  const [currencies, rates] = await Promise.all([
    applyFilters(
      db
        .selectFrom("expenses")
        .select((eb) => [
          "expenses.currency",
          eb.fn.countAll<number>().as("count"),
          sql<number>`coalesce(sum(${SIGN} * expenses.subtotal_cents), 0)`.as("subtotalCents"),
          sql<number>`coalesce(sum(${SIGN} * expenses.vat_cents), 0)`.as("vatCents"),
          sql<number>`coalesce(sum(${SIGN} * expenses.total_cents), 0)`.as("totalCents"),
          sql<number>`coalesce(sum(${SIGN} * expenses.creditable_vat_cents), 0)`.as(
            "creditableVatCents",
          ),
          sql<number>`coalesce(sum(${SIGN} * expenses.total_cents) filter (where expenses.paid_on is null), 0)`.as(
            "unpaidCents",
          ),
        ])
        .where("expenses.companyId", "=", companyId)
        .groupBy("expenses.currency")
        .orderBy("expenses.currency"),
      filters,
      today,
    ).execute(),
    summarizeRates(db, companyId, filters, today),
  ]);
  const numbers = currencies.map((c) => ({
    currency: c.currency,
    count: Number(c.count),
    subtotalCents: Number(c.subtotalCents),
    vatCents: Number(c.vatCents),
    totalCents: Number(c.totalCents),
    creditableVatCents: Number(c.creditableVatCents),
    unpaidCents: Number(c.unpaidCents),
  }));
  return { count: numbers.reduce((sum, c) => sum + c.count, 0), currencies: numbers, rates };
}

async function summarizeRates(
  db: Kysely<Database>,
  companyId: string,
  filters: ExpenseFilters,
  today: string,
): Promise<ExpenseRateTotals[]> {
  const columns = [
    "expenseAmounts.currency",
    "expenseAmounts.vatRate",
    sql<number>`coalesce(sum(expense_amounts.sign * expense_amounts.base_cents), 0)`.as(
      "baseCents",
    ),
    sql<number>`coalesce(sum(expense_amounts.sign * expense_amounts.vat_cents), 0)`.as("vatCents"),
  ] as const;
  let rows: { currency: string; vatRate: number | null; baseCents: number; vatCents: number }[];
  if (onlyPeriod(filters)) {
    // A period (or everything): the amounts carry the date, so the index answers on its own.
    let query = db
      .selectFrom("expenseAmounts")
      .select(columns)
      .where("expenseAmounts.companyId", "=", companyId);
    if (filters.from) query = query.where("expenseAmounts.documentDate", ">=", filters.from);
    if (filters.to) query = query.where("expenseAmounts.documentDate", "<=", filters.to);
    rows = await query.groupBy(["expenseAmounts.currency", "expenseAmounts.vatRate"]).execute();
  } else {
    rows = await applyFilters(
      db
        .selectFrom("expenses")
        .innerJoin("expenseAmounts", (join) =>
          join
            .onRef("expenseAmounts.expenseId", "=", "expenses.id")
            .onRef("expenseAmounts.companyId", "=", "expenses.companyId"),
        )
        .select(columns)
        .where("expenses.companyId", "=", companyId),
      filters,
      today,
    )
      .groupBy([sql`expense_amounts.currency`, sql`expense_amounts.vat_rate`])
      .execute();
  }
  return sortRates(
    rows.map((r) => ({
      currency: r.currency,
      vatRate: r.vatRate,
      baseCents: Number(r.baseCents),
      vatCents: Number(r.vatCents),
    })),
  );
}

/** Per currency, then the highest rate first (no VAT last). */
const sortRates = (rates: ExpenseRateTotals[]) =>
  rates.sort(
    (a, b) => a.currency.localeCompare(b.currency) || (b.vatRate ?? -1) - (a.vatRate ?? -1),
  );
