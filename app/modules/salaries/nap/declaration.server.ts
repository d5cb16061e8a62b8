import type { Kysely } from "kysely";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import {
  addFunds,
  type DeclarationMonth,
  declarationPerson,
  emptyFunds,
  type SalaryRow,
  salaryRows,
  workingDaysBetween,
} from "./declaration-person.server";
import type {
  DeclarationFormat,
  DeclarationNotice,
  DeclarationPerson,
  DeclarationProblem,
  FundTotals,
  MonthDeclaration,
} from "./declaration-types";
import { slashDate } from "./layout";
import type { Form6Block, Form6Record } from "./layout-form6";
import { DECLARATION_MESSAGES as M, PAYROLL_SETTINGS_HREF } from "./messages";
import { napText } from "./text";

export type {
  DeclarationFormat,
  DeclarationNotice,
  DeclarationPerson,
  DeclarationProblem,
  FundTotals,
  MonthDeclaration,
} from "./declaration-types";

/*
 * A month's declarations for НАП (issue #27, decision 024), read once: one person per approved or
 * paid salary with the figures обр. 1 writes, the per-fund amounts обр. 6 writes, and every problem
 * that keeps the files from being offered, each with a link to where it is fixed. The payments
 * (item 3) and the corrections (item 4) build on monthDeclaration.
 */

type Db = Kysely<Database>;

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

type CompanyRow = {
  id: string;
  eik: string;
  name: string;
  email: string;
  phone: string;
  activityCode: string | null;
};

/** What keeps the whole month back: no format, the company's ЕИК or КИД, drafts, no salaries. */
function monthProblems(
  company: CompanyRow,
  eik: string,
  format: DeclarationFormat | null,
  draftCount: number,
  approvedCount: number,
  salariesHref: string,
): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  if (!format) {
    problems.push({
      who: "Формат",
      message: M.noFormat,
      href: salariesHref,
      linkText: "Към заплатите",
    });
  }
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
  if (draftCount) {
    problems.push({
      who: "Заплати",
      message: M.drafts(draftCount),
      href: salariesHref,
      linkText: "Към заплатите за месеца",
    });
  }
  if (!approvedCount) {
    problems.push({
      who: "Заплати",
      message: M.noSalaries,
      href: salariesHref,
      linkText: "Към заплатите за месеца",
    });
  }
  return problems;
}

/** The company's name as обр. 6 writes it (НАП's letters, 58 characters), and a notice if changed. */
function companyName(company: CompanyRow): { name: string; notice: DeclarationNotice | null } {
  const written = napText(company.name);
  const cut = written.text.slice(0, 58);
  if (!written.changes.length && cut === written.text) return { name: cut, notice: null };
  return {
    name: cut,
    notice: {
      who: company.name,
      from: company.name,
      to: cut,
      changes: [
        ...written.changes,
        ...(cut !== written.text ? [{ from: "…", to: "съкратено до 58 знака" }] : []),
      ],
      href: "/settings",
    },
  };
}

/** обр. 6 as it will be written: the payroll's column, then the civil contracts' one. */
function form6Of(
  m: DeclarationMonth,
  format: DeclarationFormat,
  company: CompanyRow,
  name: string,
  persons: DeclarationPerson[],
  payrollFunds: FundTotals,
  contractFunds: FundTotals,
): Form6Record {
  const block = (funds: FundTotals, paymentType: number): Form6Block => ({
    month: m.monthNumber,
    year: m.year,
    date: slashDate(m.last),
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
  return {
    eik: m.eik,
    name,
    cashMember: 0,
    email: email.length <= 48 && !/[",\s]/.test(email) ? email : "",
    phone: company.phone.replace(/\D/g, "").slice(0, 18),
    gsm: "",
    blocks,
    tag: format.form6Tag,
  };
}

/** The month's inputs, read at once: the company, the format in force, the holidays, the salaries. */
async function readMonth(db: Db, companyId: string, month: string) {
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
    salaryRows(db, companyId, month),
  ]);
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const m: DeclarationMonth = {
    month,
    first,
    last,
    year,
    monthNumber,
    eik: company.eik.replace(/\s/g, ""),
    activityCode: company.activityCode,
    format,
    holidays: new Set(holidayRows.map((h) => h.day)),
    salariesHref: `/salaries?month=${month}`,
  };
  return { company, format, rows, m };
}

/**
 * Each approved or paid salary's обр. 1 person, with its problems and notices, and the sums by
 * fund: the payroll's (labour contracts) apart from the civil contracts'.
 */
function personsOf(approved: SalaryRow[], m: DeclarationMonth) {
  const persons: DeclarationPerson[] = [];
  const problems: DeclarationProblem[] = [];
  const notices: DeclarationNotice[] = [];
  const payrollFunds = emptyFunds();
  const contractFunds = emptyFunds();
  const payrollTotals = { contributionsCents: 0, taxCents: 0, count: approved.length };
  let contractTaxCents = 0;
  for (const r of approved) {
    const one = declarationPerson(r, m);
    persons.push(one.person);
    problems.push(...one.problems);
    notices.push(...one.notices);
    const civil = r.contractType === "civil";
    addFunds(civil ? contractFunds : payrollFunds, one.person.funds);
    if (civil) contractTaxCents += r.taxCents;
    payrollTotals.contributionsCents += r.employeeContributionsCents + r.employerContributionsCents;
    payrollTotals.taxCents += r.taxCents;
  }
  return {
    persons,
    problems,
    notices,
    payrollFunds,
    contractFunds,
    payrollTotals,
    contractTaxCents,
  };
}

/**
 * The month's declaration data: persons (обр. 1 records), per-fund totals (обр. 6), the payroll's
 * totals, and the problems and notices. Reads only; the files are built from it by files.server.
 */
export async function monthDeclaration(
  db: Db,
  companyId: string,
  month: string,
): Promise<MonthDeclaration> {
  const { company, format, rows, m } = await readMonth(db, companyId, month);
  const draftCount = rows.filter((r) => r.status === "draft").length;
  const approved: SalaryRow[] = rows.filter((r) => r.status !== "draft");
  const problems = monthProblems(
    company,
    m.eik,
    format,
    draftCount,
    approved.length,
    m.salariesHref,
  );
  const people = personsOf(approved, m);
  problems.push(...people.problems);
  const notices = people.notices;
  const { persons, payrollFunds, contractFunds } = people;

  const { name, notice } = companyName(company);
  if (notice) notices.push(notice);
  const form6 =
    format && persons.length
      ? form6Of(m, format, company, name, persons, payrollFunds, contractFunds)
      : null;

  return {
    month,
    company: { id: company.id, eik: m.eik, name: company.name, activityCode: company.activityCode },
    format,
    workingDays: workingDaysBetween(m.first, m.last, m.holidays),
    persons,
    form6,
    payrollFunds,
    contractFunds,
    contractTaxCents: people.contractTaxCents,
    payrollTotals: people.payrollTotals,
    draftCount,
    problems,
    notices,
  };
}
