import { formatCents, formatMoney } from "~/utils/money";
import { monthLabel } from "~/utils/periods";
import { CONTRACT_TYPES } from "./constants";
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

/** What a draft month's sheet and a draft salary's payslip say under their title. */
export const DRAFT_MARK = "ЧЕРНОВА — заплатите не са одобрени; сумите още могат да се променят";

/** The stored figures of a salary (cents) the print needs. */
export interface PrintableSalary extends Omit<PayrollResult, "employedDays"> {
  employeeId: string;
  status: "draft" | "approved" | "paid";
  /** Null on rows stored before it was (decision 023): all the working days. */
  employedDays: number | null;
  employeeName: string;
  contractType: keyof typeof CONTRACT_TYPES;
  workingDays: number;
  unpaidDays: number;
  sickDays: number;
  /** The seniority bonus's years and per cent ("0.60"); 0 when none. */
  seniorityYears: number;
  seniorityPercent: string | number;
}

export interface PayrollSheetModel {
  company: PayrollCompany;
  title: string;
  /** Said under the title while a salary of the month is a draft (issue #31 item 10). */
  draft?: string | null;
  /** Column headings and, per employee, the cells (amounts already formatted). */
  head: string[];
  rows: string[][];
  totals: string[];
  dueDate: string;
}

export interface PayslipModel {
  company: PayrollCompany;
  title: string;
  /** Said under the title while the salary is a draft. */
  draft?: string | null;
  employee: string;
  lines: [string, string][];
  net: string;
}

const SHEET_COLUMNS: [string, keyof PrintableSalary][] = [
  ["За стаж", "seniorityBonusCents"],
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

/**
 * The month's payroll sheet, with each employee's ЕГН (or ЛНЧ) from `idNumbers` (by employee id);
 * marked as a draft while any salary of the month is one.
 */
export function payrollSheet(
  company: PayrollCompany,
  month: string,
  salaries: PrintableSalary[],
  dueDate: string,
  idNumbers: ReadonlyMap<string, string> = new Map(),
): PayrollSheetModel {
  const sum = (key: keyof PrintableSalary) =>
    salaries.reduce((total, s) => total + (s[key] as number), 0);
  return {
    company,
    title: `Ведомост за заплати — ${monthLabel(month)}`,
    draft: salaries.some((s) => s.status === "draft") ? DRAFT_MARK : null,
    head: ["№", "Служител", "ЕГН/ЛНЧ", "Дни", ...SHEET_COLUMNS.map(([label]) => label)],
    rows: salaries.map((s, i) => [
      String(i + 1),
      `${s.employeeName} (${CONTRACT_TYPES[s.contractType]})`,
      idNumbers.get(s.employeeId) ?? "—",
      `${s.workedDays}/${s.workingDays}`,
      ...SHEET_COLUMNS.map(([, key]) => formatCents(s[key] as number)),
    ]),
    totals: [
      "",
      `Общо (${salaries.length})`,
      "",
      "",
      ...SHEET_COLUMNS.map(([, key]) => formatCents(sum(key))),
    ],
    dueDate,
  };
}

/** One employee's payslip for the month. */
export function payslip(company: PayrollCompany, month: string, s: PrintableSalary): PayslipModel {
  const money = (cents: number) => formatMoney(cents, "EUR");
  return {
    company,
    title: `Фиш за заплата — ${monthLabel(month)}`,
    draft: s.status === "draft" ? DRAFT_MARK : null,
    employee: `${s.employeeName} · ${CONTRACT_TYPES[s.contractType]}`,
    lines: [
      ["Работни дни / отработени", `${s.workingDays} / ${s.workedDays}`],
      ["Неплатен отпуск (дни)", String(s.unpaidDays)],
      ["Болничен (дни)", String(s.sickDays)],
      ["Възнаграждение за отработеното и бонуси", money(s.earnedCents)],
      [
        s.seniorityYears
          ? `В т.ч. за трудов стаж и професионален опит (${s.seniorityYears} г. × ${String(s.seniorityPercent).replace(".", ",")} %)`
          : "В т.ч. за трудов стаж и професионален опит",
        money(s.seniorityBonusCents),
      ],
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
