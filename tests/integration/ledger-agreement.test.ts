import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createAccount } from "~/modules/bank/accounts.server";
import { bookToAccount } from "~/modules/bank/book.server";
import {
  matchDocuments,
  matchExpense,
  matchNap,
  unmatchTransaction,
} from "~/modules/bank/confirm.server";
import { matchBankFee } from "~/modules/bank/expense-match.server";
import { importStatement } from "~/modules/bank/import.server";
import { listTransactions } from "~/modules/bank/queries.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { postMissing, unposted } from "~/modules/ledger/backfill.server";
import { saveOpeningBalances } from "~/modules/ledger/opening.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { monthPayments } from "~/modules/salaries/nap/payments.server";
import {
  deleteSalary,
  monthSalaries,
  setSalaryStatus,
  updateSalary,
} from "~/modules/salaries/salaries.server";
import { salarySchema } from "~/modules/salaries/schema";
import type { AgreementRow } from "~/modules/vat/books-agreement.server";
import { vatReport } from "~/modules/vat/report.server";
import { settleVat, unsettleVat } from "~/modules/vat/settlement.server";
import { loader as agreementPage } from "~/routes/_app.ledger_.agreement";
import type { Database, LedgerEntriesSourceKind } from "~db/types";
import { writeMt940 } from "../setup/bank-statements";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  createTestSalary,
  validEgn,
} from "../setup/factories";
import { actorOf, buildLedgerMonth, OWN_IBAN } from "../setup/ledger-month";
import { lockAsOwner } from "../setup/period-locks";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 items 2, 3 and 5 (decision 059): a protocol under чл. 117, a month's payroll, a bank
 * statement booked to the last movement, opening balances and the VAT settlement in the books —
 * and the books agreeing to the cent with the VAT journals and the return, the payroll and НАП's
 * payments, and the statements' closing balance.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const SECOND_IBAN = "BG18RZBB91550123456789";
const NAP_DOO_IBAN = "BG97BNBG96618000112001";
const NAP_TAX_IBAN = "BG88BNBG96618000195001";
const OWNER = { id: null, name: "Тест" };

/** The company's lines as `date kind account Д/К amount (analytic)`, in the order written. */
async function booked(db: Kysely<Database>, companyId: string, kinds?: LedgerEntriesSourceKind[]) {
  const rows = await db
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "e.entryDate",
      "e.sourceKind",
      "e.reversesEntryId",
      "l.accountCode",
      "l.debitCents",
      "l.creditCents",
      "l.counterpartyName",
    ])
    .where("l.companyId", "=", companyId)
    .$if(kinds !== undefined, (q) =>
      q.where("e.sourceKind", "in", kinds as LedgerEntriesSourceKind[]),
    )
    .orderBy("e.createdAt")
    .orderBy("l.id")
    .execute();
  return rows.map(
    (r) =>
      `${r.entryDate} ${r.sourceKind}${r.reversesEntryId ? " сторно" : ""} ${r.accountCode} ${
        Number(r.debitCents) ? `Д ${r.debitCents}` : `К ${r.creditCents}`
      }${r.counterpartyName ? ` (${r.counterpartyName})` : ""}`,
  );
}

/** An account's net balance (debit − credit) over all time. */
async function balance(db: Kysely<Database>, companyId: string, account: string) {
  const row = await db
    .selectFrom("ledgerLines")
    .select(sql<string>`coalesce(sum(debit_cents - credit_cents), 0)`.as("net"))
    .where("companyId", "=", companyId)
    .where("accountCode", "=", account)
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

async function october(db: Kysely<Database>, companyId: string) {
  const tb = await trialBalance(db, companyId, `${MONTH}-01`, `${MONTH}-31`);
  return (code: string) =>
    tb.accounts.find((r) => r.code === code) ?? {
      opening: { debitCents: 0, creditCents: 0 },
      turnover: { debitCents: 0, creditCents: 0 },
      closing: { debitCents: 0, creditCents: 0 },
    };
}

describe("a protocol under чл. 117 and the VAT settlement", () => {
  it("posts the protocol's VAT in 4531 and 4532; 4531/4532 equal the journals and the return's cells; the month is settled once", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, {
        issueDate: `${MONTH}-05`,
        lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
      }),
    );
    await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-08` });
    const protocol = await createTestExpense(db, me.companyId, {
      documentType: "protocol_117",
      documentNumber: "0000000007",
      documentDate: `${MONTH}-12`,
      supplierName: "Google Ireland Ltd",
      supplierEik: null,
      supplierVatNumber: "IE6388047V",
      description: "Реклама, обратно начисляване",
      amounts: [{ vatRate: 20, base: "250.00" }],
      paid: true,
      paymentMethod: "card",
      paidOn: `${MONTH}-13`,
    });
    expect(await booked(db, me.companyId, ["expense", "expense_payment"])).toEqual([
      `${MONTH}-08 expense 602 Д 10000`,
      `${MONTH}-08 expense 4531 Д 2000`,
      `${MONTH}-08 expense 401 К 12000 (Доставчик АД)`,
      `${MONTH}-12 expense 602 Д 25000`,
      `${MONTH}-12 expense 4531 Д 5000`,
      `${MONTH}-12 expense 401 К 25000 (Google Ireland Ltd)`,
      `${MONTH}-12 expense 4532 К 5000`,
      // The supplier is paid the base: the VAT is the buyer's own.
      `${MONTH}-13 expense_payment 401 Д 25000 (Google Ireland Ltd)`,
      `${MONTH}-13 expense_payment 503 К 25000`,
    ]);
    expect(await unposted(db, me.companyId)).toEqual([]);

    const report = await vatReport(db, me.companyId, MONTH, true);
    const protocolRow = report.sales.find((r) => r.expenseId === protocol.id);
    expect(protocolRow).toMatchObject({ type: "09", amounts: { "02-26": 25_000, "02-22": 5_000 } });
    expect(report.figures["01-12"]).toBe(25_000);
    expect(report.figures["01-22"]).toBe(5_000);
    const row = await october(db, me.companyId);
    const salesVat = report.sales.reduce(
      (s, r) =>
        s + (r.amounts["02-21"] ?? 0) + (r.amounts["02-22"] ?? 0) + (r.amounts["02-24"] ?? 0),
      0,
    );
    const credited = report.purchases.reduce((s, r) => s + (r.amounts["03-41"] ?? 0), 0);
    expect(row("4532").turnover.creditCents).toBe(salesVat);
    expect(row("4532").turnover.creditCents).toBe(report.figures["01-20"]);
    expect(row("4531").turnover.debitCents).toBe(credited);
    expect(row("4531").turnover.debitCents).toBe(report.figures["01-40"]);
    expect(report.figures["01-50"]).toBe(18_000);

    // The settlement: 4532 and 4531 closed into 4538, кл. 50; a second time is refused.
    await settleVat(db, me.companyId, MONTH, OWNER);
    expect(await booked(db, me.companyId, ["vat_settlement"])).toEqual([
      `${MONTH}-31 vat_settlement 4532 Д 25000`,
      `${MONTH}-31 vat_settlement 4531 К 7000`,
      `${MONTH}-31 vat_settlement 4538 К 18000`,
    ]);
    expect(await balance(db, me.companyId, "4532")).toBe(0);
    expect(await balance(db, me.companyId, "4531")).toBe(0);
    expect(-(await balance(db, me.companyId, "4538"))).toBe(report.figures["01-50"]);
    await expect(settleVat(db, me.companyId, MONTH, OWNER)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("вече е приключен"),
    });
    // Reversed by its red storno, then settled again.
    await unsettleVat(db, me.companyId, MONTH, OWNER);
    expect(await balance(db, me.companyId, "4538")).toBe(0);
    await expect(unsettleVat(db, me.companyId, MONTH, OWNER)).rejects.toMatchObject({
      status: 409,
    });
    await settleVat(db, me.companyId, MONTH, OWNER);
    expect(await balance(db, me.companyId, "4538")).toBe(-18_000);
  });

  it("refuses a settlement the books do not agree with, a month not over, a locked month", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-08` });
    // A manual entry moves 4531 away from the purchase journal.
    const { createManualEntry } = await import("~/modules/ledger/accounts.server");
    await createManualEntry(
      db,
      me.companyId,
      {
        entryDate: `${MONTH}-20`,
        description: "Корекция",
        documentRef: "Протокол № 1",
        lines: [
          { account: "4531", debit: 100, credit: 0 },
          { account: "609", debit: 0, credit: 100 },
        ],
      },
      { id: me.user.id, name: "Мария" },
    );
    await expect(settleVat(db, me.companyId, MONTH, OWNER)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("4531 за месеца 21,00, кл. 40 20,00"),
    });
    await expect(settleVat(db, me.companyId, "2026-11", OWNER)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("още не е свършил"),
    });
    await lockAsOwner(db, me, "2026-09");
    await expect(settleVat(db, me.companyId, "2026-09", OWNER)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Периодът септември 2026 е заключен/),
    });
    expect(await booked(db, me.companyId, ["vat_settlement"])).toEqual([]);
  });
});

describe("the payroll in the books", () => {
  it("421, 454 and 461x equal the month's payroll and НАП's payments to the cent; paid, back to draft and deleted reverse", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full");
    await db
      .updateTable("companies")
      .set({ eik: "175074752", activityCode: "6201" })
      .where("id", "=", me.companyId)
      .execute();
    const labour = await createTestSalary(
      db,
      me.companyId,
      MONTH,
      { name: "Мария Петрова", idNumber: validEgn("850101123") },
      { status: "approved", gross: "2345.67", sickDays: 2 },
    );
    const older = await createTestSalary(
      db,
      me.companyId,
      MONTH,
      { name: "Иван Стоянов", idNumber: validEgn("551231123"), gross: "1500" },
      { status: "approved", gross: "1500" },
    );
    const civil = await createTestSalary(
      db,
      me.companyId,
      MONTH,
      {
        name: "Анна Георгиева",
        idNumber: validEgn("790303123"),
        contractType: "civil",
        gross: "900",
      },
      { status: "approved", gross: "900" },
    );
    // A draft is not in the books.
    const draft = await createTestSalary(
      db,
      me.companyId,
      MONTH,
      { name: "Петър Иванов", idNumber: validEgn("880505123") },
      { gross: "1200" },
    );

    const { salaries, totals } = await monthSalaries(db, me.companyId, MONTH);
    const approved = salaries.filter((s) => s.status !== "draft");
    const sum = (f: (s: (typeof salaries)[number]) => number) =>
      approved.reduce((t, s) => t + f(s), 0);
    const nap = await monthPayments(db, me.companyId, MONTH);
    const paid = (fund: string) => nap.payments.find((p) => p.fund === fund)?.amountCents ?? -1;
    const row = await october(db, me.companyId);

    expect(row("604").turnover.debitCents).toBe(sum((s) => s.grossCents));
    expect(row("604").turnover.debitCents).toBe(totals.grossCents - 120_000);
    expect(row("605").turnover.debitCents).toBe(sum((s) => s.employerContributionsCents));
    expect(row("421").turnover.creditCents).toBe(sum((s) => s.grossCents));
    expect(row("421").turnover.debitCents).toBe(
      sum((s) => s.employeeContributionsCents + s.taxCents),
    );
    expect(row("421").closing.creditCents).toBe(sum((s) => s.netCents));
    // НАП's payment orders: ДОО (with ТЗПБ and ГВРС), ДЗПО, ЗО, the labour contracts' tax; the
    // civil contracts' tax is withheld too, paid by the quarter.
    expect(row("4611").turnover.creditCents + row("4614").turnover.creditCents).toBe(paid("doo"));
    expect(row("4612").turnover.creditCents).toBe(paid("dzpo"));
    expect(row("4613").turnover.creditCents).toBe(paid("zo"));
    expect(row("454").turnover.creditCents).toBe(paid("tax") + nap.contractTaxCents);
    expect(nap.contractTaxCents).toBeGreaterThan(0);
    expect(row("4614").turnover.creditCents).toBe(sum((s) => s.employerGvrsCents));
    expect(
      (await booked(db, me.companyId, ["salary"])).filter((l) => l.includes(" 421 ")),
    ).toContain(
      `${MONTH}-31 salary 421 К ${salaries.find((s) => s.id === labour.salaryId)?.grossCents} (Мария Петрова)`,
    );

    // Paid: the net leaves 421 for 503 on the day; back to approved and to a draft: reversed.
    await setSalaryStatus(db, me.companyId, labour.salaryId, "paid");
    const net = salaries.find((s) => s.id === labour.salaryId)?.netCents as number;
    const paidLines = await booked(db, me.companyId, ["salary_payment"]);
    expect(paidLines).toHaveLength(2);
    expect(paidLines[0]).toMatch(
      new RegExp(`^2026-11-\\d\\d salary_payment 421 Д ${net} \\(Мария Петрова\\)$`),
    );
    expect(await balance(db, me.companyId, "503")).toBe(-net);
    await setSalaryStatus(db, me.companyId, labour.salaryId, "approved");
    expect(await balance(db, me.companyId, "503")).toBe(0);
    await setSalaryStatus(db, me.companyId, older.salaryId, "draft");
    const after = await october(db, me.companyId);
    expect(after("604").turnover.debitCents).toBe(
      sum((s) => s.grossCents) - (salaries.find((s) => s.id === older.salaryId)?.grossCents ?? 0),
    );
    // A draft's figures change freely; approved with the same figures it posts once.
    await updateSalary(
      db,
      me.companyId,
      older.salaryId,
      salarySchema.parse({
        employeeId: older.employeeId,
        month: MONTH,
        gross: "1500",
        workingDays: 22,
        status: "approved",
      }),
    );
    expect((await october(db, me.companyId))("604").turnover.debitCents).toBe(
      sum((s) => s.grossCents),
    );
    // Deleting a draft leaves nothing; the civil contract back to draft then deleted: reversed.
    await deleteSalary(db, me.companyId, draft.salaryId);
    await setSalaryStatus(db, me.companyId, civil.salaryId, "draft");
    await deleteSalary(db, me.companyId, civil.salaryId);
    const civilGross = salaries.find((s) => s.id === civil.salaryId)?.grossCents ?? 0;
    expect(await balance(db, me.companyId, "604")).toBe(sum((s) => s.grossCents) - civilGross);
  });

  it("a salary's status does not change in a locked month, and nothing is posted there", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full");
    const { salaryId } = await createTestSalary(db, me.companyId, MONTH);
    await lockAsOwner(db, me, MONTH);
    await expect(setSalaryStatus(db, me.companyId, salaryId, "approved")).rejects.toMatchObject({
      status: 409,
    });
    expect(await booked(db, me.companyId)).toEqual([]);
  });
});

describe("bank statements in the books", () => {
  it("503 equals the statements' closing balances once every movement is booked; undoing reverses", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const actor = actorOf(db, me.user, me.companyId);
    await createAccount(db, me.companyId, {
      iban: SECOND_IBAN,
      currency: "EUR",
      name: "Спестовна",
    });
    // The books start on 1 October with the two accounts' money and the capital.
    await saveOpeningBalances(
      db,
      me.companyId,
      {
        date: `${MONTH}-01`,
        lines: [
          { account: "503", counterparty: null, debit: 1_000_000, credit: 0 },
          { account: "101", counterparty: null, debit: 0, credit: 1_000_000 },
        ],
      },
      { id: me.user.id, name: "Мария" },
    );
    const invoice = await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, {
        issueDate: `${MONTH}-02`,
        lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
      }),
    );
    const expense = await createTestExpense(db, me.companyId, { documentDate: `${MONTH}-03` });
    const main = writeMt940({
      iban: OWN_IBAN,
      openingCents: 1_000_000,
      openingDay: `${MONTH}-01`,
      movements: [
        {
          day: `${MONTH}-06`,
          direction: "credit",
          cents: 120_000,
          reason: `Фактура ${invoice.number}`,
          reference: "A1",
        },
        {
          day: `${MONTH}-07`,
          direction: "debit",
          cents: 12_000,
          reason: "Плащане на фактура",
          reference: "A2",
        },
        {
          day: `${MONTH}-08`,
          direction: "debit",
          cents: 500,
          reason: "Такса за превод",
          reference: "A3",
        },
        {
          day: `${MONTH}-09`,
          direction: "debit",
          cents: 30_000,
          iban: NAP_DOO_IBAN,
          name: "НАП",
          reason: "Осигуровки ДОО 09.2026",
          reference: "A4",
        },
        {
          day: `${MONTH}-10`,
          direction: "debit",
          cents: 200_000,
          iban: SECOND_IBAN,
          reason: "Прехвърляне към спестовна сметка",
          reference: "A5",
        },
        {
          day: `${MONTH}-11`,
          direction: "credit",
          cents: 500_000,
          reason: "Заем от собственика",
          reference: "A6",
        },
        {
          day: `${MONTH}-12`,
          direction: "debit",
          cents: 18_000,
          iban: NAP_TAX_IBAN,
          name: "НАП",
          reason: "ДДС за 09.2026",
          reference: "A7",
        },
      ],
    });
    const savings = writeMt940({
      iban: SECOND_IBAN,
      openingCents: 0,
      openingDay: `${MONTH}-01`,
      movements: [
        {
          day: `${MONTH}-10`,
          direction: "credit",
          cents: 200_000,
          iban: OWN_IBAN,
          reason: "Прехвърляне към спестовна сметка",
          reference: "B1",
        },
      ],
    });
    const first = await importStatement(
      actor,
      { fileName: "main.sta", bytes: new TextEncoder().encode(main) },
      null,
    );
    const second = await importStatement(
      actor,
      { fileName: "savings.sta", bytes: new TextEncoder().encode(savings) },
      null,
    );
    const lines = async (statementId: string) =>
      (await listTransactions(db, me.companyId, { statementId, limit: 100 })).transactions;
    const [credit, debit, fee, nap, transfer, loan, vat] = await lines(first.statementId as string);
    const [incoming] = await lines(second.statementId as string);
    await matchDocuments(actor, credit!.id, [invoice.id]);
    await matchExpense(actor, debit!.id, expense.id);
    await matchBankFee(actor, fee!.id);
    await matchNap(actor, nap!.id);
    await bookToAccount(actor, transfer!.id, "503");
    await bookToAccount(actor, incoming!.id, "503");
    await bookToAccount(actor, loan!.id, "498");
    await matchNap(actor, vat!.id);

    const closing = (
      await db
        .selectFrom("bankStatements")
        .select(sql<string>`sum(closing_cents)`.as("sum"))
        .where("companyId", "=", me.companyId)
        .executeTakeFirstOrThrow()
    ).sum;
    expect(Number(closing)).toBe(1_000_000 + 120_000 - 12_000 - 500 - 30_000 + 500_000 - 18_000);
    expect(await balance(db, me.companyId, "503")).toBe(Number(closing));
    const row = await october(db, me.companyId);
    expect(row("503").opening.debitCents).toBe(1_000_000);
    expect(row("503").closing.debitCents).toBe(Number(closing));
    expect(row("4611").turnover.debitCents).toBe(30_000);
    expect(row("498").closing.creditCents).toBe(500_000);
    expect(row("609").turnover.debitCents).toBe(500);
    expect(await booked(db, me.companyId, ["bank"])).toEqual([
      `${MONTH}-09 bank 4611 Д 30000`,
      `${MONTH}-09 bank 503 К 30000`,
      `${MONTH}-10 bank 503 Д 200000`,
      `${MONTH}-10 bank 503 К 200000`,
      `${MONTH}-10 bank 503 Д 200000`,
      `${MONTH}-10 bank 503 К 200000`,
      `${MONTH}-11 bank 503 Д 500000`,
      `${MONTH}-11 bank 498 К 500000`,
      // A payment to НАП's tax account whose reason says ДДС pays the VAT payable.
      `${MONTH}-12 bank 4538 Д 18000`,
      `${MONTH}-12 bank 503 К 18000`,
    ]);
    expect(await unposted(db, me.companyId)).toEqual([]);

    // Undone: НАП's entry and the loan's are reversed; a second booking is refused.
    await unmatchTransaction(actor, nap!.id);
    await unmatchTransaction(actor, loan!.id);
    expect(await balance(db, me.companyId, "4611")).toBe(0);
    expect(await balance(db, me.companyId, "498")).toBe(0);
    await bookToAccount(actor, loan!.id, "101");
    await expect(bookToAccount(actor, loan!.id, "101")).rejects.toMatchObject({ status: 409 });
    await expect(bookToAccount(actor, nap!.id, "999")).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Сметка «999» няма в сметкоплана"),
    });
    expect(await balance(db, me.companyId, "101")).toBe(-1_500_000);
  });

  it("a payment to НАП's ДОО account equal to a month's obligation takes its ГВРС off 4614", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full", false);
    const actor = actorOf(db, me.user, me.companyId);
    await createTestSalary(db, me.companyId, MONTH, {}, { status: "approved" });
    const [s] = (await monthSalaries(db, me.companyId, MONTH)).salaries;
    const doo =
      s!.employeeDooCents + s!.employerDooCents + s!.employerTzpbCents + s!.employerGvrsCents;
    const file = writeMt940({
      iban: OWN_IBAN,
      openingDay: "2026-11-01",
      movements: [
        {
          day: "2026-11-20",
          direction: "debit",
          cents: doo,
          iban: NAP_DOO_IBAN,
          name: "НАП",
          reason: "ДОО 10.2026",
          reference: "N1",
        },
      ],
    });
    const imported = await importStatement(
      actor,
      { fileName: "nov.sta", bytes: new TextEncoder().encode(file) },
      null,
    );
    const [tx] = (
      await listTransactions(db, me.companyId, {
        statementId: imported.statementId as string,
        limit: 10,
      })
    ).transactions;
    await matchNap(actor, tx!.id);
    expect(await balance(db, me.companyId, "4611")).toBe(0);
    expect(await balance(db, me.companyId, "4614")).toBe(0);
    expect(s!.employerGvrsCents).toBeGreaterThan(0);
  });
});

describe("the hourly backfill", () => {
  it("posts approved salaries, protocols and bank bookings that have no entry, once", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "full");
    // Approved straight in the table (as before the books): no entry.
    const { salaryId } = await createTestSalary(db, me.companyId, MONTH);
    await db
      .updateTable("salaries")
      .set({ status: "paid", paidOn: `${MONTH}-31` })
      .where("id", "=", salaryId)
      .execute();
    // A protocol as the expenses held it before the books took protocols: a copy with no entry.
    const original = await createTestExpense(db, me.companyId, {
      documentType: "protocol_117",
      documentDate: `${MONTH}-12`,
    });
    const columns = (
      await sql<{ columnName: string }>`select column_name from information_schema.columns
        where table_name = 'expenses' and table_schema = current_schema() and column_name not in ('id', 'document_number')`.execute(
        db,
      )
    ).rows.map((r) => sql.ref(r.columnName));
    await sql`insert into expenses (${sql.join(columns)}, document_number)
      select ${sql.join(columns)}, 'P-0000042' from expenses where id = ${original.id}`.execute(db);
    // A movement booked to an account before the books took bank bookings.
    const actor = actorOf(db, me.user, me.companyId);
    const file = writeMt940({
      iban: OWN_IBAN,
      openingDay: `${MONTH}-01`,
      movements: [
        {
          day: `${MONTH}-15`,
          direction: "debit",
          cents: 700,
          reason: "Поддръжка",
          reference: "K1",
        },
      ],
    });
    const imported = await importStatement(
      actor,
      { fileName: "oct.sta", bytes: new TextEncoder().encode(file) },
      null,
    );
    const [tx] = (
      await listTransactions(db, me.companyId, {
        statementId: imported.statementId as string,
        limit: 10,
      })
    ).transactions;
    await db
      .insertInto("bankMatches")
      .values({
        companyId: me.companyId,
        transactionId: tx!.id,
        accountCode: "609",
        amountCents: 700,
      })
      .execute();
    const before = await unposted(db, me.companyId);
    expect(before.map((p) => p.what)).toEqual(
      expect.arrayContaining([`Заплата за ${MONTH}`, "Разход", "Банково движение"]),
    );
    expect(await postMissing(db, { companyId: me.companyId })).toBe(3);
    expect(await postMissing(db, { companyId: me.companyId })).toBe(0);
    expect(await unposted(db, me.companyId)).toEqual([]);
    expect(await booked(db, me.companyId, ["salary_payment"])).toHaveLength(2);
    expect(await balance(db, me.companyId, "4532")).toBe(-4_000);
    expect(await balance(db, me.companyId, "609")).toBe(700);
  });
});

describe("the issue's «done when»", () => {
  it("a month of invoices, a credit note, payments, expenses, a protocol, a payroll and a statement: the trial balance balances and agrees with the VAT files, the payroll and the bank", async () => {
    const db = getDb();
    const { me, poster, imported } = await buildLedgerMonth(db, MONTH);

    const report = await vatReport(db, me.companyId, MONTH, true);
    const nap = await monthPayments(db, me.companyId, MONTH);
    const fund = (f: string) => nap.payments.find((p) => p.fund === f)?.amountCents ?? -1;
    const unsettled = await october(db, me.companyId);
    expect(unsettled("4532").turnover.creditCents).toBe(report.figures["01-20"]);
    expect(unsettled("4531").turnover.debitCents).toBe(report.figures["01-40"]);
    expect(report.figures["01-22"]).toBe(667);
    expect(unsettled("4611").closing.creditCents + unsettled("4614").closing.creditCents).toBe(
      fund("doo"),
    );
    expect(unsettled("4612").closing.creditCents).toBe(fund("dzpo"));
    expect(unsettled("4613").closing.creditCents).toBe(fund("zo"));
    expect(unsettled("454").closing.creditCents).toBe(fund("tax") + nap.contractTaxCents);
    expect(unsettled("421").closing).toEqual({ debitCents: 0, creditCents: 0 });
    const statement = await db
      .selectFrom("bankStatements")
      .select("closingCents")
      .where("id", "=", imported.statementId as string)
      .executeTakeFirstOrThrow();
    expect(unsettled("503").closing.debitCents).toBe(statement.closingCents);
    const { summarizeDocuments } = await import("~/modules/invoices/list.server");
    const listed = await summarizeDocuments(db, me.companyId, {}, "2026-11-29");
    expect(unsettled("411").closing.debitCents).toBe(
      listed.currencies.find((c) => c.currency === "EUR")?.outstandingCents,
    );

    // The same agreement on the page «Съгласуване» (/ledger/agreement), row by row.
    const page = await call(agreementPage, db, `/ledger/agreement?month=${MONTH}`, {
      headers: { Cookie: (await signInApi(db, me.user)).cookie },
    });
    expect(page.status).toBe(200);
    const shown = (await page.json()) as { month: string; rows: AgreementRow[] };
    expect(shown.month).toBe(MONTH);
    expect(shown.rows.map((r) => r.accounts)).toEqual([
      "4532",
      "4531",
      "4611, 4614",
      "4612",
      "4613",
      "454",
      "503",
      "411",
    ]);
    for (const row of shown.rows) expect(row.booksCents, row.what).toBe(row.sourceCents);
    expect(shown.rows.find((r) => r.accounts === "503")?.sourceCents).toBe(statement.closingCents);

    await settleVat(db, me.companyId, MONTH, poster);
    const tb = await trialBalance(db, me.companyId, `${MONTH}-01`, `${MONTH}-31`);
    const row = (code: string) => tb.accounts.find((r) => r.code === code);
    expect(row("4532")?.closing).toEqual({ debitCents: 0, creditCents: 0 });
    expect(row("4531")?.closing).toEqual({ debitCents: 0, creditCents: 0 });
    expect(row("4538")?.closing.creditCents).toBe(report.figures["01-50"]);
    for (const column of ["opening", "turnover", "closing"] as const) {
      expect(tb.totals[column].debitCents, column).toBe(tb.totals[column].creditCents);
    }
    expect(tb.totals.opening.debitCents).toBe(1_000_000);
  });
});
