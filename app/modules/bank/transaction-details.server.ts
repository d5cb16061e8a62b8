import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import type { SuggestionKind } from "./constants";
import { stands } from "./match-rows.server";

/*
 * A page of movements' details (queries.server.ts lists them): each one's suggestions with the
 * documents' current state, and its matches with who made them. Every query carries the company id.
 */

export interface DocumentBrief {
  id: string;
  type: string;
  number: string | null;
  status: string;
  clientName: string | null;
  currency: string;
  totalCents: number;
  dueCents: number;
  dueDate: string | null;
  /** For a proforma: the invoice made from it (a draft or issued), if any. */
  invoiceId: string | null;
}

/** The suggestions and matches of some movements, with the documents and expenses they name. */
export async function detailsOf(db: Kysely<Database>, companyId: string, ids: string[]) {
  const suggestions = new Map<string, SuggestionView[]>();
  const matches = new Map<string, MatchView[]>();
  if (!ids.length) return { suggestions, matches };
  const [suggestionRows, matchRows] = await Promise.all([
    db
      .selectFrom("bankSuggestions")
      .select([
        "transactionId",
        "rank",
        "kind",
        "score",
        "documentIds",
        "expenseId",
        "ruleId",
        "amountCents",
      ])
      .where("companyId", "=", companyId)
      .where("transactionId", "in", ids)
      .orderBy("transactionId")
      .orderBy("rank")
      .execute(),
    db
      .selectFrom("bankMatches")
      .select([
        "id",
        "transactionId",
        "documentId",
        "paymentId",
        "creditNoteId",
        "expenseId",
        "expenseCreated",
        "napKind",
        "accountCode",
        "amountCents",
        "automatic",
        "createdByName",
        "createdAt",
        "undoneAt",
        "undoneByName",
      ])
      .where("companyId", "=", companyId)
      .where("transactionId", "in", ids)
      .orderBy("createdAt")
      .execute(),
  ]);
  const docIds = new Set<string>();
  const expenseIds = new Set<string>();
  const ruleIds = new Set<string>();
  for (const s of suggestionRows) {
    for (const id of s.documentIds) docIds.add(id);
    if (s.expenseId) expenseIds.add(s.expenseId);
    if (s.ruleId) ruleIds.add(s.ruleId);
  }
  for (const m of matchRows) {
    if (m.documentId) docIds.add(m.documentId);
    if (m.creditNoteId) docIds.add(m.creditNoteId);
    if (m.expenseId) expenseIds.add(m.expenseId);
  }
  const [docs, expenses, rules] = await Promise.all([
    docIds.size
      ? db
          .selectFrom("documents")
          .leftJoin("clients", (join) =>
            join
              .onRef("clients.id", "=", "documents.clientId")
              .onRef("clients.companyId", "=", "documents.companyId"),
          )
          .select([
            "documents.id",
            "documents.type",
            "documents.number",
            "documents.status",
            "documents.currency",
            "documents.totalCents",
            "documents.dueCents",
            "documents.dueDate",
            "clients.name as clientName",
            (eb) =>
              eb
                .selectFrom("documents as inv")
                .select("inv.id")
                .whereRef("inv.proformaId", "=", "documents.id")
                .whereRef("inv.companyId", "=", "documents.companyId")
                .limit(1)
                .as("invoiceId"),
          ])
          .where("documents.companyId", "=", companyId)
          .where("documents.id", "in", [...docIds])
          .execute()
      : [],
    expenseIds.size
      ? db
          .selectFrom("expenses")
          .select(["id", "supplierName", "documentNumber", "totalCents", "currency", "paidOn"])
          .where("companyId", "=", companyId)
          .where("id", "in", [...expenseIds])
          .execute()
      : [],
    ruleIds.size
      ? db
          .selectFrom("bankRules")
          .select(["id", "supplierName", "description", "reasonContains", "deletedAt"])
          .where("companyId", "=", companyId)
          .where("id", "in", [...ruleIds])
          .execute()
      : [],
  ]);
  const docById = new Map<string, DocumentBrief>(
    docs.map((d) => [
      d.id,
      {
        id: d.id,
        type: d.type,
        number: d.number,
        status: d.status,
        clientName: d.clientName,
        currency: d.currency,
        totalCents: d.totalCents,
        // After payments and credit notes: the one definition (issue #41).
        dueCents: d.dueCents,
        dueDate: d.dueDate,
        invoiceId: d.invoiceId,
      },
    ]),
  );
  const expenseById = new Map(expenses.map((e) => [e.id, e]));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  for (const s of suggestionRows) {
    const list = suggestions.get(s.transactionId) ?? [];
    const documents = s.documentIds
      .map((id) => docById.get(id))
      .filter((d): d is DocumentBrief => Boolean(d));
    const expense = s.expenseId ? expenseById.get(s.expenseId) : undefined;
    const rule = s.ruleId ? ruleById.get(s.ruleId) : undefined;
    // A suggestion still holds while its documents owe, its expense is unpaid, its rule stands.
    const holds =
      s.kind === "nap" ||
      (s.kind === "proforma" && documents.length > 0) ||
      (s.kind === "expense" && Boolean(expense && !expense.paidOn)) ||
      (s.kind === "rule" && Boolean(rule && !rule.deletedAt)) ||
      (documents.length > 0 &&
        documents.length === s.documentIds.length &&
        documents.every((d) => d.status === "issued" && d.dueCents > 0));
    list.push({
      rank: s.rank,
      kind: s.kind as SuggestionKind,
      score: s.score,
      amountCents: s.amountCents,
      documents,
      expense: expense
        ? {
            id: expense.id,
            supplierName: expense.supplierName,
            documentNumber: expense.documentNumber,
            totalCents: expense.totalCents,
          }
        : null,
      rule: rule
        ? { id: rule.id, supplierName: rule.supplierName, description: rule.description }
        : null,
      holds,
    });
    suggestions.set(s.transactionId, list);
  }
  for (const m of matchRows) {
    const list = matches.get(m.transactionId) ?? [];
    const expense = m.expenseId ? expenseById.get(m.expenseId) : undefined;
    list.push({
      id: m.id,
      document: m.documentId ? (docById.get(m.documentId) ?? null) : null,
      creditNote: m.creditNoteId ? (docById.get(m.creditNoteId) ?? null) : null,
      expense: expense
        ? {
            id: expense.id,
            supplierName: expense.supplierName,
            documentNumber: expense.documentNumber,
            totalCents: expense.totalCents,
          }
        : null,
      expenseCreated: m.expenseCreated,
      napKind: m.napKind,
      accountCode: m.accountCode,
      surplus: m.documentId !== null && m.accountCode !== null,
      amountCents: m.amountCents,
      automatic: m.automatic,
      createdByName: m.createdByName,
      createdAt: m.createdAt,
      undoneAt: m.undoneAt,
      undoneByName: m.undoneByName,
      standing: m.undoneAt === null && stands(m),
    });
    matches.set(m.transactionId, list);
  }
  return { suggestions, matches };
}

export interface SuggestionView {
  rank: number;
  kind: SuggestionKind;
  score: number;
  amountCents: number;
  documents: DocumentBrief[];
  expense: { id: string; supplierName: string; documentNumber: string; totalCents: number } | null;
  rule: { id: string; supplierName: string; description: string } | null;
  /** False when what it names was paid, cancelled or deleted since. */
  holds: boolean;
}

export interface MatchView {
  id: string;
  document: DocumentBrief | null;
  creditNote: DocumentBrief | null;
  expense: { id: string; supplierName: string; documentNumber: string; totalCents: number } | null;
  expenseCreated: boolean;
  napKind: string | null;
  /** Booked to this account of the chart (decision 059). */
  accountCode: string | null;
  /** A client's surplus over its documents, booked to 411 (decision 065): not a payment. */
  surplus: boolean;
  amountCents: number;
  automatic: boolean;
  createdByName: string | null;
  createdAt: Date;
  undoneAt: Date | null;
  undoneByName: string | null;
  standing: boolean;
}
