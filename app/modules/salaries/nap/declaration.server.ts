import type { Kysely } from "kysely";
import { isValidEgn, isValidLnch } from "~/modules/reference/egn";
import { centsToDecimal, parseDecimal, percentOf } from "~/utils/money";
import type { Database } from "~db/types";
import { lastDayOf } from "../months";
import type { Form1Rates, Form1Record, Form6Block, Form6Record } from "./layout";
import { slashDate } from "./layout";
import { DECLARATION_MESSAGES as M, PAYROLL_SETTINGS_HREF } from "./messages";
import { napText, splitName, type TextChange } from "./text";

/*
 * A month's declarations for НАП (issue #27, decision 024), read once: one person per approved or
 * paid salary with the figures обр. 1 writes, the per-fund amounts обр. 6 writes, and every problem
 * that keeps the files from being offered, each with a link to where it is fixed. The payments
 * (item 3) and the corrections (item 4) build on monthDeclaration.
 */

type Db = Kysely<Database>;

/** A problem that keeps the files back: what, why (Bulgarian), where to fix it. */
export interface DeclarationProblem {
  who: string;
  message: string;
  href: string;
  linkText: string;
}

/** A text written otherwise than typed (a letter Windows-1251 lacks, a quote, a long name). */
export interface DeclarationNotice {
  who: string;
  from: string;
  to: string;
  changes: TextChange[];
  href: string;
}

/** The funds обр. 6 declares, in cents. ДОО includes ТЗПБ; ДЗПО-УПФ both shares; ГВРС its own т. 15. */
export interface FundTotals {
  dooCents: number;
  upfCents: number;
  zoCents: number;
  gvrsCents: number;
  taxCents: number;
}

export interface DeclarationPerson {
  salaryId: string;
  employeeId: string;
  /** The name as the employee has it now (the salary keeps the one it was computed with). */
  name: string;
  contractType: "labour" | "management" | "civil";
  idKind: "egn" | "lnch";
  idNumber: string;
  bornBefore1960: boolean;
  /** The month's working days within the employment (labour and management). */
  employedDays: number;
  /** The record as обр. 1 writes it. */
  record: Form1Record;
  /** What the person's contributions and tax come to, per fund (from the salary). */
  funds: FundTotals;
}

export interface DeclarationFormat {
  id: string;
  validFrom: string;
  form1FileName: string;
  form1Tag: string;
  form6FileName: string;
  form6Tag: string;
  paymentTypePayroll: number;
  paymentTypeContracts: number;
  /** обр. 1 т. 12 «вид осигурен» by contract type. */
  insuredTypes: Record<"labour" | "management" | "civil", string>;
  confirmed: boolean;
}

export interface MonthDeclaration {
  month: string;
  company: { id: string; eik: string; name: string; activityCode: string | null };
  format: DeclarationFormat | null;
  /** The month's working days (weekdays without the official days off). */
  workingDays: number;
  persons: DeclarationPerson[];
  /** обр. 6 as it will be written: the payroll's column, then the civil contracts' one. */
  form6: Form6Record | null;
  /** Per fund, the labour and management contracts (обр. 6 column 1). */
  payrollFunds: FundTotals;
  /** Per fund, the civil contracts (обр. 6 column 2; their tax is declared by чл. 55, not here). */
  contractFunds: FundTotals;
  /** The tax withheld on civil contracts (declared by the declaration of чл. 55 ЗДДФЛ). */
  contractTaxCents: number;
  /** Of the approved salaries: employee + employer contributions, and the tax — to the cent. */
  payrollTotals: {
    contributionsCents: number;
    taxCents: number;
    count: number;
  };
  draftCount: number;
  problems: DeclarationProblem[];
  notices: DeclarationNotice[];
}

const emptyFunds = (): FundTotals => ({
  dooCents: 0,
  upfCents: 0,
  zoCents: 0,
  gvrsCents: 0,
  taxCents: 0,
});

function addFunds(into: FundTotals, add: FundTotals) {
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

/** The format valid on a day, or null. */
export async function declarationFormatFor(db: Db, day: string): Promise<DeclarationFormat | null> {
  const row = await db
    .selectFrom("napDeclarationFormats")
    .selectAll()
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    validFrom: row.validFrom,
    form1FileName: row.form1FileName,
    form1Tag: row.form1Tag,
    form6FileName: row.form6FileName,
    form6Tag: row.form6Tag,
    paymentTypePayroll: row.paymentTypePayroll,
    paymentTypeContracts: row.paymentTypeContracts,
    insuredTypes: {
      labour: row.insuredTypeLabour,
      management: row.insuredTypeManagement,
      civil: row.insuredTypeCivil,
    },
    confirmed: row.confirmed,
  };
}

export type NapAccountKind = "tax" | "doo" | "zo" | "dzpo" | "enforcement";

/** НАП's account of each kind valid on a day (the payments of item 3 take the due date). */
export async function napAccountsFor(db: Db, day: string) {
  const rows = await db
    .selectFrom("napPaymentAccounts")
    .select(["kind", "iban", "validFrom", "confirmed"])
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .execute();
  const accounts = new Map<
    NapAccountKind,
    { iban: string; validFrom: string; confirmed: boolean }
  >();
  for (const row of rows) if (!accounts.has(row.kind)) accounts.set(row.kind, row);
  return accounts;
}

/** Weekdays of [from, to] that are not official days off. */
function workingDaysBetween(from: string, to: string, holidays: ReadonlySet<string>): number {
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

/**
 * The month's declaration data: persons (обр. 1 records), per-fund totals (обр. 6), the payroll's
 * totals, and the problems and notices. Reads only; the files are built from it by files.server.
 */
export async function monthDeclaration(
  db: Db,
  companyId: string,
  month: string,
): Promise<MonthDeclaration> {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const [company, format, holidayRows, rows] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["id", "eik", "name", "email", "phone", "activityCode"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    declarationFormatFor(db, last),
    db
      .selectFrom("publicHolidays")
      .select("day")
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
    db
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
      .execute(),
  ]);
  const holidays = new Set(holidayRows.map((h) => h.day));
  const workingDays = workingDaysBetween(first, last, holidays);
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const problems: DeclarationProblem[] = [];
  const notices: DeclarationNotice[] = [];
  const salariesHref = `/salaries?month=${month}`;

  if (!format) {
    problems.push({
      who: "Формат",
      message: M.noFormat,
      href: salariesHref,
      linkText: "Към заплатите",
    });
  }
  const eik = company.eik.replace(/\s/g, "");
  if (!/^(\d{9}|\d{10}|\d{13})$/.test(eik)) {
    problems.push({
      who: company.name,
      message: M.eik,
      href: "/settings",
      linkText: "Настройки на фирмата",
    });
  }
  if (!company.activityCode) {
    problems.push({
      who: company.name,
      message: M.activityCode,
      href: PAYROLL_SETTINGS_HREF,
      linkText: "Въведете КИД в настройките",
    });
  }
  const drafts = rows.filter((r) => r.status === "draft");
  if (drafts.length) {
    problems.push({
      who: "Заплати",
      message: M.drafts(drafts.length),
      href: salariesHref,
      linkText: "Към заплатите за месеца",
    });
  }
  const approved = rows.filter((r) => r.status !== "draft");
  if (!approved.length) {
    problems.push({
      who: "Заплати",
      message: M.noSalaries,
      href: salariesHref,
      linkText: "Към заплатите за месеца",
    });
  }

  const persons: DeclarationPerson[] = [];
  const payrollFunds = emptyFunds();
  const contractFunds = emptyFunds();
  const payrollTotals = {
    contributionsCents: 0,
    taxCents: 0,
    count: approved.length,
  };
  let contractTaxCents = 0;

  for (const r of approved) {
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

    const insuredType = format?.insuredTypes[r.contractType] ?? "";
    if (format && !/^\d{2}$/.test(insuredType))
      problem(M.insuredType, salariesHref, "Към заплатите");

    const from = r.startDate > first ? r.startDate : first;
    const to = r.endDate && r.endDate < last ? r.endDate : last;
    const employed = from <= to;
    if (!employed) problem(M.notEmployed);
    const employedDays = employed ? workingDaysBetween(from, to, holidays) : 0;
    const civil = r.contractType === "civil";
    if (!civil && employed) {
      const wholeMonth = from === first && to === last;
      // A whole month may have days moved by decree (typed on the salary); a part month is counted.
      const expected = wholeMonth ? r.workingDays : employedDays;
      const sum = r.workedDays + r.sickDays + r.unpaidDays;
      if (sum !== expected) {
        const why = [
          from > first ? `; на договор от ${printDay(from)}` : "",
          to < last ? `; до ${printDay(to)}` : "",
        ].join("");
        problem(
          M.days(
            `отработени ${r.workedDays} + болнични ${r.sickDays} + неплатен отпуск ${r.unpaidDays} = ${sum}`,
            expected,
            why,
          ),
          salaryHref,
          "Промени заплатата",
        );
      }
    }

    const old = r.bornBefore1960;
    const rates: Form1Rates = civil
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
    // обр. 1 carries the income and the rates; each amount is income × rate, half up, as the
    // payroll computed it. A salary whose stored amounts differ was computed with other rates.
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
    if (Object.entries(stored).some(([k, v]) => implied[k as keyof typeof stored] !== v)) {
      problem(M.rates, salaryHref, "Промени заплатата");
    }

    const funds: FundTotals = {
      dooCents: r.employeeDooCents + r.employerDooCents + r.employerTzpbCents,
      upfCents: r.employeeUpfCents + r.employerUpfCents,
      zoCents: r.employeeZoCents + r.employerZoCents,
      gvrsCents: r.employerGvrsCents,
      taxCents: civil ? 0 : r.taxCents,
    };
    addFunds(civil ? contractFunds : payrollFunds, funds);
    if (civil) contractTaxCents += r.taxCents;
    payrollTotals.contributionsCents += r.employeeContributionsCents + r.employerContributionsCents;
    payrollTotals.taxCents += r.taxCents;

    persons.push({
      salaryId: r.salaryId,
      employeeId: r.employeeId,
      name: r.name,
      contractType: r.contractType,
      idKind: r.idKind,
      idNumber: r.idNumber,
      bornBefore1960: old,
      employedDays,
      funds,
      record: {
        month: monthNumber,
        year,
        eik,
        idNumber: r.idNumber,
        idCode: r.idKind === "egn" ? 0 : 1,
        surname: parts?.surname ?? "",
        initials: parts?.initials ?? "",
        insuredType,
        occupationCode: r.occupationCode ?? "",
        activityCode: company.activityCode ?? "",
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
        tag: format?.form1Tag ?? "",
      },
    });
  }

  const companyName = napText(company.name);
  const cut = companyName.text.slice(0, 58);
  if (companyName.changes.length || cut !== companyName.text) {
    notices.push({
      who: company.name,
      from: company.name,
      to: cut,
      changes: [
        ...companyName.changes,
        ...(cut !== companyName.text ? [{ from: "…", to: "съкратено до 58 знака" }] : []),
      ],
      href: "/settings",
    });
  }

  let form6: Form6Record | null = null;
  if (format && persons.length) {
    const block = (funds: FundTotals, paymentType: number): Form6Block => ({
      month: monthNumber,
      year,
      date: slashDate(last),
      correction: 0,
      paymentType,
      dooCents: funds.dooCents,
      uchpfCents: 0,
      upfCents: funds.upfCents,
      ppfCents: 0,
      zoCents: funds.zoCents,
      gvrsCents: funds.gvrsCents,
      taxCents: funds.taxCents,
      tax17Cents: 0,
    });
    const blocks: Form6Block[] = [];
    if (persons.some((p) => p.contractType !== "civil")) {
      blocks.push(block(payrollFunds, format.paymentTypePayroll));
    }
    if (persons.some((p) => p.contractType === "civil")) {
      blocks.push(block(contractFunds, format.paymentTypeContracts));
    }
    const email = company.email.toUpperCase();
    form6 = {
      eik,
      name: cut,
      cashMember: 0,
      email: email.length <= 48 && !/[",\s]/.test(email) ? email : "",
      phone: company.phone.replace(/\D/g, "").slice(0, 18),
      gsm: "",
      blocks,
      tag: format.form6Tag,
    };
  }

  return {
    month,
    company: { id: company.id, eik, name: company.name, activityCode: company.activityCode },
    format,
    workingDays,
    persons,
    form6,
    payrollFunds,
    contractFunds,
    contractTaxCents,
    payrollTotals,
    draftCount: drafts.length,
    problems,
    notices,
  };
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
