import { type Kysely, sql } from "kysely";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate, todayInSofia } from "~/utils/dates";
import { isOwnKey } from "~/utils/own-keys";
import { searchTerm } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { OFFER_FILTERS, type OfferFilter } from "./constants";
import { isExpired, madeDocumentId, offerVisibleTo } from "./queries.server";

/*
 * The offers list (issue #48 item 5, decision 077): the page /offers and GET /api/offers read the
 * same filters — state, client, period of the offer's date, number or client name — and the same
 * keyset pages (newest first), as the documents' list does.
 */

export const OFFER_PAGE_SIZE = 50;

export interface OfferFilters {
  status?: OfferFilter;
  clientId?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** Filters from a query string, with anything unknown or malformed ignored (as the documents'). */
export function offerFiltersFromSearch(params: URLSearchParams): OfferFilters {
  const get = (key: string) => params.get(key)?.trim() || undefined;
  const status = get("status");
  const clientId = get("clientId");
  const from = get("from");
  const to = get("to");
  return {
    status: isOwnKey(OFFER_FILTERS, status) ? (status as OfferFilter) : undefined,
    clientId: isUuid(clientId) ? clientId : undefined,
    from: from && isBookDate(from) ? from : undefined,
    to: to && isBookDate(to) ? to : undefined,
    q: searchTerm(get("q")) || undefined,
  };
}

const isNumber = (part: string) => /^\d{10}$/.test(part);

/** One page of the offers that match, newest first, and the cursor of the next page (or null). */
export async function listOffers(
  db: Kysely<Database>,
  companyId: string,
  /** Staff limited to their own documents (documentsOf): only their offers. */
  createdBy: string | null,
  filters: OfferFilters = {},
  options: { after?: string | null; limit?: number; today?: string } = {},
) {
  const today = options.today ?? todayInSofia();
  const limit = options.limit ?? OFFER_PAGE_SIZE;
  let query = db
    .selectFrom("offers")
    .innerJoin("clients", (join) =>
      join
        .onRef("clients.companyId", "=", "offers.companyId")
        .onRef("clients.id", "=", "offers.clientId"),
    )
    .where(offerVisibleTo(companyId, createdBy));
  if (filters.clientId && isUuid(filters.clientId))
    query = query.where("offers.clientId", "=", filters.clientId);
  if (filters.from) query = query.where("offers.issueDate", ">=", filters.from);
  if (filters.to) query = query.where("offers.issueDate", "<=", filters.to);
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^\d{1,10}$/.test(q) ? q.padStart(10, "0") : null;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(clients.name)`, "like", like),
        ...(number ? [eb("offers.number", "=", number)] : []),
      ]),
    );
  }
  if (filters.status === "expired") {
    query = query.where("offers.status", "=", "open").where("offers.validUntil", "<", today);
  } else if (filters.status === "open") {
    query = query.where("offers.status", "=", "open").where("offers.validUntil", ">=", today);
  } else if (filters.status) {
    query = query.where("offers.status", "=", filters.status);
  }
  const [rows, count] = await Promise.all([
    (() => {
      let page = query;
      const cursor = decodeCursor(options.after, [isBookDate, isNumber]);
      if (cursor) {
        page = page.where(
          sql<boolean>`(offers.issue_date, offers.number) < (${cursor[0]}::date, ${cursor[1]})`,
        );
      }
      return page
        .select([
          "offers.id",
          "offers.number",
          "offers.issueDate",
          "offers.validUntil",
          "offers.status",
          "offers.becomes",
          "offers.currency",
          "offers.netCents",
          "offers.vatCents",
          "offers.totalCents",
          madeDocumentId(companyId, createdBy, "documentId"),
          "offers.clientId",
          "offers.createdAt",
          "clients.name as clientName",
        ])
        .orderBy("offers.issueDate", "desc")
        .orderBy("offers.number", "desc")
        .limit(limit + 1)
        .execute();
    })(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((row) => ({ ...row, expired: isExpired(row, today) })),
    count: count.count,
    nextCursor: rows.length > limit && last ? encodeCursor([last.issueDate, last.number]) : null,
  };
}
