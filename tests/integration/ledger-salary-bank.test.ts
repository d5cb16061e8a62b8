import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { setSalaryStatus } from "~/modules/salaries/salaries.server";
import { action as matchApi } from "~/routes/api.bank.transactions.$id.match";
import { action as unmatchApi } from "~/routes/api.bank.transactions.$id.unmatch";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestSalary } from "../setup/factories";
import { call, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 065 (issue #45 items 2 and 5): a salary's net is paid in the books once. A bank
 * movement of the net to the employee's IBAN booked to 421 is the payment: the salary is marked
 * paid that day and makes no payment entry of its own — whether it was marked paid before the
 * booking or after. Undoing the booking leaves the salary paid with its own entry.
 */

const getDb = setupTestDatabase();
const IBAN = "BG18RZBB91550123456789";

async function payroll(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "full");
  const { salaryId } = await createTestSalary(db, me.companyId, "2026-10", { iban: IBAN });
  const { netCents } = await db
    .selectFrom("salaries")
    .select("netCents")
    .where("id", "=", salaryId)
    .executeTakeFirstOrThrow();
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
      importKey: `salary|${me.companyId}`,
      direction: "debit",
      amountCents: netCents,
      currency: "EUR",
      bookedOn: "2026-11-05",
      counterpartyName: "Мария Петрова",
      counterpartyIban: "BG18 RZBB 9155 0123 4567 89",
      reason: "Заплата м. 10",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const owner = await signInApi(db, me.user);
  const book = async () => {
    const response = await call(matchApi, db, `/api/bank/transactions/${movement.id}/match`, {
      ...jsonBody({ account: "421" }, "POST", owner.bearer),
      params: { id: movement.id },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const unbook = async () => {
    const response = await call(unmatchApi, db, `/api/bank/transactions/${movement.id}/unmatch`, {
      ...jsonBody({}, "POST", owner.bearer),
      params: { id: movement.id },
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  };
  return { me, salaryId, netCents, book, unbook };
}

/** What the books say: 503's credits, 421's balance, and the salary's own payment entries live. */
async function books(db: Kysely<Database>, companyId: string, salaryId: string) {
  const sum = async (account: string) => {
    const row = await db
      .selectFrom("ledgerLines")
      .select([
        sql<string>`coalesce(sum(credit_cents), 0)`.as("credit"),
        sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net"),
      ])
      .where("companyId", "=", companyId)
      .where("accountCode", "=", account)
      .executeTakeFirstOrThrow();
    return { credit: Number(row.credit), net: Number(row.net) };
  };
  const own = await db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select(sql<string>`coalesce(sum(l.credit_cents), 0)`.as("credit"))
    .where("e.companyId", "=", companyId)
    .where("e.sourceKind", "=", "salary_payment")
    .where("e.sourceId", "=", salaryId)
    .where("l.accountCode", "=", "503")
    .executeTakeFirstOrThrow();
  const salary = await db
    .selectFrom("salaries")
    .select(["status", "paidOn", "bankMatchId"])
    .where("id", "=", salaryId)
    .executeTakeFirstOrThrow();
  return {
    paid503: (await sum("503")).credit,
    balance421: (await sum("421")).net,
    ownPayment: Number(own.credit),
    status: salary.status,
    paidOn: salary.paidOn,
    byBank: salary.bankMatchId !== null,
  };
}

describe("a salary paid once: marked paid and its bank transfer booked to 421", () => {
  it("marked paid first, then the transfer booked to 421: the salary's own payment is reversed, the net is paid once", async () => {
    const db = getDb();
    const { me, salaryId, netCents, book, unbook } = await payroll(db);
    await setSalaryStatus(db, me.companyId, salaryId, "approved");
    await setSalaryStatus(db, me.companyId, salaryId, "paid");
    expect(await books(db, me.companyId, salaryId)).toMatchObject({
      paid503: netCents,
      balance421: 0,
      ownPayment: netCents,
      byBank: false,
    });

    await book();
    expect(await books(db, me.companyId, salaryId)).toEqual({
      paid503: netCents,
      balance421: 0,
      ownPayment: 0,
      status: "paid",
      paidOn: "2026-11-05",
      byBank: true,
    });

    // The booking undone: the salary stays paid and pays its net itself again.
    await unbook();
    expect(await books(db, me.companyId, salaryId)).toEqual({
      paid503: netCents,
      balance421: 0,
      ownPayment: netCents,
      status: "paid",
      paidOn: "2026-11-05",
      byBank: false,
    });
  });

  it("the transfer booked first (the salary still a draft), then the salary approved and marked paid: no second payment", async () => {
    const db = getDb();
    const { me, salaryId, netCents, book } = await payroll(db);
    await book();
    // A draft is not paid by anything yet: the booking is 421's debit on its own.
    expect(await books(db, me.companyId, salaryId)).toMatchObject({
      paid503: netCents,
      balance421: netCents,
      byBank: false,
    });
    await setSalaryStatus(db, me.companyId, salaryId, "approved");
    await setSalaryStatus(db, me.companyId, salaryId, "paid");
    expect(await books(db, me.companyId, salaryId)).toEqual({
      paid503: netCents,
      balance421: 0,
      ownPayment: 0,
      status: "paid",
      paidOn: "2026-11-05",
      byBank: true,
    });
    // Back to approved and paid again: it finds the same transfer; still one payment.
    await setSalaryStatus(db, me.companyId, salaryId, "approved");
    expect(await books(db, me.companyId, salaryId)).toMatchObject({ ownPayment: 0, byBank: false });
    await setSalaryStatus(db, me.companyId, salaryId, "paid");
    expect(await books(db, me.companyId, salaryId)).toMatchObject({
      paid503: netCents,
      balance421: 0,
      ownPayment: 0,
      byBank: true,
    });
  });

  it("an approved salary is marked paid by the transfer booked to 421", async () => {
    const db = getDb();
    const { me, salaryId, netCents, book } = await payroll(db);
    await setSalaryStatus(db, me.companyId, salaryId, "approved");
    await book();
    expect(await books(db, me.companyId, salaryId)).toEqual({
      paid503: netCents,
      balance421: 0,
      ownPayment: 0,
      status: "paid",
      paidOn: "2026-11-05",
      byBank: true,
    });
  });
});
