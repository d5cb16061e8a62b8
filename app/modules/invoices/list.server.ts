import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate } from "~/utils/dates";
import { isOwnKey } from "~/utils/own-keys";
import { searchTerm } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import type { Database, DocumentType } from "~db/types";
import { STATUS_FILTERS, type StatusFilter } from "./schema";

export const DOCUMENT_PAGE_SIZE = 50;

export interface DocumentFilters {
  type?: DocumentType;
  status?: StatusFilter;
  clientId?: string;
  from?: string;
  to?: string;
  q?: string;
  /** Staff who see only the documents they made (issue #29): set by the route, never the query. */
  createdBy?: string;
}

const TYPES = new Set(["invoice", "proforma", "credit_note", "debit_note"]);

/**
 * What clients owe is on issued invoices and debit notes only — a proforma asks for money but is
 * never a receivable, a credit note subtracts (issue #25). The one definition: the list's
 * «Платено» and «За получаване», its payment filters, the CSV's states, and the rows the triggers
 * keep for the dashboard and /analytics (document_open_totals, document_list_totals) all use it.
 */
export const RECEIVABLE = sql<boolean>`documents.status = 'issued' and documents.type in ('invoice', 'debit_note')`;

/** A proforma an invoice was made from (shown as converted, not as owed: the list, the dashboard). */
export const PROFORMA_CONVERTED = sql<boolean>`documents.type = 'proforma' and exists (select 1 from documents made where made.company_id = documents.company_id and made.proforma_id = documents.id)`;
/**
 * What is still due on a document: the generated column documents.due_cents (the total less its
 * payments and the issued credit notes against it, never below 0; issue #41). The one definition
 * of an open amount — the invoice page, the list, the dashboard, /analytics, the reminders, the
 * bank's matching, the API and the kept totals' trigger all read this column.
 */
export const DUE_CENTS = sql<number>`documents.due_cents`;
/** A document's part of the list's «Общо»: tax documents only, credit notes negative. */
const LIST_TOTAL = sql<number>`case when documents.status <> 'issued' or documents.type = 'proforma' then 0 when documents.type = 'credit_note' then -documents.total_cents else documents.total_cents end`;

/** Filters from a query string, with anything unknown or malformed ignored. */
export function filtersFromSearch(params: URLSearchParams): DocumentFilters {
  const get = (key: string) => params.get(key)?.trim() || undefined;
  const type = get("type");
  const status = get("status");
  const from = get("from");
  const to = get("to");
  const clientId = get("clientId");
  return {
    type: type && TYPES.has(type) ? (type as DocumentType) : undefined,
    status: isOwnKey(STATUS_FILTERS, status) ? (status as StatusFilter) : undefined,
    clientId: isUuid(clientId) ? clientId : undefined,
    from: from && isBookDate(from) ? from : undefined,
    to: to && isBookDate(to) ? to : undefined,
    q: searchTerm(get("q")) || undefined,
  };
}

type Query<T extends keyof Database, O> = SelectQueryBuilder<Database, T, O>;

/** The clients whose name contains the search text; beyond this many, the search joins instead. */
const SEARCH_CLIENT_LIMIT = 2_000;

/**
 * What a search matches, resolved before the document queries: the document number (digits,
 * padded to 10) and the ids of the company's clients whose name contains the text. Handing the
 * ids to the document query lets it use its client index instead of joining every document.
 */
async function resolveSearch(db: Kysely<Database>, companyId: string, text: string | undefined) {
  const q = text?.trim();
  if (!q) return null;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const clients = await db
    .selectFrom("clients")
    .select("id")
    .where("companyId", "=", companyId)
    .where(sql`lower(name)`, "like", like)
    .limit(SEARCH_CLIENT_LIMIT + 1)
    .execute();
  return {
    number: /^\d{1,10}$/.test(q) ? q.padStart(10, "0") : null,
    like,
    clientIds: clients.length > SEARCH_CLIENT_LIMIT ? null : clients.map((c) => c.id),
  };
}
type Search = Awaited<ReturnType<typeof resolveSearch>>;

// One search per filters object: the page, its totals and every page of a CSV export pass the
// same object, so the matching clients are looked up once per request, not once per query.
const searches = new WeakMap<DocumentFilters, Promise<Search>>();
function searchFor(db: Kysely<Database>, companyId: string, filters: DocumentFilters) {
  let search = searches.get(filters);
  if (!search) {
    search = resolveSearch(db, companyId, filters.q);
    searches.set(filters, search);
  }
  return search;
}

function applyFilters<T extends "documents", O>(
  query: Query<T, O>,
  filters: DocumentFilters,
  today: string,
  search: Search,
): Query<T, O> {
  // Every query here starts from the company's documents (base); filters only narrow it.
  let q = query as unknown as Query<"documents", O>;
  if (filters.type) q = q.where("documents.type", "=", filters.type);
  if (filters.clientId) q = q.where("documents.clientId", "=", filters.clientId);
  if (filters.createdBy) q = q.where("documents.createdBy", "=", filters.createdBy);
  if (filters.from) q = q.where("documents.issueDate", ">=", filters.from);
  if (filters.to) q = q.where("documents.issueDate", "<=", filters.to);
  const unpaid = sql<boolean>`${DUE_CENTS} > 0`;
  const payable = RECEIVABLE;
  switch (filters.status) {
    case "draft":
    case "issued":
    case "cancelled":
      q = q.where("documents.status", "=", filters.status);
      break;
    case "paid":
      q = q.where(sql<boolean>`${payable} and ${DUE_CENTS} = 0`);
      break;
    case "partially_paid":
      q = q.where(sql<boolean>`${payable} and ${DUE_CENTS} < documents.total_cents and ${unpaid}`);
      break;
    case "unpaid":
      q = q.where(sql<boolean>`${payable} and ${unpaid}`);
      break;
    case "overdue":
      q = q.where(sql<boolean>`${payable} and ${unpaid} and documents.due_date < ${today}::date`);
      break;
  }
  if (search) {
    q = q.where((eb) => {
      const byClient =
        search.clientIds === null
          ? eb(
              "documents.clientId",
              "in",
              eb
                .selectFrom("clients")
                .select("clients.id")
                .whereRef("clients.companyId", "=", "documents.companyId")
                .where(sql`lower(clients.name)`, "like", search.like),
            )
          : search.clientIds.length
            ? eb("documents.clientId", "in", search.clientIds)
            : null;
      const byNumber = search.number ? eb("documents.number", "=", search.number) : null;
      const either = [byClient, byNumber].filter((c) => c !== null);
      return either.length ? eb.or(either) : sql<boolean>`false`;
    });
  }
  return q as unknown as Query<T, O>;
}

function base(db: Kysely<Database>, companyId: string) {
  return db.selectFrom("documents").where("documents.companyId", "=", companyId);
}

/** The company's documents with their client (the client of the same company, always). */
export function documentsWithClients(db: Kysely<Database>, companyId: string) {
  return base(db, companyId).innerJoin("clients", (join) =>
    join
      .onRef("clients.id", "=", "documents.clientId")
      .onRef("clients.companyId", "=", "documents.companyId"),
  );
}

/** A page of the company's documents, newest first, keyset-paged like the clients list. */
export async function listDocuments(
  db: Kysely<Database>,
  companyId: string,
  filters: DocumentFilters,
  today: string,
  options: { after?: string | null; limit?: number } = {},
) {
  const limit = options.limit ?? DOCUMENT_PAGE_SIZE;
  const search = await searchFor(db, companyId, filters);
  let query = applyFilters(
    documentsWithClients(db, companyId).select([
      "documents.id",
      "documents.type",
      "documents.status",
      "documents.number",
      "documents.issueDate",
      "documents.dueDate",
      "documents.currency",
      "documents.subtotalCents",
      "documents.vatCents",
      "documents.totalCents",
      "documents.paidCents",
      "documents.dueCents",
      "documents.clientId",
      "documents.sentAt",
      // An issued proforma that became an invoice is shown as converted, not as owed.
      PROFORMA_CONVERTED.as("converted"),
      "clients.name as clientName",
      "clients.eik as clientEik",
      "clients.vatNumber as clientVatNumber",
      sql<string>`documents.created_at::text`.as("sortCreated"),
    ]),
    filters,
    today,
    search,
  );
  const cursor = decodeCursor(options.after, [isBookDate, anyText, isUuid]);
  if (cursor) {
    query = query.where(
      sql<boolean>`(documents.issue_date, documents.created_at, documents.id) < (${cursor[0]}::date, ${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("documents.issueDate", "desc")
    .orderBy("documents.createdAt", "desc")
    .orderBy("documents.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor([last.issueDate, last.sortCreated, last.id]) : null;
  return { documents: page.map(({ sortCreated: _s, ...row }) => row), nextCursor };
}

export interface CurrencyTotals {
  currency: string;
  count: number;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
}

/**
 * The totals of everything the filters match (not only the page), per currency. Only issued tax
 * documents carry money: drafts are not documents yet, cancelled ones count as zero, credit notes
 * subtract, and proformas are counted but never summed (they are not sales nor receivables).
 */
export async function summarizeDocuments(
  db: Kysely<Database>,
  companyId: string,
  filters: DocumentFilters,
  today: string,
): Promise<{ count: number; currencies: CurrencyTotals[] }> {
  const unfiltered = Object.values(filters).every((value) => value === undefined || value === "");
  return unfiltered ? listTotals(db, companyId) : scanDocumentTotals(db, companyId, filters, today);
}

/**
 * The totals of all the company's documents, from the rows a trigger keeps per currency
 * (document_list_totals): the default /invoices page does not sum every document it ever made.
 */
async function listTotals(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom("documentListTotals")
    .select(["currency", "count", "totalCents", "paidCents", "outstandingCents"])
    .where("companyId", "=", companyId)
    .where("count", ">", 0)
    .orderBy("currency")
    .execute();
  const currencies = rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    totalCents: Number(row.totalCents),
    paidCents: Number(row.paidCents),
    outstandingCents: Number(row.outstandingCents),
  }));
  return { count: currencies.reduce((sum, c) => sum + c.count, 0), currencies };
}

/** The totals summed over the documents the filters match (also the check on listTotals). */
export async function scanDocumentTotals(
  db: Kysely<Database>,
  companyId: string,
  filters: DocumentFilters,
  today: string,
): Promise<{ count: number; currencies: CurrencyTotals[] }> {
  const search = await searchFor(db, companyId, filters);
  const rows = await applyFilters(
    base(db, companyId).select([
      "documents.currency",
      sql<number>`count(*)`.as("count"),
      sql<number>`coalesce(sum(${LIST_TOTAL}), 0)`.as("totalCents"),
      sql<number>`coalesce(sum(case when ${RECEIVABLE} then documents.paid_cents else 0 end), 0)`.as(
        "paidCents",
      ),
      sql<number>`coalesce(sum(case when ${RECEIVABLE} then ${DUE_CENTS} else 0 end), 0)`.as(
        "outstandingCents",
      ),
    ]),
    filters,
    today,
    search,
  )
    .groupBy("documents.currency")
    .orderBy("documents.currency")
    .execute();
  const currencies = rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    totalCents: Number(row.totalCents),
    paidCents: Number(row.paidCents),
    outstandingCents: Number(row.outstandingCents),
  }));
  return { count: currencies.reduce((sum, c) => sum + c.count, 0), currencies };
}
