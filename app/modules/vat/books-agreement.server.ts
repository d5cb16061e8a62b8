import type { Kysely } from "kysely";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { ledgerCurrency, toLedgerCents } from "~/modules/ledger/postings";
import { type Sides, trialBalance } from "~/modules/ledger/reports.server";
import { monthPayments } from "~/modules/salaries/nap/payments.server";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import { vatReport } from "./report.server";

/*
 * Issue #45 item 5, on the page: the books beside the figures they must equal to the cent, each
 * through the one definition the rest of the product uses — the VAT return's cells (vatReport),
 * НАП's payments of the month's payroll (monthPayments), the bank statements' closing balances,
 * and the receivables of the invoice list (summarizeDocuments). A row that differs says by how
 * much, so the accountant knows what to look for before the month is locked.
 */

export interface AgreementRow {
  /** The account(s) in the books. */
  accounts: string;
  what: string;
  booksCents: number;
  sourceCents: number;
  source: string;
}

const ZERO: Sides = { debitCents: 0, creditCents: 0 };

/** The month's agreement rows (yyyy-MM); `today` for the receivables the list shows now. */
export async function booksAgreement(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  today: string,
): Promise<AgreementRow[]> {
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const [company, tb, now, listed, statements] = await Promise.all([
    db
      .selectFrom("companies")
      .select("isVatRegistered")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    trialBalance(db, companyId, from, to),
    trialBalance(db, companyId, `${today.slice(0, 4)}-01-01`, today),
    summarizeDocuments(db, companyId, {}, today),
    // Each account's last statement that ends in the month: its closing balance. Only accounts
    // in the books' currency: 503 holds no other (decision 059).
    db
      .selectFrom("bankStatements")
      .innerJoin("bankAccounts", "bankAccounts.id", "bankStatements.accountId")
      .select([
        "bankStatements.accountId",
        "bankStatements.periodTo",
        "bankStatements.closingCents",
      ])
      .where("bankStatements.companyId", "=", companyId)
      .where("bankAccounts.companyId", "=", companyId)
      .where("bankAccounts.currency", "=", ledgerCurrency(to))
      .where("bankStatements.periodTo", ">=", from)
      .where("bankStatements.periodTo", "<=", to)
      .where("bankStatements.closingCents", "is not", null)
      .orderBy("bankStatements.periodTo", "desc")
      .execute(),
  ]);
  const account = (code: string, report = tb) =>
    report.accounts.find((a) => a.code === code) ?? {
      opening: ZERO,
      turnover: ZERO,
      closing: ZERO,
    };
  const net = (s: Sides) => s.debitCents - s.creditCents;
  const rows: AgreementRow[] = [];
  if (company.isVatRegistered) {
    const { figures } = await vatReport(db, companyId, month, true);
    rows.push(
      {
        accounts: "4532",
        what: "ДДС за продажбите, оборот по кредита",
        booksCents: account("4532").turnover.creditCents,
        sourceCents: figures["01-20"] ?? 0,
        source: "Справка-декларация, клетка 20",
      },
      {
        accounts: "4531",
        what: "ДДС за покупките, оборот по дебита",
        booksCents: account("4531").turnover.debitCents,
        sourceCents: figures["01-40"] ?? 0,
        source: "Справка-декларация, клетка 40",
      },
    );
  }
  const nap = await monthPayments(db, companyId, month);
  const fund = (f: string) => nap.payments.find((p) => p.fund === f)?.amountCents ?? 0;
  const accrued = (code: string) => account(code).turnover.creditCents;
  if (nap.payments.some((p) => p.amountCents > 0) || accrued("421") > 0) {
    rows.push(
      {
        accounts: "4611, 4614",
        what: "ДОО (с ТЗПБ и ГВРС), начислено",
        booksCents: accrued("4611") + accrued("4614"),
        sourceCents: fund("doo"),
        source: "Плащания към НАП за заплатите",
      },
      {
        accounts: "4612",
        what: "ДЗПО, начислено",
        booksCents: accrued("4612"),
        sourceCents: fund("dzpo"),
        source: "Плащания към НАП за заплатите",
      },
      {
        accounts: "4613",
        what: "Здравно осигуряване, начислено",
        booksCents: accrued("4613"),
        sourceCents: fund("zo"),
        source: "Плащания към НАП за заплатите",
      },
      {
        accounts: "454",
        what: "Данък по ЗДДФЛ, начислен",
        booksCents: accrued("454"),
        sourceCents: fund("tax") + nap.contractTaxCents,
        source: "Плащания към НАП и данък по граждански договори",
      },
    );
  }
  const seen = new Set<string>();
  const closing = statements.filter((s) => !seen.has(s.accountId) && seen.add(s.accountId));
  if (closing.length) {
    const last = closing.reduce((a, s) => (s.periodTo! > a ? s.periodTo! : a), from);
    const atEnd = await trialBalance(db, companyId, from, last);
    rows.push({
      accounts: "503",
      what: `Разплащателни сметки, крайно салдо към ${last}`,
      booksCents: net(account("503", atEnd).closing),
      sourceCents: closing.reduce((sum, s) => sum + Number(s.closingCents), 0),
      source: "Крайно салдо по банковите извлечения",
    });
  }
  const currency = ledgerCurrency(today);
  const overpaid = await overpaidByClients(db, companyId, today);
  rows.push({
    accounts: "411",
    what: `Вземания от клиенти към ${today}`,
    booksCents: net(account("411", now).closing),
    sourceCents:
      (listed.currencies.find((c) => c.currency === currency)?.outstandingCents ?? 0) - overpaid,
    source: overpaid
      ? `Неплатено по списъка с фактури (${currency}), без надплатеното от клиенти по банка`
      : `Неплатено по списъка с фактури (${currency})`,
  });
  return rows;
}

/**
 * What clients paid by bank above their documents up to a day (decision 065: not a payment, a
 * credit balance on 411), in the books' currency of that day, as the bank's match rows keep it.
 */
async function overpaidByClients(db: Kysely<Database>, companyId: string, day: string) {
  const rows = await db
    .selectFrom("bankMatches as m")
    .innerJoin("bankTransactions as t", (join) =>
      join.onRef("t.id", "=", "m.transactionId").on("t.companyId", "=", companyId),
    )
    .select(["t.currency", "t.bookedOn", "m.amountCents"])
    .where("m.companyId", "=", companyId)
    .where("m.undoneAt", "is", null)
    .where("m.documentId", "is not", null)
    .where("m.accountCode", "is not", null)
    .where("t.bookedOn", "<=", day)
    .execute();
  return rows.reduce(
    (sum, r) => sum + toLedgerCents(r.amountCents, { currency: r.currency, eurRate: null }, day),
    0,
  );
}
