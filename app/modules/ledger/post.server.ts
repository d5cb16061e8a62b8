import type { Kysely, Transaction } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import type { Database, LedgerEntriesSourceKind } from "~db/types";
import {
  type Counterparty,
  documentPosting,
  expensePaymentPosting,
  expensePosting,
  ledgerCurrency,
  type Posting,
  type PostingLine,
  paymentPosting,
  protocolPosting,
  reversalLines,
  samePosting,
} from "./postings";
import { DEFAULT_RULES } from "./rules";

/*
 * Posting in the transaction that changes the business row: each source (a document, a payment,
 * an expense and its payment) has at most one live entry; when what it should say changes, the
 * live one is reversed (red storno, on its own date) and the new one posted. Nothing is updated.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** Who posts (the trail of an entry): a login, or none when Сметка posts by itself. */
export interface Poster {
  id: string | null;
  name: string | null;
}

/**
 * The account for a posting on a day: the first of `keys` (most specific first) the company has a
 * rule for from that day or earlier (its latest), else the first with a default.
 */
export async function accountFor(
  db: Db,
  companyId: string,
  date: string,
  keys: string[],
): Promise<string> {
  const own = await ownRules(db, companyId, date, keys);
  const key = keys.find((k) => own.has(k)) ?? keys.find((k) => Object.hasOwn(DEFAULT_RULES, k));
  return (key && (own.get(key) ?? DEFAULT_RULES[key])) || (DEFAULT_RULES.expense as string);
}

/** The company's own rules among `keys` on a day: each rule's latest from that day or earlier. */
async function ownRules(db: Db, companyId: string, date: string, keys: string[]) {
  const rows = await db
    .selectFrom("ledgerRules")
    .select(["rule", "accountCode"])
    .distinctOn("rule")
    .where("companyId", "=", companyId)
    .where("rule", "in", keys)
    .where("validFrom", "<=", date)
    .orderBy("rule")
    .orderBy("validFrom", "desc")
    .execute();
  return new Map(rows.map((r) => [r.rule, r.accountCode]));
}

/** The accounts of several single-key rules on a day, in one query (each as accountFor gives it). */
export async function accountsOn(db: Db, companyId: string, date: string, keys: string[]) {
  const own = await ownRules(db, companyId, date, keys);
  const accounts: Record<string, string> = {};
  for (const key of keys) {
    accounts[key] =
      own.get(key) ??
      (Object.hasOwn(DEFAULT_RULES, key) ? DEFAULT_RULES[key] : undefined) ??
      (DEFAULT_RULES.expense as string);
  }
  return accounts;
}

/** Writes one entry with its lines (balanced at commit by the database); its id. */
export async function insertEntry(
  trx: Db,
  companyId: string,
  source: { kind: LedgerEntriesSourceKind; id: string | null; reverses?: string },
  posting: Posting,
  poster: Poster | null,
): Promise<string> {
  const currency = ledgerCurrency(posting.entryDate);
  const entry = await trx
    .insertInto("ledgerEntries")
    .values({
      companyId,
      entryDate: posting.entryDate,
      currency,
      sourceKind: source.kind,
      sourceId: source.id,
      reversesEntryId: source.reverses ?? null,
      description: posting.description,
      documentRef: posting.documentRef,
      createdBy: poster?.id ?? null,
      createdByName: poster?.name ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("ledgerLines")
    .values(
      posting.lines.map((line) => ({
        entryId: entry.id,
        companyId,
        entryDate: posting.entryDate,
        currency,
        accountCode: line.accountCode,
        counterpartyKind: line.counterparty?.kind ?? null,
        counterpartyId: line.counterparty?.id ?? null,
        counterpartyName: line.counterparty?.name ?? null,
        debitCents: line.debitCents,
        creditCents: line.creditCents,
      })),
    )
    .execute();
  return entry.id;
}

/** The source's entries still in force (neither a reversal nor reversed), with their lines. */
export async function liveEntries(
  trx: Db,
  companyId: string,
  kind: LedgerEntriesSourceKind,
  sourceId: string,
) {
  const entries = await trx
    .selectFrom("ledgerEntries as e")
    .select(["e.id", "e.entryDate", "e.description", "e.documentRef"])
    .where("e.companyId", "=", companyId)
    .where("e.sourceKind", "=", kind)
    .where("e.sourceId", "=", sourceId)
    .where("e.reversesEntryId", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("ledgerEntries as r")
            .select("r.id")
            .whereRef("r.reversesEntryId", "=", "e.id"),
        ),
      ),
    )
    .execute();
  if (!entries.length) return [];
  const lines = await trx
    .selectFrom("ledgerLines")
    .select([
      "entryId",
      "accountCode",
      "counterpartyKind",
      "counterpartyId",
      "counterpartyName",
      "debitCents",
      "creditCents",
    ])
    .where(
      "entryId",
      "in",
      entries.map((e) => e.id),
    )
    .orderBy("id")
    .execute();
  return entries.map((e) => ({
    ...e,
    lines: lines
      .filter((l) => l.entryId === e.id)
      .map(
        (l): PostingLine => ({
          accountCode: l.accountCode,
          counterparty: l.counterpartyKind
            ? { kind: l.counterpartyKind, id: l.counterpartyId, name: l.counterpartyName ?? "" }
            : null,
          debitCents: Number(l.debitCents),
          creditCents: Number(l.creditCents),
        }),
      ),
  }));
}

/**
 * Makes the source's books say `wanted` (null: nothing): a live entry that says the same stays;
 * any other is reversed on its own date; the wanted one is posted. Answers whether it wrote.
 */
export async function syncSource(
  trx: Db,
  companyId: string,
  kind: LedgerEntriesSourceKind,
  sourceId: string,
  wanted: Posting | null,
  poster: Poster | null,
): Promise<boolean> {
  const live = await liveEntries(trx, companyId, kind, sourceId);
  if (wanted && live.length === 1 && samePosting(live[0] as unknown as Posting, wanted)) {
    return false;
  }
  if (!wanted && !live.length) return false;
  // A reversal or an entry dated in a locked month would change that closed month (decision 058):
  // an expense's payment is posted on its own day, whatever the document's month.
  await assertPeriodOpen(trx, companyId, ...live.map((e) => e.entryDate), wanted?.entryDate);
  for (const entry of live) {
    await insertEntry(
      trx,
      companyId,
      { kind, id: sourceId, reverses: entry.id },
      {
        entryDate: entry.entryDate,
        description: `Сторно: ${entry.description}`.slice(0, 500),
        documentRef: entry.documentRef,
        lines: reversalLines(entry.lines),
      },
      poster,
    );
  }
  if (wanted) await insertEntry(trx, companyId, { kind, id: sourceId }, wanted, poster);
  return true;
}

const clientOf = (doc: { clientId: string; clientSnapshot: unknown; clientName: string | null }) =>
  ({
    kind: "client",
    id: doc.clientId,
    name: (doc.clientSnapshot as { name?: string } | null)?.name ?? doc.clientName ?? "",
  }) satisfies Counterparty;

const POSTED_TYPES = ["invoice", "debit_note", "credit_note"] as const;

/** An issued invoice or note posted; a cancelled one (or a draft, a proforma) reversed. */
export async function postDocument(
  trx: Db,
  companyId: string,
  documentId: string,
  poster: Poster | null,
) {
  const doc = await trx
    .selectFrom("documents")
    .leftJoin("clients", (join) =>
      join.onRef("clients.id", "=", "documents.clientId").on("clients.companyId", "=", companyId),
    )
    .select([
      "documents.type",
      "documents.status",
      "documents.number",
      "documents.issueDate",
      "documents.currency",
      "documents.eurRate",
      "documents.clientId",
      "documents.clientSnapshot",
      "documents.advance",
      "clients.name as clientName",
    ])
    .where("documents.companyId", "=", companyId)
    .where("documents.id", "=", documentId)
    .executeTakeFirst();
  let wanted: Posting | null = null;
  const type = POSTED_TYPES.find((t) => t === doc?.type);
  if (doc && type && doc.status === "issued") {
    // A line's catalogue item names its revenue account as the item is now (decision 065).
    const lines = await trx
      .selectFrom("documentLines as l")
      .leftJoin("catalogueItems as i", (join) =>
        join.onRef("i.id", "=", "l.catalogueItemId").on("i.companyId", "=", companyId),
      )
      .select(["l.netCents", "l.vatRate", "i.revenueAccount", "l.advanceId"])
      .where("l.companyId", "=", companyId)
      .where("l.documentId", "=", documentId)
      .execute();
    const accounts = await accountsOn(trx, companyId, doc.issueDate, [
      "receivable",
      "revenue",
      "sales_vat",
      "advances",
    ]);
    // An advance invoice's base, and a final invoice's deduction of one, are the client's
    // advances account (412), never revenue (decision 074).
    const advances = accounts.advances as string;
    const posted = lines.map(({ advanceId, ...line }) =>
      doc.advance || advanceId ? { ...line, revenueAccount: advances } : line,
    );
    wanted = documentPosting(
      { ...doc, type, number: doc.number ?? "", client: clientOf(doc), lines: posted },
      {
        receivable: accounts.receivable as string,
        revenue: accounts.revenue as string,
        salesVat: accounts.sales_vat as string,
        advances,
      },
    );
  }
  return syncSource(trx, companyId, "document", documentId, wanted, poster);
}

/** A payment recorded on a document posted; a removed one reversed. */
export async function postPayment(
  trx: Db,
  companyId: string,
  paymentId: string,
  poster: Poster | null,
) {
  const row = await trx
    .selectFrom("documentPayments as p")
    .innerJoin("documents", "documents.id", "p.documentId")
    .leftJoin("clients", (join) =>
      join.onRef("clients.id", "=", "documents.clientId").on("clients.companyId", "=", companyId),
    )
    .select([
      "p.paidOn",
      "p.amountCents",
      "p.method",
      "documents.type",
      "documents.number",
      "documents.currency",
      "documents.eurRate",
      "documents.clientId",
      "documents.clientSnapshot",
      "clients.name as clientName",
    ])
    .where("p.companyId", "=", companyId)
    .where("documents.companyId", "=", companyId)
    .where("p.id", "=", paymentId)
    .executeTakeFirst();
  let wanted: Posting | null = null;
  if (row) {
    const receivableKey = row.type === "proforma" ? "advances" : "receivable";
    const money = `money.${row.method}`;
    const accounts = await accountsOn(trx, companyId, row.paidOn, [receivableKey, money]);
    wanted = paymentPosting(
      {
        paidOn: row.paidOn,
        amountCents: Number(row.amountCents),
        document: { ...row, number: row.number ?? "", client: clientOf(row) },
      },
      { money: accounts[money] as string, receivable: accounts[receivableKey] as string },
    );
  }
  return syncSource(trx, companyId, "payment", paymentId, wanted, poster);
}

const EXPENSE_LABELS: Record<string, string> = {
  invoice: "Фактура",
  credit_note: "Кредитно известие",
  debit_note: "Дебитно известие",
  receipt: "Касов бон",
  protocol_117: "Протокол по чл. 117 ЗДДС",
  other: "Документ",
};

/** An expense and its payment posted as the expense now is; a deleted one reversed. */
export async function postExpense(
  trx: Db,
  companyId: string,
  expenseId: string,
  poster: Poster | null,
) {
  const row = await trx
    .selectFrom("expenses")
    .innerJoin("expenseCategories as c", "c.id", "expenses.categoryId")
    .select([
      "expenses.documentType",
      "expenses.documentNumber",
      "expenses.documentDate",
      "expenses.description",
      "expenses.currency",
      "expenses.eurRate",
      "expenses.totalCents",
      "expenses.subtotalCents",
      "expenses.vatCents",
      "expenses.creditableVatCents",
      "expenses.supplierId",
      "expenses.supplierName",
      "expenses.paidOn",
      "expenses.paymentMethod",
      "expenses.categoryId",
      "c.code as categoryCode",
    ])
    .where("expenses.companyId", "=", companyId)
    .where("expenses.id", "=", expenseId)
    .executeTakeFirst();
  let wanted: Posting | null = null;
  let paid: Posting | null = null;
  if (row) {
    const expenseAccount = await accountFor(trx, companyId, row.documentDate, [
      `expense.category.${row.categoryId}`,
      `expense.code.${row.categoryCode ?? "none"}`,
      "expense",
    ]);
    const accounts = await accountsOn(trx, companyId, row.documentDate, [
      "purchase_vat",
      "sales_vat",
      "payable",
    ]);
    const protocol = row.documentType === "protocol_117";
    const expense = {
      ...row,
      // A protocol's supplier is owed the base: the VAT is the buyer's own (protocolPosting).
      totalCents: Number(protocol ? row.subtotalCents : row.totalCents),
      subtotalCents: Number(row.subtotalCents),
      vatCents: Number(row.vatCents),
      creditableVatCents: Number(row.creditableVatCents),
      documentTypeLabel: EXPENSE_LABELS[row.documentType] ?? "Документ",
      supplier: { kind: "supplier" as const, id: row.supplierId, name: row.supplierName },
    };
    const to = {
      expense: expenseAccount,
      purchaseVat: accounts.purchase_vat as string,
      salesVat: accounts.sales_vat as string,
      payable: accounts.payable as string,
    };
    wanted = protocol ? protocolPosting(expense, to) : expensePosting(expense, to);
    if (row.paidOn) {
      const money = `money.${row.paymentMethod ?? "bank"}`;
      const on = await accountsOn(trx, companyId, row.paidOn, [money, "payable"]);
      paid = expensePaymentPosting(
        { ...expense, paidOn: row.paidOn },
        { money: on[money] as string, payable: on.payable as string },
      );
    }
  }
  const a = await syncSource(trx, companyId, "expense", expenseId, wanted, poster);
  const b = await syncSource(trx, companyId, "expense_payment", expenseId, paid, poster);
  return a || b;
}
