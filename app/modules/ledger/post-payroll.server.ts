import { lastDayOf } from "~/utils/periods";
import { accountsOn, type Db, type Poster, syncSource } from "./post.server";
import type { Posting } from "./postings";
import { type PayrollAccounts, salaryPaymentPosting, salaryPosting } from "./postings-payroll";

/*
 * A salary in the books (decision 059), called in the transaction that changes it: approved or
 * paid, it is accrued (source «salary»); paid, its net is paid too («salary_payment»); back to a
 * draft or deleted, what it posted is reversed. The salaries' module calls it; the ledger reads
 * their table and never imports their code.
 */

const PAYROLL_KEYS = {
  expense: "salary.expense",
  contributions: "salary.contributions",
  payable: "salary.payable",
  tax: "salary.tax",
  doo: "salary.doo",
  dzpo: "salary.dzpo",
  zo: "salary.zo",
  gvrs: "salary.gvrs",
} as const satisfies Record<keyof PayrollAccounts, string>;

/** The payroll's accounts on a day, by the company's rules. */
async function payrollAccounts(trx: Db, companyId: string, date: string) {
  const on = await accountsOn(trx, companyId, date, Object.values(PAYROLL_KEYS));
  return Object.fromEntries(
    Object.entries(PAYROLL_KEYS).map(([role, key]) => [role, on[key] as string]),
  ) as unknown as PayrollAccounts;
}

/**
 * A salary posted as it now is (accrued when approved or paid; its net paid when paid — unless a
 * bank booking to 421 that still stands paid it: that booking's entry is the payment, decision 065).
 */
export async function postSalary(
  trx: Db,
  companyId: string,
  salaryId: string,
  poster: Poster | null,
) {
  const row = await trx
    .selectFrom("salaries")
    .leftJoin("bankMatches as m", (join) =>
      join
        .onRef("m.id", "=", "salaries.bankMatchId")
        .on("m.companyId", "=", companyId)
        .on("m.undoneAt", "is", null),
    )
    .select([
      "m.id as paidByBank",
      "month",
      "status",
      "paidOn",
      "employeeId",
      "employeeName",
      "grossCents",
      "employeeDooCents",
      "employeeUpfCents",
      "employeeZoCents",
      "taxCents",
      "netCents",
      "employerDooCents",
      "employerTzpbCents",
      "employerGvrsCents",
      "employerUpfCents",
      "employerZoCents",
    ])
    .where("salaries.companyId", "=", companyId)
    .where("salaries.id", "=", salaryId)
    .executeTakeFirst();
  let accrued: Posting | null = null;
  let paid: Posting | null = null;
  if (row && row.status !== "draft") {
    accrued = salaryPosting(row, await payrollAccounts(trx, companyId, lastDayOf(row.month)));
    if (row.status === "paid" && row.paidOn && !row.paidByBank) {
      const on = await accountsOn(trx, companyId, row.paidOn, ["salary.payable", "salary.money"]);
      paid = salaryPaymentPosting(
        { ...row, paidOn: row.paidOn },
        { payable: on["salary.payable"] as string, money: on["salary.money"] as string },
      );
    }
  }
  const a = await syncSource(trx, companyId, "salary", salaryId, accrued, poster);
  const b = await syncSource(trx, companyId, "salary_payment", salaryId, paid, poster);
  return a || b;
}
