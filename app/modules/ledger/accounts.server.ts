import type { Kysely } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { isNraAccount } from "~/modules/reference/nra-accounts";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { insertEntry, type Poster } from "./post.server";
import { isRuleKey } from "./rules";
import { LEDGER_MESSAGES, type ManualEntryInput } from "./schema";

/* The chart of accounts as the accountant keeps it, the rules, and the manual entries. */

/** The company's chart, by code. */
export function listAccounts(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("ledgerAccounts")
    .select(["code", "name", "side", "analytics", "saftCode", "parentCode"])
    .where("companyId", "=", companyId)
    .orderBy("code")
    .execute();
}

/**
 * The company's revenue accounts a catalogue item may be posted to: the 70x group of its chart
 * (702 goods, 703 services, 704, 709 and their analytic accounts), by code.
 */
export function revenueAccounts(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("ledgerAccounts")
    .select(["code", "name"])
    .where("companyId", "=", companyId)
    .where("code", "like", "70%")
    .orderBy("code")
    .execute();
}

/** An analytic account under a synthetic one: it takes the parent's side, analytics and SAF-T code. */
export async function addAnalyticAccount(
  db: Kysely<Database>,
  companyId: string,
  input: { code: string; name: string },
) {
  const parentCode = input.code.split("-")[0] as string;
  const parent = await db
    .selectFrom("ledgerAccounts")
    .select(["side", "analytics", "saftCode"])
    .where("companyId", "=", companyId)
    .where("code", "=", parentCode)
    .executeTakeFirst();
  if (!parent) throw new AppError(LEDGER_MESSAGES.parent, 400, { code: LEDGER_MESSAGES.parent });
  const row = await db
    .insertInto("ledgerAccounts")
    .values({ companyId, code: input.code, name: input.name, parentCode, ...parent })
    .onConflict((oc) => oc.doNothing())
    .returning("code")
    .executeTakeFirst();
  if (!row) throw new AppError(LEDGER_MESSAGES.exists, 409, { code: LEDGER_MESSAGES.exists });
}

/** Renames an account (its code, and so every posted line, stays). Its former name. */
export async function renameAccount(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  name: string,
): Promise<string> {
  const before = await db
    .selectFrom("ledgerAccounts")
    .select("name")
    .where("companyId", "=", companyId)
    .where("code", "=", code)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AppError(LEDGER_MESSAGES.notFound, 404);
  await db
    .updateTable("ledgerAccounts")
    .set({ name, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("code", "=", code)
    .execute();
  return before.name;
}

/**
 * Sets an account's code in НАП's nomenclature of accounts (the SAF-T file's AccountID). A
 * synthetic account's analytic accounts that carried its old code follow it (they took it when
 * they were opened); one with a code of its own keeps it. A code outside НАП's nomenclature in
 * force on `day` is refused (400). The accounts changed and the old code.
 */
export async function setSaftCode(
  db: Kysely<Database>,
  companyId: string,
  code: string,
  saftCode: string,
  day: string,
): Promise<{ from: string; accounts: string[] }> {
  if (!isNraAccount(saftCode, day)) {
    const message = LEDGER_MESSAGES.notNraAccount(saftCode);
    throw new AppError(message, 400, { saftCode: message });
  }
  const account = await db
    .selectFrom("ledgerAccounts")
    .select(["saftCode", "parentCode"])
    .where("companyId", "=", companyId)
    .where("code", "=", code)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new AppError(LEDGER_MESSAGES.notFound, 404);
  const rows = await db
    .updateTable("ledgerAccounts")
    .set({ saftCode, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where((eb) =>
      eb.or([
        eb("code", "=", code),
        account.parentCode === null
          ? eb.and([eb("parentCode", "=", code), eb("saftCode", "=", account.saftCode)])
          : eb.val(false),
      ]),
    )
    .returning("code")
    .execute();
  return { from: account.saftCode, accounts: rows.map((r) => r.code).sort() };
}

/**
 * A rule from a day on: postings dated from then use the account; nothing posted changes (a rule
 * is a new row, never an edit). 400 for an unknown rule or account, 409 when the rule already
 * has an account from that very day or the day is in a locked month.
 */
export async function setRule(
  db: Kysely<Database>,
  companyId: string,
  rule: { key: string; accountCode: string; validFrom: string },
  userId: string | null,
) {
  const category = /^expense\.category\.(.+)$/.exec(rule.key)?.[1];
  const ownCategory =
    !category ||
    (isUuid(category) &&
      (await db
        .selectFrom("expenseCategories")
        .select("id")
        .where("companyId", "=", companyId)
        .where("id", "=", category)
        .executeTakeFirst()));
  if (!isRuleKey(rule.key) || !ownCategory) {
    throw new AppError(LEDGER_MESSAGES.rule, 400, { key: LEDGER_MESSAGES.rule });
  }
  const known = await db
    .selectFrom("ledgerAccounts")
    .select("code")
    .where("companyId", "=", companyId)
    .where("code", "=", rule.accountCode)
    .executeTakeFirst();
  if (!known) {
    const message = LEDGER_MESSAGES.unknownAccount(rule.accountCode);
    throw new AppError(message, 400, { accountCode: message });
  }
  const row = await db.transaction().execute(async (trx) => {
    // A rule from a day of a locked month would book that closed month differently (decision 058).
    await assertPeriodOpen(trx, companyId, rule.validFrom);
    return trx
      .insertInto("ledgerRules")
      .values({
        companyId,
        rule: rule.key,
        accountCode: rule.accountCode,
        validFrom: rule.validFrom,
        createdBy: userId,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
  });
  if (!row) {
    throw new AppError(LEDGER_MESSAGES.ruleExists, 409, { validFrom: LEDGER_MESSAGES.ruleExists });
  }
}

async function requireAccounts(db: Kysely<Database>, companyId: string, codes: string[]) {
  const found = await db
    .selectFrom("ledgerAccounts")
    .select("code")
    .where("companyId", "=", companyId)
    .where("code", "in", codes)
    .execute();
  const known = new Set(found.map((a) => a.code));
  const fields: Record<string, string> = {};
  codes.forEach((code, i) => {
    if (!known.has(code)) fields[`lines.${i}.account`] = LEDGER_MESSAGES.unknownAccount(code);
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError(first, 400, fields);
}

/** A manual entry (owner or accountant): its accounts must be the company's. Its id. */
export async function createManualEntry(
  db: Kysely<Database>,
  companyId: string,
  input: ManualEntryInput,
  poster: Poster,
): Promise<string> {
  await requireAccounts(
    db,
    companyId,
    input.lines.map((l) => l.account),
  );
  return db.transaction().execute(async (trx) => {
    // A manual entry is a write into its date's month like any other (decision 058).
    await assertPeriodOpen(trx, companyId, input.entryDate);
    return insertEntry(
      trx,
      companyId,
      { kind: "manual", id: null },
      {
        entryDate: input.entryDate,
        description: input.description,
        documentRef: input.documentRef,
        lines: input.lines.map((l) => ({
          accountCode: l.account,
          counterparty: null,
          debitCents: l.debit,
          creditCents: l.credit,
        })),
      },
      poster,
    );
  });
}
