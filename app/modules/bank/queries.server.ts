import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isIsoDate } from "~/utils/dates";
import { centsToDecimal } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import type { TransactionStatus } from "./constants";
import { detailsOf } from "./transaction-details.server";

/*
 * What the bank's pages and API read: statements, their movements a page at a time with each
 * movement's state (matched when a match of it still stands, suggested when it has a suggestion,
 * else unmatched), its suggestions with the documents' current state and its matches with who
 * made them. Every query carries the company id.
 */

type TxBuilder = ExpressionBuilder<Database, "bankTransactions">;

const standingMatch = (eb: TxBuilder) =>
  eb.exists(
    eb
      .selectFrom("bankMatches as m")
      .select("m.id")
      .whereRef("m.transactionId", "=", "bankTransactions.id")
      .whereRef("m.companyId", "=", "bankTransactions.companyId")
      .where("m.undoneAt", "is", null)
      .where((w) =>
        w.or([
          w("m.paymentId", "is not", null),
          w("m.expenseId", "is not", null),
          w("m.napKind", "is not", null),
          w("m.accountCode", "is not", null),
        ]),
      ),
  );

const anySuggestion = (eb: TxBuilder) =>
  eb.exists(
    eb
      .selectFrom("bankSuggestions as s")
      .select("s.rank")
      .whereRef("s.transactionId", "=", "bankTransactions.id"),
  );

function whereStatus(eb: TxBuilder, status: TransactionStatus) {
  if (status === "matched") return standingMatch(eb);
  if (status === "suggested") return eb.and([eb.not(standingMatch(eb)), anySuggestion(eb)]);
  return eb.and([eb.not(standingMatch(eb)), eb.not(anySuggestion(eb))]);
}

export async function listStatements(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("bankStatements as st")
    .innerJoin("bankAccounts as a", (join) =>
      join.onRef("a.id", "=", "st.accountId").onRef("a.companyId", "=", "st.companyId"),
    )
    .select([
      "st.id",
      "st.format",
      "st.fileName",
      "st.periodFrom",
      "st.periodTo",
      "st.importedCount",
      "st.skippedCount",
      "st.createdAt",
      "a.iban",
      "a.currency",
      (eb) =>
        eb
          .selectFrom("bankTransactions")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("bankTransactions.statementId", "=", "st.id")
          .where("bankTransactions.companyId", "=", companyId)
          .where((w) => standingMatch(w))
          .as("matchedCount"),
    ])
    .where("st.companyId", "=", companyId)
    .orderBy("st.createdAt", "desc")
    .orderBy("st.id", "desc")
    .limit(200)
    .execute();
}

export async function getStatement(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("bankStatements as st")
    .innerJoin("bankAccounts as a", (join) =>
      join.onRef("a.id", "=", "st.accountId").onRef("a.companyId", "=", "st.companyId"),
    )
    .select([
      "st.id",
      "st.format",
      "st.fileName",
      "st.fileSha256",
      "st.statementNumber",
      "st.periodFrom",
      "st.periodTo",
      "st.openingCents",
      "st.closingCents",
      "st.lineCount",
      "st.importedCount",
      "st.skippedCount",
      "st.createdAt",
      "a.iban",
      "a.currency",
      "a.id as accountId",
    ])
    .where("st.companyId", "=", companyId)
    .where("st.id", "=", id)
    .executeTakeFirst();
}
export type StatementRow = NonNullable<Awaited<ReturnType<typeof getStatement>>>;

/** The original file of a statement, as uploaded. */
export async function statementFile(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("bankStatements")
    .select(["fileName", "fileData", "format"])
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Counts of a statement's movements by state. */
export async function statementCounts(
  db: Kysely<Database>,
  companyId: string,
  statementId: string,
) {
  const rows = await db
    .selectFrom("bankTransactions")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.count<number>(sql`case when ${standingMatch(eb)} then 1 end`).as("matched"),
      eb.fn
        .count<number>(sql`case when not ${standingMatch(eb)} and ${anySuggestion(eb)} then 1 end`)
        .as("suggested"),
    ])
    .where("companyId", "=", companyId)
    .where("statementId", "=", statementId)
    .executeTakeFirstOrThrow();
  const total = Number(rows.total);
  const matched = Number(rows.matched);
  const suggested = Number(rows.suggested);
  return { total, matched, suggested, unmatched: total - matched - suggested };
}

const TX_COLUMNS = [
  "bankTransactions.id",
  "bankTransactions.statementId",
  "bankTransactions.lineNo",
  "bankTransactions.bookedOn",
  "bankTransactions.valueOn",
  "bankTransactions.direction",
  "bankTransactions.amountCents",
  "bankTransactions.currency",
  "bankTransactions.counterpartyName",
  "bankTransactions.counterpartyIban",
  "bankTransactions.reason",
  "bankTransactions.bankReference",
  "bankTransactions.napKind",
] as const;

export interface TransactionFilters {
  statementId?: string;
  status?: TransactionStatus;
  /** The statement page's keyset: the last line shown. */
  cursor?: string | null;
  limit: number;
}

/**
 * Movements with their state, suggestions and matches: a statement's by line, or the company's
 * newest first (the API). The next page's cursor, or null.
 */
export async function listTransactions(
  db: Kysely<Database>,
  companyId: string,
  filters: TransactionFilters,
) {
  let query = db
    .selectFrom("bankTransactions")
    .select(TX_COLUMNS)
    .select((eb) => standingMatch(eb).as("matched"))
    .where("bankTransactions.companyId", "=", companyId);
  if (filters.statementId) {
    query = query.where("bankTransactions.statementId", "=", filters.statementId);
  }
  if (filters.status) {
    const status = filters.status;
    query = query.where((eb) => whereStatus(eb, status));
  }
  if (filters.statementId) {
    const key = decodeCursor(filters.cursor, [(p) => /^\d{1,9}$/.test(p), isUuid]);
    if (key) {
      query = query.where((eb) =>
        eb.or([
          eb("bankTransactions.lineNo", ">", Number(key[0])),
          eb.and([
            eb("bankTransactions.lineNo", "=", Number(key[0])),
            eb("bankTransactions.id", ">", key[1] as string),
          ]),
        ]),
      );
    }
    query = query.orderBy("bankTransactions.lineNo").orderBy("bankTransactions.id");
  } else {
    const key = decodeCursor(filters.cursor, [isIsoDate, isUuid]);
    if (key) {
      query = query.where((eb) =>
        eb.or([
          eb("bankTransactions.bookedOn", "<", key[0] as string),
          eb.and([
            eb("bankTransactions.bookedOn", "=", key[0] as string),
            eb("bankTransactions.id", "<", key[1] as string),
          ]),
        ]),
      );
    }
    query = query
      .orderBy("bankTransactions.bookedOn", "desc")
      .orderBy("bankTransactions.id", "desc");
  }
  const rows = await query.limit(filters.limit + 1).execute();
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last
      ? encodeCursor(
          filters.statementId ? [String(last.lineNo), last.id] : [last.bookedOn, last.id],
        )
      : null;
  const details = await detailsOf(
    db,
    companyId,
    page.map((row) => row.id),
  );
  return {
    transactions: page.map((row) => {
      const suggestions = details.suggestions.get(row.id) ?? [];
      const matches = details.matches.get(row.id) ?? [];
      const matched = Boolean(row.matched);
      const status: TransactionStatus = matched
        ? "matched"
        : suggestions.length
          ? "suggested"
          : "unmatched";
      // A client's surplus booked to 411 (decision 065) is still overpaid, not applied.
      const applied = matches.reduce(
        (sum, m) => sum + (m.standing && !m.surplus ? m.amountCents : 0),
        0,
      );
      return {
        ...row,
        matched,
        status,
        suggestions,
        matches,
        overpaidCents: matched && row.direction === "credit" ? row.amountCents - applied : 0,
      };
    }),
    nextCursor,
  };
}
export type TransactionView = Awaited<ReturnType<typeof listTransactions>>["transactions"][number];

/** A movement's stored suggestion by its rank (the page's one-click confirm). */
export async function storedSuggestion(
  db: Kysely<Database>,
  companyId: string,
  transactionId: string,
  rank: number,
) {
  if (!isUuid(transactionId) || !Number.isInteger(rank) || rank < 1 || rank > 20) return undefined;
  return db
    .selectFrom("bankSuggestions")
    .select(["kind", "documentIds", "expenseId", "ruleId"])
    .where("companyId", "=", companyId)
    .where("transactionId", "=", transactionId)
    .where("rank", "=", rank)
    .executeTakeFirst();
}

/** The issued documents of the company with these numbers (the manual match by numbers). */
export async function documentsByNumbers(
  db: Kysely<Database>,
  companyId: string,
  numbers: string[],
) {
  if (!numbers.length) return [];
  return db
    .selectFrom("documents")
    .select(["id", "number", "type"])
    .where("companyId", "=", companyId)
    .where("status", "=", "issued")
    .where("type", "in", ["invoice", "debit_note"])
    .where("number", "in", numbers)
    .execute();
}

/** A movement of the company (its statement's id for the page to go back to). */
export async function getTransaction(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("bankTransactions")
    .select(["id", "statementId", "direction"])
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A movement as the API answers it (amounts as decimal strings). */
export function transactionJson(tx: TransactionView) {
  return {
    id: tx.id,
    statementId: tx.statementId,
    line: tx.lineNo,
    bookedOn: tx.bookedOn,
    valueOn: tx.valueOn,
    direction: tx.direction,
    amount: centsToDecimal(tx.amountCents),
    currency: tx.currency,
    counterparty: { name: tx.counterpartyName, iban: tx.counterpartyIban },
    reason: tx.reason,
    reference: tx.bankReference,
    napKind: tx.napKind,
    status: tx.status,
    overpaid: centsToDecimal(tx.overpaidCents),
    suggestions: tx.suggestions.map((s) => ({
      rank: s.rank,
      kind: s.kind,
      amount: centsToDecimal(s.amountCents),
      holds: s.holds,
      documentIds: s.documents.map((d) => d.id),
      documents: s.documents.map((d) => ({
        id: d.id,
        type: d.type,
        number: d.number,
        client: d.clientName,
        due: centsToDecimal(d.dueCents),
      })),
      expenseId: s.expense?.id ?? null,
      ruleId: s.rule?.id ?? null,
    })),
    matches: tx.matches
      .filter((m) => m.standing)
      .map((m) => ({
        documentId: m.document?.id ?? null,
        number: m.document?.number ?? null,
        creditNoteId: m.creditNote?.id ?? null,
        expenseId: m.expense?.id ?? null,
        napKind: m.napKind,
        account: m.accountCode,
        amount: centsToDecimal(m.amountCents),
        automatic: m.automatic,
        by: m.createdByName,
        at: m.createdAt,
      })),
  };
}

/**
 * Per company and month (yyyy-MM of the booking date), the movements and how many of them are
 * not yet matched or booked to an account: the month-end page and the accountant's overview.
 */
export async function movementsByMonth(
  db: Kysely<Database>,
  companyIds: readonly string[],
  from: string,
  to: string,
): Promise<{ companyId: string; month: string; total: number; unbooked: number }[]> {
  if (!companyIds.length) return [];
  const rows = await db
    .selectFrom("bankTransactions")
    .select((eb) => [
      "bankTransactions.companyId",
      sql<string>`to_char(booked_on, 'YYYY-MM')`.as("month"),
      eb.fn.countAll<string>().as("total"),
      eb.fn.count<string>(sql`case when not ${standingMatch(eb)} then 1 end`).as("unbooked"),
    ])
    .where("bankTransactions.companyId", "in", [...companyIds])
    .where("bookedOn", ">=", from)
    .where("bookedOn", "<=", to)
    .groupBy(["bankTransactions.companyId", sql`to_char(booked_on, 'YYYY-MM')`])
    .execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    month: r.month,
    total: Number(r.total),
    unbooked: Number(r.unbooked),
  }));
}
