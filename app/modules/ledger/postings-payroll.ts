import { lastDayOf } from "~/utils/periods";
import { type Counterparty, credit, debit, finish, type PostingLine } from "./postings";

/*
 * The payroll's postings (decision 059), pure: a month's salary accrued on the month's last day
 * (Dr 604 gross / Cr 421 the employee; the employee's contributions and the tax out of 421 into
 * the funds and 454; the employer's contributions Dr 605 / Cr the funds), and the net paid
 * (Dr 421 / Cr 503) on the day it was. Amounts are the salary's, in the month's currency, which
 * is the ledger's of that day.
 */

export interface SalaryForPosting {
  month: string;
  employeeId: string;
  employeeName: string;
  grossCents: number;
  employeeDooCents: number;
  employeeUpfCents: number;
  employeeZoCents: number;
  taxCents: number;
  netCents: number;
  employerDooCents: number;
  employerTzpbCents: number;
  employerGvrsCents: number;
  employerUpfCents: number;
  employerZoCents: number;
}

/** The accounts of a salary's postings (the rules `salary.*`, over 604, 605, 421, 454, 461x). */
export interface PayrollAccounts {
  expense: string;
  contributions: string;
  payable: string;
  tax: string;
  doo: string;
  dzpo: string;
  zo: string;
  gvrs: string;
}

const period = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;
const employeeOf = (s: SalaryForPosting): Counterparty => ({
  kind: "employee",
  id: s.employeeId,
  name: s.employeeName,
});

/**
 * An approved salary: Dr 604 / Cr 421 the gross; Dr 421 / Cr 4611, 4612, 4613 the employee's
 * ДОО, ДЗПО and ЗО and Cr 454 the tax; Dr 605 / Cr 4611 (ДОО with ТЗПБ), 4614 (ГВРС), 4612, 4613
 * the employer's. So 421 keeps the net until it is paid, and the funds' and 454's credit turnover
 * is what обр. 6 declares and the НАП payment orders pay.
 */
export function salaryPosting(s: SalaryForPosting, a: PayrollAccounts) {
  const who = employeeOf(s);
  const employee = s.employeeDooCents + s.employeeUpfCents + s.employeeZoCents;
  const employer =
    s.employerDooCents +
    s.employerTzpbCents +
    s.employerGvrsCents +
    s.employerUpfCents +
    s.employerZoCents;
  const lines: PostingLine[] = [
    debit(a.expense, s.grossCents),
    credit(a.payable, s.grossCents, who),
    debit(a.payable, employee, who),
    debit(a.payable, s.taxCents, who),
    debit(a.contributions, employer),
    credit(a.doo, s.employeeDooCents + s.employerDooCents + s.employerTzpbCents),
    credit(a.gvrs, s.employerGvrsCents),
    credit(a.dzpo, s.employeeUpfCents + s.employerUpfCents),
    credit(a.zo, s.employeeZoCents + s.employerZoCents),
    credit(a.tax, s.taxCents),
  ];
  return finish({
    entryDate: lastDayOf(s.month),
    description: `Заплата за ${period(s.month)}, ${s.employeeName}`.slice(0, 500),
    documentRef: `Ведомост за заплати ${period(s.month)}`,
    lines,
  });
}

/** A salary paid: Dr 421 (the employee) / Cr the money account, the net, on the day it was paid. */
export function salaryPaymentPosting(
  s: SalaryForPosting & { paidOn: string },
  a: { payable: string; money: string },
) {
  return finish({
    entryDate: s.paidOn,
    description: `Изплатена заплата за ${period(s.month)}, ${s.employeeName}`.slice(0, 500),
    documentRef: `Ведомост за заплати ${period(s.month)}`,
    lines: [debit(a.payable, s.netCents, employeeOf(s)), credit(a.money, s.netCents)],
  });
}
