import { describe, expect, it } from "vitest";
import { action as importApi } from "~/routes/api.bank.statements";
import { writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #43 item 4: two imports of the same file at the same moment (two tabs, a retry) each
 * found no known movement, and both wrote a statement with the file — the loser's row claimed
 * «2 imported» while the unique key had dropped its movements. The import now takes the
 * account's lock before it looks for known movements: one wins, the other is told the
 * movements are already imported, and no second statement or file is left. Runs on PostgreSQL
 * too (TEST_DATABASE_URL), where the two requests really overlap.
 */

const getDb = setupTestDatabase();
const IBAN = "BG80BNBG96611020345678";

const upload = (bytes: Uint8Array, headers: Record<string, string>) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "izvlechenie.sta");
  return { method: "POST", body: form, headers };
};

async function companyWithAccount() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  await db
    .insertInto("bankAccounts")
    .values({ companyId: me.companyId, iban: IBAN, currency: "EUR" })
    .execute();
  return { ...me, session: await signInApi(db, me.user) };
}

const countOf = async (table: "bankStatements" | "bankTransactions", companyId: string) =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("companyId", "=", companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a statement cut before its closing balance (issue #43 item 4)", () => {
  it("is refused with its line and saves nothing; the whole file then imports each payment once", async () => {
    const db = getDb();
    const me = await companyWithAccount();
    // Two equal payments of one day without a bank reference, and a fee.
    const whole = writeMt940({
      iban: IBAN,
      openingDay: "2026-11-01",
      movements: [
        { day: "2026-11-05", direction: "credit", cents: 12000, name: "АЛФА", reason: "НАЕМ" },
        { day: "2026-11-05", direction: "credit", cents: 12000, name: "АЛФА", reason: "НАЕМ" },
        { day: "2026-11-06", direction: "debit", cents: 300, name: "БАНКА", reason: "ТАКСА" },
      ],
    });
    const cut = whole.slice(0, whole.indexOf(":62F:"));
    const refused = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(new TextEncoder().encode(cut), me.session.bearer),
    );
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { message: string; line: number };
    // Line 1 is the SWIFT envelope, line 2 the statement's :20:.
    expect(body.line).toBe(2);
    expect(body.message).toMatch(
      /^Ред 2: Извлечението, което започва на този ред, няма крайно салдо \(:62F:\).*изтеглете цялото извлечение от банката отново/,
    );
    expect([
      await countOf("bankStatements", me.companyId),
      await countOf("bankTransactions", me.companyId),
    ]).toEqual([0, 0]);

    const imported = await call(
      importApi,
      db,
      "/api/bank/statements",
      upload(new TextEncoder().encode(whole), me.session.bearer),
    );
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ imported: 3, skipped: 0 });
    expect(await countOf("bankTransactions", me.companyId)).toBe(3);
  });
});

describe("two parallel imports of one statement (issue #43 item 4)", () => {
  it("one imports, the other is told it is a duplicate; one statement, its counts right, the file once", async () => {
    const db = getDb();
    const me = await companyWithAccount();
    const session = me.session;
    const bytes = new TextEncoder().encode(
      writeMt940({
        iban: IBAN,
        openingDay: "2026-11-01",
        movements: [
          { day: "2026-11-05", direction: "credit", cents: 12000, name: "АЛФА", reason: "НАЕМ" },
          { day: "2026-11-06", direction: "debit", cents: 3000, name: "БЕТА", reason: "ТАКСА" },
        ],
      }),
    );

    const responses = await Promise.all([
      call(importApi, db, "/api/bank/statements", upload(bytes, session.bearer)),
      call(importApi, db, "/api/bank/statements", upload(bytes, session.bearer)),
    ]);
    const answers = await Promise.all(
      responses.map(async (r) => ({
        status: r.status,
        body: (await r.json()) as { statementId: string | null; imported: number; message: string },
      })),
    );
    const winner = answers.find((a) => a.status === 201);
    const loser = answers.find((a) => a !== winner);
    expect(winner?.body).toMatchObject({ imported: 2, skipped: 0 });
    expect(loser).toMatchObject({
      status: 200,
      body: {
        statementId: null,
        imported: 0,
        skipped: 2,
        message:
          "Всички движения от файла вече са внесени: нищо не е добавено (2 движения вече са внесени)",
      },
    });

    const statements = await db
      .selectFrom("bankStatements")
      .select(["id", "importedCount", "skippedCount", "fileData"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(statements.map((s) => [s.id, s.importedCount, s.skippedCount])).toEqual([
      [winner?.body.statementId, 2, 0],
    ]);
    expect(statements.filter((s) => s.fileData && s.fileData.length === bytes.length)).toHaveLength(
      1,
    );
    const movements = await db
      .selectFrom("bankTransactions")
      .select(["statementId"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(movements.map((m) => m.statementId)).toEqual([
      winner?.body.statementId,
      winner?.body.statementId,
    ]);
  });
});
