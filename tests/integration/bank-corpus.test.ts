import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { StatementError } from "~/modules/bank/constants";
import { readStatement } from "~/modules/bank/read";
import { action as importApi } from "~/routes/api.bank.statements";
import { loader as transactionsApi } from "~/routes/api.bank.transactions";
import { up as recomputeImportKeys } from "~db/migrations/20261128T2010-bank-import-keys";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The corpus (issue #42, decision 045): public test files of other parsers
 * (tests/fixtures/bank/corpus/README.md names each one's repository, path and licence), each
 * with the figures the file states — its account, how many movements, the credits and the debits
 * in cents, the opening and closing balances — counted by a script of its own, not by our reader.
 * Files that name their account by IBAN are imported through the API into a company with that
 * account and read back through the API; files that name it by the bank's own number go through
 * readStatement (choosing the account for them is decision 046's). The wrong ones are refused
 * with the line and a message a person can act on.
 */

const getDb = setupTestDatabase();
const corpus = (name: string) =>
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/bank/corpus", name),
  );

interface Figures {
  file: string;
  account: string;
  kind: "iban" | "other";
  currency: string;
  movements: number;
  credits: number;
  debits: number;
  opening: number | null;
  closing: number | null;
}

const f = (
  file: string,
  account: string,
  kind: "iban" | "other",
  currency: string,
  movements: number,
  credits: number,
  debits: number,
  opening: number | null,
  closing: number | null,
): Figures => ({ file, account, kind, currency, movements, credits, debits, opening, closing });

/** The files read, with what they state (the README's table). */
const READ: Figures[] = [
  f("wolph-mbank-mt940.sta", "PL29114010810000267002001002", "iban", "PLN", 3, 3, 0, 40, 43),
  f(
    "genkgo-camt053.v2.multi.statement.xml",
    "NL26VAYB8060476890",
    "iban",
    "EUR",
    2,
    885,
    700,
    1815,
    2000,
  ),
  f("genkgo-camt054.v2.xml", "CH2801234000123456789", "iban", "SEK", 1, 0, 20000000, null, null),
  f("genkgo-camt054.v4.xml", "CH2801234000123456789", "iban", "SEK", 1, 0, 20000000, null, null),
  f("genkgo-camt054.v8.xml", "CH2801234000123456789", "iban", "SEK", 1, 0, 20000000, null, null),
  f("subite-account-statement.xml", "BE86463768548050", "iban", "EUR", 3, 78990440, 78990440, 0, 0),
  f(
    "subite-BE68793230773034-202411.xml",
    "BE68793230773034",
    "iban",
    "EUR",
    268,
    18000000,
    15183125,
    5937037,
    8753912,
  ),
  f("wolph-citi-mt940.txt", "123456789", "other", "USD", 3, 0, 114275, 1737667, 1623392),
  f(
    "wolph-sberbank-mt940.sta",
    "1966315302010001",
    "other",
    "HUF",
    3,
    0,
    943700,
    62731130,
    61787430,
  ),
  f("jejik-sns.txt", "0123456789", "other", "EUR", 2, 0, 2500, 123456, 120956),
  f("jejik-sparkasse.txt", "87052000/123456789", "other", "EUR", 2, 0, 4000, 19457, 15457),
  f(
    "jejik-volksbanken-raiffeisenbanken.txt",
    "66642399/93387",
    "other",
    "EUR",
    12,
    74500,
    0,
    308500,
    383000,
  ),
  f("jejik-lbbw.txt", "12345678/1324357", "other", "EUR", 2, 1, 1, 0, 0),
  f("jejik-generic.txt", "11111111", "other", "EUR", 2, 0, 2000, 10000, 8000),
];

/** The files refused, the line named and why (the README says what is wrong in each). */
const REFUSED: { file: string; line: number | null; message: RegExp }[] = [
  {
    file: "jejik-abnamro.txt",
    line: 27,
    message: /Крайното салдо \(876,84\) не отговаря на началното \(3\s236,28\)/,
  },
  { file: "jejik-knab.txt", line: 22, message: /Крайното салдо \(798,98\)/ },
  { file: "jejik-triodos.txt", line: 12, message: /Крайното салдо \(4\s370,79\)/ },
  { file: "jejik-postfinance.txt", line: 28, message: /Крайното салдо \(159,60\)/ },
  { file: "jejik-rabobank-iban.txt", line: 3, message: /IBAN с грешни контролни цифри/ },
  { file: "wolph-cmxl-two-accounts.sta", line: 33, message: /повече от една сметка/ },
  {
    file: "genkgo-camt053.v2.with-account-name.xml",
    line: 29,
    message: /във EUR, а сметката — във JPY/,
  },
  { file: "genkgo-camt052.v2.with-account-name.xml", line: 17, message: /няма дата/ },
  { file: "subite-camt053.v8-2024-03-07.xml", line: 2, message: /няма дата/ },
  { file: "genkgo-camt053.v2.wrong.xml", line: null, message: /липсва сметката/ },
  // Only an opening balance: no closing (issue #43 item 4), and no entries either.
  {
    file: "genkgo-camt53.only-Dt-with-DtTm.xml",
    line: 9,
    message: /Извлечението няма крайно салдо/,
  },
  // Issue #43 item 4: a statement must close, and its movements must reach the closing.
  {
    file: "jejik-oldenburgische-landesbank.txt",
    line: 1,
    message: /няма крайно салдо \(:62F:\).*изтеглете цялото извлечение/,
  },
  ...["genkgo-camt053.v2.minimal.xml", "genkgo-camt053.v3.xml", "genkgo-camt053.v4.xml"].map(
    (file) => ({
      file,
      line: file.includes("minimal") ? 54 : 74,
      message: /Крайното салдо \(−27,00\) не отговаря на началното \(18,15\) и движенията \(8,85\)/,
    }),
  ),
  {
    file: "genkgo-camt053.v8.xml",
    line: 74,
    message: /Крайното салдо \(−27,00\) не отговаря на началното \(18,15\) и движенията \(8,85\)/,
  },
  {
    file: "genkgo-camt053.v2.five.decimals.xml",
    line: 49,
    message: /Крайното салдо \(27,05\) не отговаря на началното \(18,15\) и движенията \(8,85\)/,
  },
  {
    file: "genkgo-camt053.v2.all-balance-types.xml",
    line: 68,
    message: /Крайното салдо \(4,04\) не отговаря на началното \(1,01\) и движенията \(8,85\)/,
  },
  { file: "genkgo-camt052.v1.xml", line: 33, message: /^Ред 33: Отчетът няма крайно салдо/ },
  { file: "genkgo-camt052.v2.xml", line: 30, message: /^Ред 30: Отчетът няма крайно салдо/ },
  { file: "genkgo-camt052.v8.xml", line: 30, message: /^Ред 30: Отчетът няма крайно салдо/ },
];

async function customer() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  return { ...me, session: await signInApi(db, me.user) };
}

const upload = (bytes: Uint8Array, name: string, headers: Record<string, string>) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return { method: "POST", body: form, headers };
};

interface ApiTransaction {
  direction: "credit" | "debit";
  amount: string;
  currency: string;
}

/** Every movement of a statement, page by page, as the API lists them. */
async function listed(statementId: string, headers: Record<string, string>) {
  const all: ApiTransaction[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `statementId=${statementId}${cursor ? `&cursor=${cursor}` : ""}`;
    const response = await call(transactionsApi, getDb(), `/api/bank/transactions?${query}`, {
      headers,
    });
    const page = (await response.json()) as {
      transactions: ApiTransaction[];
      nextCursor: string | null;
    };
    all.push(...page.transactions);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const sumOf = (list: ApiTransaction[], direction: "credit" | "debit") =>
  list
    .filter((t) => t.direction === direction)
    .reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0);

describe("the corpus: other parsers' test files", () => {
  it.each(READ.map((figures) => [figures.file, figures] as const))(
    "%s: the reader finds what the file states",
    (_name, figures) => {
      const statement = readStatement({ bytes: corpus(figures.file), mapping: null });
      const credits = statement.movements.filter((m) => m.direction === "credit");
      const debits = statement.movements.filter((m) => m.direction === "debit");
      expect({
        account: statement.iban,
        kind: statement.accountKind,
        currency: statement.currency,
        movements: statement.movements.length,
        credits: credits.reduce((sum, m) => sum + m.amountCents, 0),
        debits: debits.reduce((sum, m) => sum + m.amountCents, 0),
        opening: statement.openingCents,
        closing: statement.closingCents,
      }).toEqual({
        account: figures.account,
        kind: figures.kind,
        currency: figures.currency,
        movements: figures.movements,
        credits: figures.credits,
        debits: figures.debits,
        opening: figures.opening,
        closing: figures.closing,
      });
    },
  );

  it("imports every file that names its IBAN through the API, and a second time adds nothing", async () => {
    const db = getDb();
    for (const figures of READ.filter((r) => r.kind === "iban")) {
      const me = await customer();
      await db
        .insertInto("bankAccounts")
        .values({ companyId: me.companyId, iban: figures.account, currency: figures.currency })
        .execute();
      const bytes = corpus(figures.file);
      const response = await call(
        importApi,
        db,
        "/api/bank/statements",
        upload(bytes, figures.file, me.session.bearer),
      );
      expect([figures.file, response.status]).toEqual([figures.file, 201]);
      const body = (await response.json()) as { statementId: string; imported: number };
      expect([figures.file, body.imported]).toEqual([figures.file, figures.movements]);
      const list = await listed(body.statementId, me.session.bearer);
      expect([figures.file, list.length, sumOf(list, "credit"), sumOf(list, "debit")]).toEqual([
        figures.file,
        figures.movements,
        figures.credits,
        figures.debits,
      ]);
      expect(new Set(list.map((t) => t.currency))).toEqual(new Set([figures.currency]));
      const again = await call(
        importApi,
        db,
        "/api/bank/statements",
        upload(bytes, figures.file, me.session.bearer),
      );
      expect([figures.file, again.status]).toEqual([figures.file, 200]);
      expect(await again.json()).toMatchObject({ imported: 0, skipped: figures.movements });
    }
  });

  it("refuses the wrong files through the API with the line and the reason", async () => {
    const db = getDb();
    const me = await customer();
    for (const refused of REFUSED) {
      const response = await call(
        importApi,
        db,
        "/api/bank/statements",
        upload(corpus(refused.file), refused.file, me.session.bearer),
      );
      const body = (await response.json()) as { message: string; line: number | null };
      expect([refused.file, response.status, body.line ?? null]).toEqual([
        refused.file,
        422,
        refused.line,
      ]);
      expect(body.message).toMatch(refused.message);
      if (refused.line !== null) expect(body.message).toMatch(new RegExp(`^Ред ${refused.line}: `));
    }
    // And through the reader, the same problem.
    const problem = (() => {
      try {
        readStatement({ bytes: corpus("jejik-abnamro.txt"), mapping: null });
      } catch (error) {
        return error;
      }
    })();
    expect(problem).toBeInstanceOf(StatementError);
  });
});

describe("the duplicate key (issue #42 item 7)", () => {
  const IBAN = "BG80BNBG96611020345678";
  const statement = (name: string, days: string[]) =>
    writeMt940({
      iban: IBAN,
      openingDay: "2026-11-01",
      movements: days.flatMap((day) => [
        // Two equal payments a day, without a bank reference (NONREF only).
        { day, direction: "credit" as const, cents: 12000, name, reason: `НАЕМ ${day}` },
        { day, direction: "credit" as const, cents: 12000, name: "ДРУГ", reason: "НАЕМ" },
      ]),
    });

  it("a statement without references, exported again with the names written another way, or overlapping, adds only the new days", async () => {
    const db = getDb();
    const me = await customer();
    const send = (text: string) =>
      call(
        importApi,
        db,
        "/api/bank/statements",
        upload(new TextEncoder().encode(text), "izvlechenie.sta", me.session.bearer),
      );
    const first = await send(statement("АЛФА ТРЕЙД ООД", ["2026-11-05", "2026-11-06"]));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ imported: 4, skipped: 0 });

    const renamed = await send(statement("Алфа Трейд", ["2026-11-05", "2026-11-06"]));
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      imported: 0,
      skipped: 4,
      message: expect.stringContaining("4 движения вече са внесени"),
    });

    const overlapping = await send(statement("ALFA TRADE LTD", ["2026-11-06", "2026-11-07"]));
    expect(overlapping.status).toBe(201);
    expect(await overlapping.json()).toMatchObject({ imported: 2, skipped: 2 });
    const count = await db
      .selectFrom("bankTransactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("companyId", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
  });

  it("the migration gives the movements saved under the old key the new one, duplicates apart", async () => {
    const db = getDb();
    const me = await customer();
    const text = statement("АЛФА ТРЕЙД ООД", ["2026-11-05"]);
    const send = () =>
      call(
        importApi,
        db,
        "/api/bank/statements",
        upload(new TextEncoder().encode(text), "izvlechenie.sta", me.session.bearer),
      );
    expect(await (await send()).json()).toMatchObject({ imported: 2 });
    // As the old code left them: hashed keys, a «NONREF» kept as the reference, and the first
    // payment imported a second time from an export that wrote the name another way.
    const rows = await db
      .selectFrom("bankTransactions")
      .selectAll()
      .where("companyId", "=", me.companyId)
      .orderBy("lineNo")
      .execute();
    for (const [i, row] of rows.entries()) {
      await db
        .updateTable("bankTransactions")
        .set({ importKey: `h:${"0".repeat(39)}${i}:1`, bankReference: "NONREF" })
        .where("id", "=", row.id)
        .execute();
    }
    const { id: _id, createdAt: _at, importKey: _key, ...copy } = rows[0]!;
    await db
      .insertInto("bankTransactions")
      .values({ ...copy, counterpartyName: "Алфа Трейд", importKey: `h:${"f".repeat(40)}:1` })
      .execute();

    await recomputeImportKeys(db);

    const keys = await db
      .selectFrom("bankTransactions")
      .select(["importKey", "bankReference"])
      .where("companyId", "=", me.companyId)
      .orderBy("importKey")
      .execute();
    expect(keys).toEqual([
      { importKey: "k|2026-11-05|2026-11-05|C|12000|#1", bankReference: null },
      { importKey: "k|2026-11-05|2026-11-05|C|12000|#2", bankReference: null },
      { importKey: "k|2026-11-05|2026-11-05|C|12000|#3", bankReference: null },
    ]);
    // The file again: both of its payments are known, nothing is added.
    expect(await (await send()).json()).toMatchObject({ imported: 0, skipped: 2 });
  });
});
