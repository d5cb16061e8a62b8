import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import { bookToAccount } from "~/modules/bank/book.server";
import { matchDocuments, matchExpense } from "~/modules/bank/confirm.server";
import { matchBankFee } from "~/modules/bank/expense-match.server";
import { importStatement } from "~/modules/bank/import.server";
import { listTransactions } from "~/modules/bank/queries.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { saveOpeningBalances } from "~/modules/ledger/opening.server";
import { monthSalaries } from "~/modules/salaries/salaries.server";
import type { Database } from "~db/types";
import { actorOf } from "./bank-actor";
import { writeMt940 } from "./bank-statements";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  createTestSalary,
  validEgn,
} from "./factories";

/*
 * A month of books with every kind of posting (issue #45's «done when», reused by issue #46's
 * exports: the journal for accounting programs, SAF-T): opening balances, two invoices (one with
 * three lines at two rates, an hourly unit, and a description that XML must escape) and a credit
 * note, an expense and a protocol under чл. 117, a payroll of two, and a bank statement whose four
 * movements are booked (a client's payment, an expense paid, a bank fee, the wages); the company
 * has an IBAN and a city (SAF-T's Header). The VAT is not settled.
 */

export { actorOf };

export const OWN_IBAN = "BG80BNBG96611020345678";

/** The month `month` (yyyy-MM) of a new company on the full plan, posted. */
export async function buildLedgerMonth(db: Kysely<Database>, month: string) {
  const me = await createCompanyOnPlan(db, "full");
  await db
    .updateTable("companies")
    .set({ eik: "175074752", activityCode: "6201", bankIban: OWN_IBAN })
    .where("id", "=", me.companyId)
    .execute();
  const actor = actorOf(db, me.user, me.companyId);
  const poster = { id: me.user.id, name: "Мария" };
  await saveOpeningBalances(
    db,
    me.companyId,
    {
      date: `${month}-01`,
      lines: [
        { account: "503", counterparty: null, debit: 1_000_000, credit: 0 },
        { account: "101", counterparty: null, debit: 0, credit: 1_000_000 },
      ],
    },
    poster,
  );
  const issue = async (fields: Record<string, unknown>) =>
    issueDocument(db, me.companyId, await createTestDraft(db, me, fields));
  const a = await issue({
    issueDate: `${month}-02`,
    lines: [
      { description: "Уебсайт & <поддръжка>", quantity: "1", unitPrice: "1000.00", vatRate: 20 },
    ],
  });
  await issue({
    issueDate: `${month}-09`,
    lines: [
      { description: "Нощувка", quantity: "3", unitPrice: "33.35", vatRate: 9 },
      { description: "Консултация", quantity: "1.5", unit: "час", unitPrice: "40.01", vatRate: 20 },
      { description: "Закуска", quantity: "3", unitPrice: "3.33", vatRate: 9 },
    ],
  });
  await issue({
    type: "credit_note",
    issueDate: `${month}-15`,
    originalId: a.id,
    reason: "Отстъпка",
    lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
  });
  const expense = await createTestExpense(db, me.companyId, { documentDate: `${month}-08` });
  await createTestExpense(db, me.companyId, {
    documentType: "protocol_117",
    documentDate: `${month}-12`,
    supplierName: "Google Ireland Ltd",
    supplierEik: null,
    supplierVatNumber: "IE6388047V",
    amounts: [{ vatRate: 20, base: "33.33" }],
  });
  await createTestSalary(
    db,
    me.companyId,
    month,
    { idNumber: validEgn("850101123") },
    { status: "approved", gross: "2345.67" },
  );
  await createTestSalary(
    db,
    me.companyId,
    month,
    { name: "Иван Стоянов", idNumber: validEgn("551231123"), gross: "1500" },
    { status: "approved", gross: "1500" },
  );
  const { salaries } = await monthSalaries(db, me.companyId, month);
  const nets = salaries.reduce((t, s) => t + s.netCents, 0);
  const file = writeMt940({
    iban: OWN_IBAN,
    openingCents: 1_000_000,
    openingDay: `${month}-01`,
    movements: [
      {
        day: `${month}-20`,
        direction: "credit",
        cents: 108_000,
        reason: `Фактура ${a.number}`,
        reference: "D1",
      },
      {
        day: `${month}-21`,
        direction: "debit",
        cents: 12_000,
        reason: "Плащане на фактура",
        reference: "D2",
      },
      {
        day: `${month}-22`,
        direction: "debit",
        cents: 350,
        reason: "Такса за превод",
        reference: "D3",
      },
      {
        day: `${month}-30`,
        direction: "debit",
        cents: nets,
        reason: "Заплати за октомври",
        reference: "D4",
      },
    ],
  });
  const imported = await importStatement(
    actor,
    { fileName: "october.sta", bytes: new TextEncoder().encode(file) },
    null,
  );
  const [credit, paid, fee, wages] = (
    await listTransactions(db, me.companyId, {
      statementId: imported.statementId as string,
      limit: 10,
    })
  ).transactions;
  expect((await matchDocuments(actor, credit!.id, [a.id])).overpaidCents).toBe(0);
  await matchExpense(actor, paid!.id, expense.id);
  await matchBankFee(actor, fee!.id);
  await bookToAccount(actor, wages!.id, "421");
  return { me, actor, poster, a, expense, imported };
}

/** The books' own sums of a month per account and side, from ledger_lines, keyed «code side». */
export async function booksTurnover(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  sides: { debit: string; credit: string },
) {
  const rows = await db
    .selectFrom("ledgerLines")
    .select([
      "accountCode",
      sql<string>`sum(debit_cents)`.as("d"),
      sql<string>`sum(credit_cents)`.as("c"),
    ])
    .where("companyId", "=", companyId)
    .where("entryDate", ">=", `${month}-01`)
    .where("entryDate", "<=", `${month}-31`)
    .groupBy("accountCode")
    .execute();
  const sums = new Map<string, number>();
  for (const r of rows) {
    if (Number(r.d)) sums.set(`${r.accountCode} ${sides.debit}`, Number(r.d));
    if (Number(r.c)) sums.set(`${r.accountCode} ${sides.credit}`, Number(r.c));
  }
  return sums;
}
