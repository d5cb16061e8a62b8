import { formatCents } from "~/utils/money";
import { CONTRACT_TYPES } from "./constants";
import { monthLabel } from "./months";
import type { PayrollResult } from "./payroll";

/*
 * What the payroll sheet (ведомост) and a payslip print: plain data (it crosses to the PDF worker
 * by structured clone), built from the stored salaries, so the printed figures are the stored ones.
 */

export interface PayrollCompany {
  name: string;
  eik: string;
  address: string;
}

/** The stored figures of a salary (cents) the print needs. */
export interface PrintableSalary extends Omit<PayrollResult, "employedDays"> {
  /** Null on rows stored before it was (decision 023): all the working days. */
  employedDays: number | null;
  employeeName: string;
  contractType: keyof typeof CONTRACT_TYPES;
  workingDays: number;
  unpaidDays: number;
  sickDays: number;
}

export interface PayrollSheetModel {
  company: PayrollCompany;
  title: string;
  /** Column headings and, per employee, the cells (amounts already formatted). */
  head: string[];
  rows: string[][];
  totals: string[];
  dueDate: string;
}

export interface PayslipModel {
  company: PayrollCompany;
  title: string;
  employee: string;
  lines: [string, string][];
  net: string;
}

const SHEET_COLUMNS: [string, keyof PrintableSalary][] = [
  ["Брутно", "grossCents"],
  ["Осиг. доход", "insurableCents"],
  ["ДОО", "employeeDooCents"],
  ["УПФ", "employeeUpfCents"],
  ["ЗО", "employeeZoCents"],
  ["Данък", "taxCents"],
  ["Нето", "netCents"],
  ["Осиг. работодател", "employerContributionsCents"],
  ["Общ разход", "totalCostCents"],
];

/** The month's payroll sheet. */
export function payrollSheet(
  company: PayrollCompany,
  month: string,
  salaries: PrintableSalary[],
  dueDate: string,
): PayrollSheetModel {
  const sum = (key: keyof PrintableSalary) =>
    salaries.reduce((total, s) => total + (s[key] as number), 0);
  return {
    company,
    title: `Ведомост за заплати — ${monthLabel(month)}`,
    head: ["№", "Служител", "Дни", ...SHEET_COLUMNS.map(([label]) => label)],
    rows: salaries.map((s, i) => [
      String(i + 1),
      `${s.employeeName} (${CONTRACT_TYPES[s.contractType]})`,
      `${s.workedDays}/${s.workingDays}`,
      ...SHEET_COLUMNS.map(([, key]) => formatCents(s[key] as number)),
    ]),
    totals: [
      "",
      `Общо (${salaries.length})`,
      "",
      ...SHEET_COLUMNS.map(([, key]) => formatCents(sum(key))),
    ],
    dueDate,
  };
}

/** One employee's payslip for the month. */
export function payslip(company: PayrollCompany, month: string, s: PrintableSalary): PayslipModel {
  const money = (cents: number) => `${formatCents(cents)} EUR`;
  return {
    company,
    title: `Фиш за заплата — ${monthLabel(month)}`,
    employee: `${s.employeeName} · ${CONTRACT_TYPES[s.contractType]}`,
    lines: [
      ["Работни дни / отработени", `${s.workingDays} / ${s.workedDays}`],
      ["Неплатен отпуск (дни)", String(s.unpaidDays)],
      ["Болничен (дни)", String(s.sickDays)],
      ["Възнаграждение за отработеното и бонуси", money(s.earnedCents)],
      ["Болнични от работодателя", money(s.sickPayCents)],
      ["Брутно възнаграждение", money(s.grossCents)],
      ["Осигурителен доход", money(s.insurableCents)],
      ["ДОО", money(s.employeeDooCents)],
      ["ДЗПО/УПФ", money(s.employeeUpfCents)],
      ["Здравно осигуряване", money(s.employeeZoCents)],
      ["Данъчна основа", money(s.taxableCents)],
      ["Данък върху доходите", money(s.taxCents)],
    ],
    net: money(s.netCents),
  };
}
