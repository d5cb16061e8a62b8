import type { Kysely } from "kysely";
import { CATEGORY_MESSAGES } from "~/modules/expenses/categories.server";
import { AppError, NotFoundError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { actorName, type BankActor, recordBankAct } from "./access.server";
import { BANK_MESSAGES } from "./constants";
import { loadMatchIndex } from "./matching.server";
import { type Suggestion, suggestionRows } from "./ranking";

/*
 * The user's rules for debits (decision 031): «the reason contains …» and/or an amount range →
 * an expense of this supplier and category, made when the suggestion is confirmed. A deleted rule
 * is kept (with who deleted it) for the history of the expenses it made. Adding or deleting one
 * is in the audit trail. And the statement's suggestions made again (after new rules, documents
 * or payments): only for movements no match stands for.
 */

export async function listRules(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("bankRules")
    .leftJoin("expenseCategories", (join) =>
      join
        .onRef("expenseCategories.id", "=", "bankRules.categoryId")
        .onRef("expenseCategories.companyId", "=", "bankRules.companyId"),
    )
    .select([
      "bankRules.id",
      "bankRules.reasonContains",
      "bankRules.amountMinCents",
      "bankRules.amountMaxCents",
      "bankRules.supplierName",
      "bankRules.supplierEik",
      "bankRules.vatRate",
      "bankRules.description",
      "bankRules.createdByName",
      "bankRules.createdAt",
      "expenseCategories.name as categoryName",
    ])
    .where("bankRules.companyId", "=", companyId)
    .where("bankRules.deletedAt", "is", null)
    .orderBy("bankRules.createdAt")
    .execute();
}

export interface RuleInput {
  reasonContains: string | null;
  amountMinCents: number | null;
  amountMaxCents: number | null;
  supplierName: string;
  supplierEik: string | null;
  categoryId: string;
  vatRate: number | null;
  description: string;
}

export async function createRule(actor: BankActor, input: RuleInput): Promise<string> {
  const companyId = actor.user.companyId;
  const category = await actor.context.db
    .selectFrom("expenseCategories")
    .select("id")
    .where("companyId", "=", companyId)
    .where("id", "=", input.categoryId)
    .executeTakeFirst();
  // Another company's category is not found, as reading it is (issue #43 item 2).
  if (!category) {
    throw new AppError(CATEGORY_MESSAGES.notFound, 404, { categoryId: CATEGORY_MESSAGES.notFound });
  }
  return actor.context.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bankRules")
      .values({
        companyId,
        ...input,
        createdBy: actor.user.id,
        createdByName: actorName(actor.user),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordBankAct(
      actor,
      "bank.rule",
      { type: "bank_rule", id: row.id, label: input.supplierName },
      {
        reason: input.reasonContains,
        amount: [input.amountMinCents, input.amountMaxCents]
          .map((cents) => (cents === null ? "—" : formatCents(cents)))
          .join(" – "),
      },
      trx,
    );
    return row.id;
  });
}

export async function deleteRule(actor: BankActor, id: string): Promise<void> {
  const companyId = actor.user.companyId;
  if (!isUuid(id)) throw new AppError(BANK_MESSAGES.ruleNotFound, 404);
  await actor.context.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("bankRules")
      .set({ deletedAt: new Date(), deletedByName: actorName(actor.user) })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .where("deletedAt", "is", null)
      .returning(["id", "supplierName"])
      .executeTakeFirst();
    if (!row) throw new AppError(BANK_MESSAGES.ruleNotFound, 404);
    await recordBankAct(
      actor,
      "bank.rule-delete",
      { type: "bank_rule", id: row.id, label: row.supplierName },
      undefined,
      trx,
    );
  });
}

/** Ranks again every movement of a statement that no match stands for; how many got one. */
export async function refreshSuggestions(
  db: Kysely<Database>,
  companyId: string,
  statementId: string,
): Promise<number> {
  const statement = await db
    .selectFrom("bankStatements as st")
    .innerJoin("bankAccounts as a", "a.id", "st.accountId")
    .select(["st.id", "a.currency"])
    .where("st.companyId", "=", companyId)
    .where("st.id", "=", statementId)
    .executeTakeFirst();
  if (!statement) throw new NotFoundError();
  const movements = await db
    .selectFrom("bankTransactions as t")
    .select([
      "t.id",
      "t.direction",
      "t.amountCents",
      "t.currency",
      "t.bookedOn",
      "t.counterpartyName",
      "t.counterpartyIban",
      "t.reason",
    ])
    .where("t.companyId", "=", companyId)
    .where("t.statementId", "=", statementId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("bankMatches as m")
            .select("m.id")
            .whereRef("m.transactionId", "=", "t.id")
            .where("m.undoneAt", "is", null)
            .where((w) =>
              w.or([
                w("m.paymentId", "is not", null),
                w("m.expenseId", "is not", null),
                w("m.napKind", "is not", null),
                w("m.accountCode", "is not", null),
              ]),
            ),
        ),
      ),
    )
    .execute();
  const index = await loadMatchIndex(db, companyId, statement.currency);
  const ranked = movements.map((m) => ({ id: m.id, list: index.rank(m) as Suggestion[] }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ranked.length; i += 1000) {
      const ids = ranked.slice(i, i + 1000).map((r) => r.id);
      await trx
        .deleteFrom("bankSuggestions")
        .where("companyId", "=", companyId)
        .where("transactionId", "in", ids)
        .execute();
      const rows = ranked
        .slice(i, i + 1000)
        .flatMap(({ id, list }) => suggestionRows(companyId, id, list));
      if (rows.length) await trx.insertInto("bankSuggestions").values(rows).execute();
    }
  });
  return ranked.filter((r) => r.list.length > 0).length;
}
