import { isValidIBAN } from "ibantools";
import type { Kysely } from "kysely";
import { assertPeriodOpen, monthOf, PeriodLockedError } from "~/modules/periods/locks.server";
import { sha256Hex } from "~/utils/files.server";
import type { Database } from "~db/types";
import { type BankActor, recordBankAct } from "./access.server";
import { type BankAccount, listAccounts, mappingOf } from "./accounts.server";
import { confirmSuggestion } from "./confirm.server";
import {
  BANK_MESSAGES,
  type ParsedMovement,
  type ParsedStatement,
  StatementError,
} from "./constants";
import { loadMatchIndex } from "./matching.server";
import { isUnambiguous, type Suggestion, suggestionRows } from "./ranking";
import { readStatementFile } from "./reader.server";

/*
 * Importing a statement (issue #30 items 1–3, decision 031). The file is read whole first (in the
 * worker pool when large): any line it cannot read refuses the file, and nothing of it is saved.
 * Then the account: the file's IBAN must be one of the company's accounts (the chosen one, when
 * one was chosen) and its currency the account's. Each movement gets its key (decision 045) —
 * its booking and value dates, direction, amount and the bank's own reference when it gives
 * one, with its occurrence among identical ones in the file; never a name or a reason, which
 * banks write differently from one export to the next — so importing the same or an
 * overlapping file again adds only what is new («N движения вече са внесени»), and two honest
 * equal payments on one day both stay. The statement (with the original file), its new movements and their ranked
 * suggestions are written in one transaction; where the account has it on, unambiguous exact
 * matches are then confirmed through the same path a person's click takes.
 */

export interface ImportResult {
  statementId: string | null;
  imported: number;
  skipped: number;
  suggested: number;
  matched: number;
  message: string;
}

/**
 * Each movement's key in its account (decision 045): «k|booked|value|C or D|cents|reference#n»,
 * n its occurrence among the file's movements with the same fields. Only what the bank states
 * about the money: a counterparty's name or a reason written another way in the next export
 * is the same movement. The reference is as stored (at most 100 characters), so the migration
 * 20261128T2010-bank-import-keys computes the same keys from the saved rows.
 */
export function importKeys(movements: readonly ParsedMovement[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const base = [
      "k",
      m.bookedOn,
      m.valueOn ?? "-",
      m.direction === "credit" ? "C" : "D",
      String(m.amountCents),
      m.bankReference?.slice(0, 100) ?? "",
    ].join("|");
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return `${base}#${occurrence}`;
  });
}

/** The account a statement is for: the file's IBAN among the company's, and the same currency. */
function accountFor(
  statement: ParsedStatement,
  accounts: BankAccount[],
  chosen: BankAccount | undefined,
): BankAccount {
  let account = chosen;
  // The bank's own account number (not an IBAN): the chosen or remembered account is it.
  if (nationalNumberOf(statement)) {
    if (!chosen) throw new AccountChoiceError(BANK_MESSAGES.chooseAccount(statement.iban ?? ""));
  } else if (statement.iban) {
    const byIban = accounts.find((a) => a.iban === statement.iban);
    if (!byIban) throw new StatementError(BANK_MESSAGES.accountUnknown(statement.iban), null, 422);
    if (chosen && chosen.id !== byIban.id) {
      throw new StatementError(
        BANK_MESSAGES.accountMismatch(statement.iban, chosen.iban),
        null,
        422,
      );
    }
    account = byIban;
  }
  if (!account) throw new StatementError(BANK_MESSAGES.accountMissing, null, 400);
  if (statement.currency && statement.currency !== account.currency) {
    throw new StatementError(
      BANK_MESSAGES.currencyMismatch(statement.currency, account.currency),
      null,
      422,
    );
  }
  return account;
}

/**
 * The company's accounts the person may choose from when a file does not say which it is of (a
 * bank's own number, or a table export without its account): a 409 (400 for a table export)
 * whose answer lists them; the page keeps the uploaded file meanwhile (decision 046).
 */
export class AccountChoiceError extends StatementError {
  override name = "AccountChoiceError";
  accounts: { id: string; iban: string; currency: string; name: string | null }[] = [];
  constructor(message: string, status: 400 | 409 = 409) {
    super(message, null, status as StatementError["status"]);
  }
}

/**
 * The bank's own account number a statement names instead of an IBAN (an MT940 `:25:`, camt's
 * Othr/Id, a table export's «Сметка»), as kept: no spaces, capitals; null for an IBAN or none.
 */
export function nationalNumberOf(statement: ParsedStatement): string | null {
  if (!statement.iban) return null;
  const number = statement.iban.replace(/\s/g, "").toUpperCase();
  if (statement.accountKind === "iban" || (!statement.accountKind && isValidIBAN(number)))
    return null;
  return number.slice(0, 60) || null;
}

/** The account chosen before for this bank's own number, if it is still the company's. */
async function rememberedAccount(
  db: Kysely<Database>,
  companyId: string,
  number: string,
  accounts: BankAccount[],
): Promise<BankAccount | undefined> {
  const row = await db
    .selectFrom("bankAccountNumbers")
    .select("accountId")
    .where("companyId", "=", companyId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? accounts.find((a) => a.id === row.accountId) : undefined;
}

/** Keeps the person's choice for this bank's own number (the last choice wins). */
async function rememberAccount(actor: BankActor, number: string, accountId: string): Promise<void> {
  await actor.context.db
    .insertInto("bankAccountNumbers")
    .values({ companyId: actor.user.companyId, number, accountId, chosenBy: actor.user.id })
    .onConflict((c) =>
      c.columns(["companyId", "number"]).doUpdateSet({ accountId, chosenBy: actor.user.id }),
    )
    .execute();
}

/**
 * A new movement dated in a locked month (decision 058) refuses the file at its line with 409:
 * its booking could then never be made, and the month's bank account would not agree with the
 * statement. Movements already imported are not new and do not count.
 */
async function refuseLockedMonths(
  trx: Kysely<Database>,
  companyId: string,
  movements: ParsedMovement[],
): Promise<void> {
  try {
    await assertPeriodOpen(trx, companyId, ...movements.map((m) => m.bookedOn));
  } catch (error) {
    if (!(error instanceof PeriodLockedError)) throw error;
    const first = movements.find((m) => monthOf(m.bookedOn) === error.lock.month);
    throw new StatementError(
      `${error.message} Отключете месеца, за да внесете движенията с дата в него.`,
      first?.line ?? null,
      409,
    );
  }
}

/** Reads, checks and saves a statement file; StatementError (400/409/413/422/503) when refused. */
export async function importStatement(
  actor: BankActor,
  file: { fileName: string; bytes: Uint8Array },
  chosenAccountId: string | null,
): Promise<ImportResult> {
  const db = actor.context.db;
  const companyId = actor.user.companyId;
  const accounts = await listAccounts(db, companyId);
  const chosen = chosenAccountId ? accounts.find((a) => a.id === chosenAccountId) : undefined;
  if (chosenAccountId && !chosen) throw new StatementError(BANK_MESSAGES.accountMissing, null, 400);
  const statement = await readStatementFile({
    bytes: file.bytes,
    mapping: chosen ? mappingOf(chosen) : null,
  });
  // A bank's own number: the account chosen now (kept for the next file), else the one kept.
  const national = nationalNumberOf(statement);
  let account: BankAccount;
  try {
    const table = ["csv", "xlsx", "html", "xml"].includes(statement.format);
    if (table && !chosen && !statement.iban) {
      throw new AccountChoiceError(BANK_MESSAGES.csvNeedsAccount, 400);
    }
    const remembered =
      national && !chosen ? await rememberedAccount(db, companyId, national, accounts) : undefined;
    account = accountFor(statement, accounts, chosen ?? remembered);
  } catch (error) {
    if (error instanceof AccountChoiceError) {
      error.accounts = accounts.map(({ id, iban, currency, name }) => ({
        id,
        iban,
        currency,
        name,
      }));
      if (!accounts.length) error.message = error.reason = BANK_MESSAGES.chooseAccountFirst;
    }
    throw error;
  }
  if (national && chosen) await rememberAccount(actor, national, account.id);
  const keys = importKeys(statement.movements);
  const nothingNew = (): ImportResult => ({
    statementId: null,
    imported: 0,
    skipped: statement.movements.length,
    suggested: 0,
    matched: 0,
    message: `${BANK_MESSAGES.nothingNew} (${BANK_MESSAGES.alreadyImported(statement.movements.length)})`,
  });
  // A first look outside the lock: a file imported before answers at once, without ranking.
  const knownBefore = await knownKeys(db, companyId, account.id, keys);
  const candidates = statement.movements
    .map((movement, i) => ({ movement, key: keys[i] as string }))
    .filter(({ key }) => !knownBefore.has(key));
  if (candidates.length === 0) return nothingNew();

  const index = await loadMatchIndex(db, companyId, account.currency);
  const rankedCandidates = candidates.map(({ movement }) =>
    index.rank({ ...movement, currency: account.currency }),
  );

  // Issue #43 item 4: two imports of one file at once (two tabs, a retry) each found nothing
  // known above, and both wrote a statement with the file, the second claiming movements the
  // unique key had dropped. The account's row is locked before the movements are looked up
  // again, so the second waits for the first, finds its movements and writes nothing (the
  // duplicate answer); the statement, its file and its counts are written only with movements.
  const written = await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .selectFrom("bankAccounts")
        .select("id")
        .where("id", "=", account.id)
        .where("companyId", "=", companyId)
        // Not FOR UPDATE: rows that only refer to the account (a payment confirmed meanwhile)
        // need not wait; two imports of the account wait for each other.
        .forNoKeyUpdate()
        .executeTakeFirst();
      const known = await knownKeys(
        trx,
        companyId,
        account.id,
        candidates.map(({ key }) => key),
      );
      const chosen = candidates.flatMap((candidate, i) =>
        known.has(candidate.key) ? [] : [{ ...candidate, ranked: rankedCandidates[i] ?? [] }],
      );
      if (!chosen.length) return null;
      const fresh = chosen.map(({ movement, key }) => ({ movement, key }));
      await refuseLockedMonths(
        trx,
        companyId,
        fresh.map(({ movement }) => movement),
      );
      const ranked = chosen.map((c) => c.ranked);
      const skipped = statement.movements.length - fresh.length;
      const saved = await trx
        .insertInto("bankStatements")
        .values({
          companyId,
          accountId: account.id,
          format: statement.format,
          fileName: file.fileName,
          fileSha256: sha256Hex(file.bytes),
          fileData: file.bytes,
          statementNumber: statement.number?.slice(0, 35) ?? null,
          periodFrom: statement.periodFrom,
          periodTo: statement.periodTo,
          openingCents: statement.openingCents,
          closingCents: statement.closingCents,
          lineCount: statement.movements.length,
          importedCount: fresh.length,
          skippedCount: skipped,
          importedBy: actor.user.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const ids: (string | null)[] = [];
      for (let i = 0; i < fresh.length; i += 500) {
        const rows = await trx
          .insertInto("bankTransactions")
          .values(
            fresh.slice(i, i + 500).map(({ movement: m, key }) => ({
              companyId,
              accountId: account.id,
              statementId: saved.id,
              lineNo: m.line,
              bookedOn: m.bookedOn,
              valueOn: m.valueOn,
              direction: m.direction,
              amountCents: m.amountCents,
              currency: account.currency,
              counterpartyName: m.counterpartyName,
              counterpartyIban: m.counterpartyIban,
              counterpartyBic: m.counterpartyBic,
              reason: m.reason,
              operation: m.operation,
              bankReference: m.bankReference?.slice(0, 100) ?? null,
              importKey: key,
              napKind:
                m.direction === "debit" ? index.napKind(m.counterpartyIban, m.bookedOn) : null,
            })),
          )
          // Another import of the same lines at the same moment: theirs stays, ours is skipped.
          .onConflict((c) => c.columns(["companyId", "accountId", "importKey"]).doNothing())
          .returning(["id", "importKey"])
          .execute();
        const byKey = new Map(rows.map((row) => [row.importKey, row.id]));
        for (const { key } of fresh.slice(i, i + 500)) ids.push(byKey.get(key) ?? null);
      }
      const rows = ids.flatMap((id, i) =>
        id ? suggestionRows(companyId, id, ranked[i] as Suggestion[]) : [],
      );
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto("bankSuggestions")
          .values(rows.slice(i, i + 1000))
          .execute();
      }
      const inserted = ids.filter(Boolean).length;
      // Under the lock every chosen key is new; should one not be, the counts say what was
      // written, and a statement without a movement is not kept (nor its file).
      if (inserted === 0) throw new NothingWritten();
      if (inserted < fresh.length) {
        await trx
          .updateTable("bankStatements")
          .set({ importedCount: inserted, skippedCount: statement.movements.length - inserted })
          .where("id", "=", saved.id)
          .execute();
      }
      return { statementId: saved.id, ids, fresh, ranked, skipped };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingWritten) return null;
      throw error;
    });
  if (!written) return nothingNew();
  const { statementId, ids, fresh, ranked, skipped } = written;

  const imported = ids.filter(Boolean).length;
  const suggested = ids.filter((id, i) => id && (ranked[i] as Suggestion[]).length > 0).length;
  let matched = 0;
  if (account.autoConfirm) {
    for (const [i, id] of ids.entries()) {
      const suggestions = ranked[i] as Suggestion[];
      if (!id || !isUnambiguous(suggestions)) continue;
      try {
        await confirmSuggestion(actor, id, suggestions[0] as Suggestion, { automatic: true });
        matched++;
      } catch (error) {
        // A document paid meanwhile: the movement stays with its suggestion for a person.
        if ((error as { status?: number }).status === undefined) throw error;
      }
    }
  }
  await recordBankAct(
    actor,
    "bank.import",
    { type: "bank_statement", id: statementId, label: file.fileName },
    { imported, skipped: skipped + (fresh.length - imported), matched },
  );
  const parts = [`Внесени движения: ${imported}`];
  if (skipped + fresh.length - imported > 0) {
    parts.push(BANK_MESSAGES.alreadyImported(skipped + fresh.length - imported));
  }
  if (matched) parts.push(`разнесени автоматично: ${matched}`);
  return {
    statementId,
    imported,
    skipped: skipped + (fresh.length - imported),
    suggested,
    matched,
    message: parts.join("; "),
  };
}

/** Thrown inside the import's transaction to roll it back when it would save no movement. */
class NothingWritten extends Error {}

async function knownKeys(
  db: Kysely<Database>,
  companyId: string,
  accountId: string,
  keys: string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 2000) {
    const rows = await db
      .selectFrom("bankTransactions")
      .select("importKey")
      .where("companyId", "=", companyId)
      .where("accountId", "=", accountId)
      .where("importKey", "in", keys.slice(i, i + 2000))
      .execute();
    for (const row of rows) known.add(row.importKey);
  }
  return known;
}
