import { stringify } from "csv-stringify/sync";
import iconv from "iconv-lite";
import type { Kysely } from "kysely";
import { toCp1251 } from "~/utils/cp1251";
import { excelCell } from "~/utils/csv.server";
import { printDate } from "~/utils/dates";
import { isValidIban } from "~/utils/iban-format";
import { centsToDecimal } from "~/utils/money";
import type { Database } from "~db/types";
import { paymentDueDate } from "../payroll";
import {
  type DeclarationProblem,
  type MonthDeclaration,
  monthDeclaration,
  type NapAccountKind,
  napAccountsFor,
} from "./declaration.server";
import { PAYMENT_MESSAGES } from "./payment-messages";

export { PAYMENT_MESSAGES };

/*
 * The month's payments to НАП (issue #27 item 3, decision 025): one payment order per obligation —
 * ДОО, ДЗПО, ЗО and the tax — to НАП's account at the БНБ valid on the due date (the dated table
 * nap_payment_accounts), for the amounts обр. 6 declares, so their sum is обр. 6's to the cent.
 * Every account's IBAN is checked (ISO 13616 mod 97, ibantools) before it is offered: an account
 * an admin typed wrong is a problem, never a payment to a wrong account. The page prints them;
 * the CSV (Windows-1251, ";", CR LF) is for the bank's import of payment orders.
 */

type Db = Kysely<Database>;

/** The obligations paid for a month's payroll, in the order they are printed. */
export const PAYMENT_FUNDS = ["doo", "dzpo", "zo", "tax"] as const;
export type PaymentFund = (typeof PAYMENT_FUNDS)[number];

const FUND_NAMES: Record<PaymentFund, string> = {
  doo: "Държавно обществено осигуряване (ДОО, с ТЗПБ и ГВРС)",
  dzpo: "Допълнително задължително пенсионно осигуряване (ДЗПО)",
  zo: "Здравно осигуряване (ЗО)",
  tax: "Данък по чл. 42 ЗДДФЛ",
};

const FUND_SHORT: Record<PaymentFund, string> = {
  doo: "ДОО",
  dzpo: "ДЗПО",
  zo: "ЗО",
  tax: "данък",
};

/** The payment's reason (основание), as the order's text field takes it. */
function reason(fund: PaymentFund, month: string): string {
  const period = `${month.slice(5, 7)}.${month.slice(0, 4)}`;
  switch (fund) {
    case "doo":
      return `Осигурителни вноски ДОО за ${period}`;
    case "dzpo":
      return `Осигурителни вноски ДЗПО за ${period}`;
    case "zo":
      return `Здравноосигурителни вноски за ${period}`;
    case "tax":
      return `Данък по чл. 42 ЗДДФЛ за ${period}`;
  }
}

export interface NapPayment {
  fund: PaymentFund;
  /** What is paid, in Bulgarian. */
  name: string;
  /** НАП's account for it, in electronic format. */
  iban: string;
  amountCents: number;
  /** The reason the order carries: «Осигурителни вноски ДОО за 10.2026». */
  reason: string;
}

export interface MonthPayments {
  month: string;
  payer: { eik: string; name: string; iban: string | null };
  recipient: string;
  /** The 25th of the next month (yyyy-mm-dd). */
  dueDate: string;
  /** Every obligation, the ones with nothing to pay too (0); the CSV writes only the others. */
  payments: NapPayment[];
  totalCents: number;
  /** What обр. 6 declares, all its amounts (the total must equal it). */
  form6TotalCents: number;
  /** Tax withheld on civil contracts: declared by чл. 55 ЗДДФЛ, paid quarterly, not here. */
  contractTaxCents: number;
  problems: DeclarationProblem[];
  declaration: MonthDeclaration;
}

export const NAP_RECIPIENT = "Национална агенция за приходите";

/** обр. 6's amounts per obligation, summed over its blocks (labour contracts, civil contracts). */
function form6Amounts(d: MonthDeclaration): Record<PaymentFund, number> {
  const out: Record<PaymentFund, number> = { doo: 0, dzpo: 0, zo: 0, tax: 0 };
  for (const b of d.form6?.blocks ?? []) {
    // ДОО's account takes ДОО with ТЗПБ, the teachers' fund and ГВРС; ДЗПО's both УПФ and ППФ.
    out.doo += b.dooCents + b.uchpfCents + b.gvrsCents;
    out.dzpo += b.upfCents + b.ppfCents;
    out.zo += b.zoCents;
    out.tax += b.taxCents + b.tax17Cents;
  }
  return out;
}

/** The month's payments to НАП, or the problems that keep them back. Reads only. */
export async function monthPayments(
  db: Db,
  companyId: string,
  month: string,
): Promise<MonthPayments> {
  const dueDate = paymentDueDate(month);
  const [declaration, accounts, company] = await Promise.all([
    monthDeclaration(db, companyId, month),
    napAccountsFor(db, dueDate),
    db
      .selectFrom("companies")
      .select(["bankIban"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const problems = [...declaration.problems];
  const amounts = form6Amounts(declaration);
  const payments: NapPayment[] = [];
  for (const fund of PAYMENT_FUNDS) {
    const kind: NapAccountKind = fund;
    const account = accounts.get(kind);
    const fix = { href: "/feedback", linkText: "Съобщете на поддръжката" };
    if (!account) {
      problems.push({
        who: "Сметки на НАП",
        message: PAYMENT_MESSAGES.noAccount(FUND_SHORT[fund]),
        ...fix,
      });
      continue;
    }
    if (!isValidIban(account.iban)) {
      problems.push({
        who: "Сметки на НАП",
        message: PAYMENT_MESSAGES.badIban(FUND_SHORT[fund], account.iban),
        ...fix,
      });
      continue;
    }
    payments.push({
      fund,
      name: FUND_NAMES[fund],
      iban: account.iban,
      amountCents: amounts[fund],
      reason: reason(fund, month),
    });
  }
  const form6TotalCents = Object.values(amounts).reduce((s, v) => s + v, 0);
  const payerIban = company.bankIban && isValidIban(company.bankIban) ? company.bankIban : null;
  return {
    month,
    payer: { eik: declaration.company.eik, name: declaration.company.name, iban: payerIban },
    recipient: NAP_RECIPIENT,
    dueDate,
    payments,
    totalCents: payments.reduce((s, p) => s + p.amountCents, 0),
    form6TotalCents,
    contractTaxCents: declaration.contractTaxCents,
    problems,
    declaration,
  };
}

/** The CSV's columns (decision 025). */
export const PAYMENT_CSV_HEADER = [
  "Платец",
  "ЕИК на платеца",
  "IBAN на платеца",
  "Получател",
  "IBAN на получателя",
  "Сума",
  "Валута",
  "Основание",
  "Още пояснения",
  "Вид плащане",
  "Дата на плащане",
] as const;

/** Text as Windows-1251 has it (a letter it lacks is written as НАП's files write it). */
const cp1251 = (text: string) => [...text].map(toCp1251).join("");

/** The payments as the bank's import reads them: one order per obligation with an amount. */
export function paymentsCsv(p: MonthPayments): Uint8Array<ArrayBuffer> {
  const rows = p.payments
    .filter((x) => x.amountCents > 0)
    .map((x) => [
      excelCell(cp1251(p.payer.name)),
      p.payer.eik,
      p.payer.iban ?? "",
      p.recipient,
      x.iban,
      centsToDecimal(x.amountCents),
      "EUR",
      x.reason,
      `ЕИК ${p.payer.eik}`,
      "",
      printDate(p.dueDate),
    ]);
  const text = stringify([[...PAYMENT_CSV_HEADER], ...rows], {
    delimiter: ";",
    record_delimiter: "windows",
    quoted_string: true,
  });
  return new Uint8Array(iconv.encode(text, "win1251"));
}

/** «NAP-plashtania-2026-10.csv» (ASCII) and «НАП-плащания-2026-10.csv». */
export const paymentsFileName = (month: string) => ({
  ascii: `NAP-plashtania-${month}.csv`,
  name: `НАП-плащания-${month}.csv`,
});
