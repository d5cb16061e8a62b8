import type { Kysely } from "kysely";
import { isValidEgn, isValidLnch } from "~/modules/reference/egn";
import { centsToDecimal, parseDecimal, percentOf } from "~/utils/money";
import type { Database } from "~db/types";
import type {
  DeclarationFormat,
  DeclarationNotice,
  DeclarationPerson,
  DeclarationProblem,
  FundTotals,
} from "./declaration-types";
import type { Form1Rates } from "./layout";
import { DECLARATION_MESSAGES as M } from "./messages";
import { napText, splitName } from "./text";

/*
 * One person of a month's declarations (declaration.server.ts): the approved or paid salary read
 * with its employee and parameters, checked, and written as обр. 1's record and обр. 6's funds.
 */

type Db = Kysely<Database>;

/** The month's salaries with their employee and the parameters they were computed with. */
export function salaryRows(db: Db, companyId: string, month: string) {
  return db
    .selectFrom("salaries as s")
    .innerJoin("employees as e", (join) =>
      join.onRef("e.id", "=", "s.employeeId").onRef("e.companyId", "=", "s.companyId"),
    )
    .innerJoin("payrollParameters as p", "p.id", "s.parametersId")
    .select([
      "s.id as salaryId",
      "s.status",
      "s.contractType",
      "s.bornBefore1960",
      "s.workingDays",
      "s.workedDays",
      "s.sickDays",
      "s.unpaidDays",
      "s.grossCents",
      "s.insurableCents",
      "s.taxableCents",
      "s.taxCents",
      "s.employeeDooCents",
      "s.employeeUpfCents",
      "s.employeeZoCents",
      "s.employerDooCents",
      "s.employerTzpbCents",
      "s.employerGvrsCents",
      "s.gvrsRate",
      "s.employerUpfCents",
      "s.employerZoCents",
      "s.employeeContributionsCents",
      "s.employerContributionsCents",
      "s.tzpbRate",
      "e.id as employeeId",
      "e.name",
      "e.idKind",
      "e.idNumber",
      "e.startDate",
      "e.endDate",
      "e.hoursPerDay",
      "e.occupationCode",
      "p.employeeDoo",
      "p.employeeDooBefore1960",
      "p.employeeUpf",
      "p.employeeZo",
      "p.employerDoo",
      "p.employerDooBefore1960",
      "p.employerUpf",
      "p.employerZo",
      "p.employerGvrs",
      "p.employeePensionCivil",
      "p.employeePensionCivilBefore1960",
      "p.employerPensionCivil",
      "p.employerPensionCivilBefore1960",
    ])
    .where("s.companyId", "=", companyId)
    .where("s.month", "=", month)
    .orderBy("e.name")
    .orderBy("s.id")
    .execute();
}

export type SalaryRow = Awaited<ReturnType<typeof salaryRows>>[number];

/** What every person of the month shares: the month's bounds, the company, the format. */
export interface DeclarationMonth {
  month: string;
  first: string;
  last: string;
  year: number;
  monthNumber: number;
  eik: string;
  activityCode: string | null;
  format: DeclarationFormat | null;
  holidays: ReadonlySet<string>;
  salariesHref: string;
}

export const emptyFunds = (): FundTotals => ({
  dooCents: 0,
  upfCents: 0,
  zoCents: 0,
  gvrsCents: 0,
  taxCents: 0,
});

export function addFunds(into: FundTotals, add: FundTotals) {
  into.dooCents += add.dooCents;
  into.upfCents += add.upfCents;
  into.zoCents += add.zoCents;
  into.gvrsCents += add.gvrsCents;
  into.taxCents += add.taxCents;
}

/** A rate from the database ("8.38", 8.4) as the file writes it: "8.38", "8.40". */
function rateText(value: string | number): string {
  const scaled = parseDecimal(String(value), 2);
  return scaled === null ? "0.00" : centsToDecimal(Number(scaled));
}

/** Weekdays of [from, to] that are not official days off. */
export function workingDaysBetween(
  from: string,
  to: string,
  holidays: ReadonlySet<string>,
): number {
  let count = 0;
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    const day = new Date(t);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day.toISOString().slice(0, 10))) count++;
  }
  return count;
}

const dayOfMonth = (iso: string) => Number(iso.slice(8, 10));
const printDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The rates обр. 1 writes for a salary: the civil contracts' pension rates or the payroll's. */
function form1RatesOf(r: SalaryRow): Form1Rates {
  const old = r.bornBefore1960;
  return r.contractType === "civil"
    ? {
        dooEmployer: rateText(old ? r.employerPensionCivilBefore1960 : r.employerPensionCivil),
        dooEmployee: rateText(old ? r.employeePensionCivilBefore1960 : r.employeePensionCivil),
        zoEmployer: rateText(r.employerZo),
        zoEmployee: rateText(r.employeeZo),
        tzpb: "0.00",
        gvrs: "0.00",
        upfEmployer: old ? "0.00" : rateText(r.employerUpf),
        upfEmployee: old ? "0.00" : rateText(r.employeeUpf),
      }
    : {
        dooEmployer: rateText(old ? r.employerDooBefore1960 : r.employerDoo),
        dooEmployee: rateText(old ? r.employeeDooBefore1960 : r.employeeDoo),
        zoEmployer: rateText(r.employerZo),
        zoEmployee: rateText(r.employeeZo),
        tzpb: rateText(r.tzpbRate),
        // The rate in force (the parameters), not the salary's own: a salary saved before ГВРС
        // was charged (0) then differs from it and is flagged to be saved again.
        gvrs: rateText(r.employerGvrs),
        upfEmployer: old ? "0.00" : rateText(r.employerUpf),
        upfEmployee: old ? "0.00" : rateText(r.employeeUpf),
      };
}

/**
 * Whether the salary's stored contributions are those обр. 1 implies: each amount is income ×
 * rate, half up, as the payroll computed it; a salary whose amounts differ had other rates.
 */
function ratesAgree(r: SalaryRow, rates: Form1Rates): boolean {
  const implied = impliedAmounts(r.insurableCents, rates);
  const stored = {
    dooEmployer: r.employerDooCents,
    dooEmployee: r.employeeDooCents,
    tzpb: r.employerTzpbCents,
    gvrs: r.employerGvrsCents,
    zoEmployer: r.employerZoCents,
    zoEmployee: r.employeeZoCents,
    upfEmployer: r.employerUpfCents,
    upfEmployee: r.employeeUpfCents,
  };
  return Object.entries(stored).every(([k, v]) => implied[k as keyof typeof stored] === v);
}

/** What the person's contributions and tax come to, per fund (civil contracts' tax apart). */
function fundsOf(r: SalaryRow): FundTotals {
  return {
    dooCents: r.employeeDooCents + r.employerDooCents + r.employerTzpbCents,
    upfCents: r.employeeUpfCents + r.employerUpfCents,
    zoCents: r.employeeZoCents + r.employerZoCents,
    gvrsCents: r.employerGvrsCents,
    taxCents: r.contractType === "civil" ? 0 : r.taxCents,
  };
}

/**
 * The days problem of a labour or management contract: worked + sick + unpaid must be the
 * month's working days within the employment. A whole month may have days moved by decree (typed
 * on the salary); a part month is counted. Null when they agree.
 */
function daysProblem(
  r: SalaryRow,
  m: DeclarationMonth,
  from: string,
  to: string,
  employedDays: number,
): string | null {
  const wholeMonth = from === m.first && to === m.last;
  const expected = wholeMonth ? r.workingDays : employedDays;
  const sum = r.workedDays + r.sickDays + r.unpaidDays;
  if (sum === expected) return null;
  const why = [
    from > m.first ? `; на договор от ${printDay(from)}` : "",
    to < m.last ? `; до ${printDay(to)}` : "",
  ].join("");
  return M.days(
    `отработени ${r.workedDays} + болнични ${r.sickDays} + неплатен отпуск ${r.unpaidDays} = ${sum}`,
    expected,
    why,
  );
}

/** One approved or paid salary as the declarations write it, with its problems and notices. */
export function declarationPerson(
  r: SalaryRow,
  m: DeclarationMonth,
): { person: DeclarationPerson; problems: DeclarationProblem[]; notices: DeclarationNotice[] } {
  const problems: DeclarationProblem[] = [];
  const notices: DeclarationNotice[] = [];
  const employeeHref = `/salaries/employees/${r.employeeId}`;
  const salaryHref = `/salaries/edit/${r.salaryId}`;
  const problem = (message: string, href = employeeHref, linkText = "Промени служителя") =>
    problems.push({ who: r.name, message, href, linkText });

  if (r.idKind === "egn" ? !isValidEgn(r.idNumber) : !isValidLnch(r.idNumber)) {
    problem(r.idKind === "egn" ? M.egn : M.lnch);
  }
  const name = napText(r.name);
  if (name.changes.length) {
    notices.push({
      who: r.name,
      from: r.name,
      to: name.text,
      changes: name.changes,
      href: employeeHref,
    });
  }
  if (name.latin) problem(M.latin);
  if (!r.occupationCode) problem(M.occupationCode, employeeHref, "Въведете НКПД на служителя");
  const parts = splitName(name.text);
  if (!parts) problem(M.name);

  const insuredType = m.format?.insuredTypes[r.contractType] ?? "";
  if (m.format && !/^\d{2}$/.test(insuredType))
    problem(M.insuredType, m.salariesHref, "Към заплатите");

  const from = r.startDate > m.first ? r.startDate : m.first;
  const to = r.endDate && r.endDate < m.last ? r.endDate : m.last;
  const employed = from <= to;
  if (!employed) problem(M.notEmployed);
  const employedDays = employed ? workingDaysBetween(from, to, m.holidays) : 0;
  const civil = r.contractType === "civil";
  if (!civil && employed) {
    const days = daysProblem(r, m, from, to, employedDays);
    if (days) problem(days, salaryHref, "Промени заплатата");
  }

  const rates = form1RatesOf(r);
  if (!ratesAgree(r, rates)) problem(M.rates, salaryHref, "Промени заплатата");

  const person: DeclarationPerson = {
    salaryId: r.salaryId,
    employeeId: r.employeeId,
    name: r.name,
    contractType: r.contractType,
    idKind: r.idKind,
    idNumber: r.idNumber,
    bornBefore1960: r.bornBefore1960,
    employedDays,
    funds: fundsOf(r),
    record: {
      month: m.monthNumber,
      year: m.year,
      eik: m.eik,
      idNumber: r.idNumber,
      idCode: r.idKind === "egn" ? 0 : 1,
      surname: parts?.surname ?? "",
      initials: parts?.initials ?? "",
      insuredType,
      occupationCode: r.occupationCode ?? "",
      activityCode: m.activityCode ?? "",
      firstDay: employed ? dayOfMonth(from) : 0,
      lastDay: employed ? dayOfMonth(to) : 0,
      workedDays: civil ? 0 : r.workedDays,
      sickDays: civil ? 0 : r.sickDays,
      unpaidDays: civil ? 0 : r.unpaidDays,
      workedHours: civil ? 0 : r.workedDays * r.hoursPerDay,
      insurableCents: r.insurableCents,
      rates,
      grossCents: r.grossCents,
      taxableCents: civil ? 0 : r.taxableCents,
      taxCents: civil ? 0 : r.taxCents,
      correction: 0,
      tag: m.format?.form1Tag ?? "",
    },
  };
  return { person, problems, notices };
}

/** Each contribution обр. 1 implies: income × rate, half up (percentOf, as the payroll). */
export function impliedAmounts(insurableCents: number, rates: Form1Rates) {
  const of = (rate: string) => percentOf(insurableCents, Number(rate));
  return {
    dooEmployer: of(rates.dooEmployer),
    dooEmployee: of(rates.dooEmployee),
    tzpb: of(rates.tzpb),
    gvrs: of(rates.gvrs),
    zoEmployer: of(rates.zoEmployer),
    zoEmployee: of(rates.zoEmployee),
    upfEmployer: of(rates.upfEmployer),
    upfEmployee: of(rates.upfEmployee),
  };
}
