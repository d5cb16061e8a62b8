import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { issueDocument } from "~/modules/invoices/documents.server";
import { booksAgreement } from "~/modules/vat/books-agreement.server";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { action as unmatchApi } from "~/routes/api.bank.transactions.$id.unmatch";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestDraft } from "../setup/factories";
import { type AnyAnswer, call, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 065 (issue #45 item 5): a client who pays more than its invoice owes (decision 008:
 * the surplus is not recorded as a payment) has a credit balance in the books — Дт 503 / Кт 411
 * of that client — so 503 equals the statement, and 411 the invoice list less what was overpaid.
 */

const getDb = setupTestDatabase();

const net = async (db: Kysely<Database>, companyId: string, account: string, clientId?: string) => {
  const row = await db
    .selectFrom("ledgerLines")
    .select(sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net"))
    .where("companyId", "=", companyId)
    .where("accountCode", "=", account)
    .$if(clientId !== undefined, (q) => q.where("counterpartyId", "=", clientId as string))
    .executeTakeFirstOrThrow();
  return Number(row.net);
};

describe("a client's overpayment by bank", () => {
  it("posts the surplus to the client's 411 credit; 503 agrees with the statement and 411 with the list; undone, it goes", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const draft = await createTestDraft(db, me, {
      issueDate: "2026-11-10",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, draft);
    const account = await db
      .insertInto("bankAccounts")
      .values({ companyId: me.companyId, iban: "BG80BNBG96611020345678", currency: "EUR" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const statement = await db
      .insertInto("bankStatements")
      .values({
        companyId: me.companyId,
        accountId: account.id,
        fileData: new Uint8Array([1]),
        fileName: "statement.sta",
        fileSha256: createHash("sha256").update(me.companyId).digest("hex"),
        format: "mt940",
        importedCount: 1,
        lineCount: 1,
        skippedCount: 0,
        periodFrom: "2026-11-01",
        periodTo: "2026-11-25",
        openingCents: 0,
        closingCents: 15_000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const movement = await db
      .insertInto("bankTransactions")
      .values({
        companyId: me.companyId,
        accountId: account.id,
        statementId: statement.id,
        lineNo: 1,
        importKey: `overpaid|${me.companyId}`,
        direction: "credit",
        amountCents: 15_000,
        currency: "EUR",
        bookedOn: "2026-11-20",
        counterpartyName: "Клиент ООД",
        reason: "Плащане по фактура",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const matched = await call(matchApi, db, `/api/bank/transactions/${movement.id}/match`, {
      ...jsonBody({ documentIds: [draft] }, "POST", owner.bearer),
      params: { id: movement.id },
    });
    expect(matched.status).toBe(200);
    expect((await matched.json()) as AnyAnswer).toEqual({ applied: "120.00", overpaid: "30.00" });

    expect(await net(db, me.companyId, "503")).toBe(15_000);
    // The client: invoiced 120,00, paid 120,00 and 30,00 more — a credit balance of 30,00.
    expect(await net(db, me.companyId, "411", me.clientId)).toBe(-3_000);
    const surplus = await db
      .selectFrom("ledgerEntries")
      .select("description")
      .where("companyId", "=", me.companyId)
      .where("sourceKind", "=", "bank")
      .executeTakeFirstOrThrow();
    expect(surplus.description).toMatch(/^Надплатено по Фактура № \d{10} /);

    const agreement = await booksAgreement(db, me.companyId, "2026-11", "2026-11-29");
    const row = (accounts: string) => agreement.find((r) => r.accounts === accounts);
    expect(row("503")).toMatchObject({ booksCents: 15_000, sourceCents: 15_000 });
    expect(row("411")).toMatchObject({ booksCents: -3_000, sourceCents: -3_000 });
    expect(row("411")?.source).toMatch(/без надплатеното от клиенти/);

    const undone = await call(unmatchApi, db, `/api/bank/transactions/${movement.id}/unmatch`, {
      ...jsonBody({}, "POST", owner.bearer),
      params: { id: movement.id },
    });
    expect(undone.status).toBeLessThan(300);
    expect(await net(db, me.companyId, "503")).toBe(0);
    expect(await net(db, me.companyId, "411", me.clientId)).toBe(12_000);
    const after = await booksAgreement(db, me.companyId, "2026-11", "2026-11-29");
    expect(after.find((r) => r.accounts === "411")).toMatchObject({
      booksCents: 12_000,
      sourceCents: 12_000,
    });
  });
});
