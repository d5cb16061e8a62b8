import { percentOf } from "~/utils/money";

/*
 * The monthly payroll under Bulgarian rules (decision 010), pure: it runs on the server when a
 * salary is saved and in the browser while the form is typed. Money in integer cents; rates in
 * per cent, passed in from the dated parameters (never constants here: PAYROLL_2026 is the seed's
 * copy for tests).
 *
 * Labour and management contracts (a manager is insured like an employee):
 * - employed days = the month's working days within the employment (start and end dates; decision
 *   023); worked = employed − unpaid − sick; earned = gross × worked days ÷ the month's working days
 *   (half up) + the seniority bonus + bonuses, so a part month is paid pro rata (3,000.00 hired on
 *   15.10.2026: 12 of 22 days → 1,636.36);
 * - seniority bonus (labour contracts only; Наредба за структурата и организацията на работната
 *   заплата, чл. 12): years of service × the percentage (at least the dated minimum, 0.6 %) of the
 *   basic salary earned for the days worked, half up once; insurable and taxable as the pay;
 * - sick pay: the employer pays 70 % of the daily gross (gross ÷ working days) for the sick days it
 *   owes (sickEmployerDays: the first working days of the incapacity under the rule dated by the day
 *   it began, КСО чл. 40, ал. 5 — 2 since 01.01.2024, 3 before; none without 6 months of insurance),
 *   rounded once (taxable, not insurable); the other sick days are НОИ's benefit, outside the payroll;
 * - insurable income = earned, at least the minimum wage × worked ÷ working days (× hours ÷ 8 for
 *   part time), at most the month's whole maximum; nothing when no day was worked; the agreed gross
 *   may not be below the minimum (minimumGrossCents, checked when a salary is saved);
 * - each contribution = insurable × its rate, half up, one payment at a time: employee ДОО, УПФ, ЗО;
 *   employer ДОО, ТЗПБ, ГВРС (labour contracts; decision 043), УПФ, ЗО. Born before
 *   1960: the whole pension in ДОО, no УПФ;
 * - tax = 10 % × (gross − employee contributions), half up; net = gross − contributions − tax.
 * Civil contracts (граждански договор): no days and no sick pay; the fee (bonuses included) less
 * 25 % statutory expenses is the income; when it reaches the minimum wage it is insurable (up to the
 * maximum) for pension, УПФ and health only (no sickness, unemployment or ТЗПБ); below it nothing
 * is insurable here (the person insures themselves); tax = 10 % × (income − employee contributions),
 * net = fee − employee contributions − tax.
 */

export const PAYROLL_MESSAGES = {
  workingDays: "Работните дни трябва да са поне 1",
  days: "Дните не може да са отрицателни",
  tooManyAbsences: "Дните неплатен отпуск и болничен не може да надхвърлят работните дни",
  tooManyForEmployment: (days: number) =>
    `Дните неплатен отпуск и болничен не може да надхвърлят работните дни по договора през месеца (${days})`,
} as const;

export type ContractType = "labour" | "management" | "civil";

export interface PayrollParameters {
  minimumWageCents: number;
  /** The month's maximum insurable income (never reduced for absences). */
  maxInsurableCents: number;
  /** Pension 6.58 + sickness 1.40 + unemployment 0.40. */
  employeeDoo: number;
  /** Pension 8.78 (no УПФ) + 1.40 + 0.40. */
  employeeDooBefore1960: number;
  employeeUpf: number;
  employeeZo: number;
  /** Pension 8.22 + sickness 2.10 + unemployment 0.60. */
  employerDoo: number;
  /** Pension 11.02 (no УПФ) + 2.10 + 0.60. */
  employerDooBefore1960: number;
  employerUpf: number;
  employerZo: number;
  /** Civil contracts insure the pension only (no sickness or unemployment). */
  employeePensionCivil: number;
  employeePensionCivilBefore1960: number;
  employerPensionCivil: number;
  employerPensionCivilBefore1960: number;
  incomeTax: number;
  /** Statutory expenses of a civil contract, per cent of the fee. */
  civilExpenses: number;
  /** Per cent of the daily gross the employer pays for a sick day. */
  sickEmployerShare: number;
  /** ГВРС, employer only, labour contracts (ЗБДОО of the year; decision 043). */
  employerGvrs: number;
  /** The least seniority bonus per year of service (Наредбата за работната заплата, чл. 12). */
  seniorityMinPercent: number;
}

/**
 * A dated rule of КСО чл. 40, ал. 5 (table sick_leave_rules): an incapacity that began on or after
 * validFrom (and before the next rule) is paid by the employer for its first employerDays working days.
 */
export interface SickLeaveRule {
  validFrom: string;
  employerDays: number;
}

/** The seed's rules, for tests: 3 days before 01.01.2024, 2 since. */
export const SICK_LEAVE_RULES_SEED: SickLeaveRule[] = [
  { validFrom: "2000-01-01", employerDays: 3 },
  { validFrom: "2024-01-01", employerDays: 2 },
];

/** The employer's days of an incapacity that began on the day: the latest rule from before it (0 when none). */
export function sickRuleDays(rules: readonly SickLeaveRule[], beganOn: string): number {
  let best: SickLeaveRule | undefined;
  for (const rule of rules) {
    if (rule.validFrom <= beganOn && (!best || rule.validFrom > best.validFrom)) best = rule;
  }
  return best?.employerDays ?? 0;
}

/**
 * How many of the month's sick days the employer pays: the rule's days (dated by the day the
 * incapacity began) less those of the same incapacity that fell before the month (paid then), none
 * without 6 months of insurance, never more than the month's sick days.
 */
export function employerSickDays(input: {
  rules: readonly SickLeaveRule[];
  beganOn: string;
  sickDays: number;
  insuredSixMonths: boolean;
  /** Working days of the incapacity before the month's first day. */
  daysBeforeMonth?: number;
}): number {
  if (!input.insuredSixMonths) return 0;
  const left = sickRuleDays(input.rules, input.beganOn) - Math.max(0, input.daysBeforeMonth ?? 0);
  return Math.max(0, Math.min(left, input.sickDays));
}

/** The 2026 figures as seeded (the maximum insurable income is UNCONFIRMED). */
export const PAYROLL_2026: PayrollParameters = {
  minimumWageCents: 62_020,
  maxInsurableCents: 211_164,
  employeeDoo: 8.38,
  employeeDooBefore1960: 10.58,
  employeeUpf: 2.2,
  employeeZo: 3.2,
  employerDoo: 10.92,
  employerDooBefore1960: 13.72,
  employerUpf: 2.8,
  employerZo: 4.8,
  employeePensionCivil: 6.58,
  employeePensionCivilBefore1960: 8.78,
  employerPensionCivil: 8.22,
  employerPensionCivilBefore1960: 11.02,
  incomeTax: 10,
  civilExpenses: 25,
  sickEmployerShare: 70,
  employerGvrs: 0.1,
  seniorityMinPercent: 0.6,
};

export interface PayrollInput {
  contract: ContractType;
  bornBefore1960: boolean;
  /** The agreed gross of a full month (a civil contract: its fee for the month). */
  grossCents: number;
  /** The month's working days (at least 1); ignored by civil contracts, as are the days below. */
  workingDays: number;
  /** The month's working days within the employment (start and end dates); default: all of them. */
  employedDays?: number;
  unpaidDays: number;
  sickDays: number;
  /** Of the sick days, those the employer pays (employerSickDays); default 0. */
  sickEmployerDays?: number;
  /** Bonuses: insurable and taxable (a civil contract: part of the fee). */
  bonusCents: number;
  /** The company's ТЗПБ rate, 0.4–1.1 % (employer only). */
  tzpbRate: number;
  /** Working hours a day under the contract (8 full time): the minimum income is in proportion. */
  hoursPerDay?: number;
  /** Years of service for the seniority bonus (labour contracts); default 0. */
  seniorityYears?: number;
  /** The seniority bonus per year, per cent of the basic salary; default 0 (none). */
  seniorityPercent?: number;
}

export interface PayrollResult {
  /** The month's working days within the employment. */
  employedDays: number;
  workedDays: number;
  /** Sick days paid by the employer (sickPayCents) and by НОИ (outside the payroll). */
  sickEmployerDays: number;
  sickNoiDays: number;
  earnedCents: number;
  /** The seniority bonus for the days worked (part of earnedCents). */
  seniorityBonusCents: number;
  sickPayCents: number;
  grossCents: number;
  insurableCents: number;
  employeeDooCents: number;
  employeeUpfCents: number;
  employeeZoCents: number;
  employeeContributionsCents: number;
  taxableCents: number;
  taxCents: number;
  netCents: number;
  employerDooCents: number;
  employerTzpbCents: number;
  employerGvrsCents: number;
  employerUpfCents: number;
  employerZoCents: number;
  employerContributionsCents: number;
  totalCostCents: number;
}

/** a × b ÷ c in cents, rounded half up (exact, in BigInt). */
function mulDiv(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** The month's salary of one employee. */
export function computePayroll(input: PayrollInput, p: PayrollParameters): PayrollResult {
  return input.contract === "civil" ? civil(input, p) : labour(input, p);
}

function labour(input: PayrollInput, p: PayrollParameters): PayrollResult {
  const old = input.bornBefore1960;
  const workingDays = Math.max(1, input.workingDays);
  const employedDays = Math.min(Math.max(0, input.employedDays ?? workingDays), workingDays);
  const unpaid = Math.min(Math.max(0, input.unpaidDays), employedDays);
  const sick = Math.min(Math.max(0, input.sickDays), employedDays - unpaid);
  const workedDays = employedDays - unpaid - sick;
  const sickEmployerDays = Math.min(Math.max(0, input.sickEmployerDays ?? 0), sick);
  const basicCents = mulDiv(input.grossCents, workedDays, workingDays);
  const seniorityBonusCents = input.contract === "labour" ? seniorityBonus(basicCents, input) : 0;
  const earnedCents = basicCents + seniorityBonusCents + input.bonusCents;
  const sickPayCents = mulDiv(
    input.grossCents * sickEmployerDays,
    Math.round(p.sickEmployerShare * 100),
    workingDays * 10_000,
  );
  const hours = input.hoursPerDay ?? 8;
  const minimum = mulDiv(p.minimumWageCents * hours, workedDays, workingDays * 8);
  const insurableCents =
    workedDays === 0 ? 0 : Math.min(Math.max(earnedCents, minimum), p.maxInsurableCents);
  const employeeDooCents = percentOf(insurableCents, old ? p.employeeDooBefore1960 : p.employeeDoo);
  const employeeUpfCents = old ? 0 : percentOf(insurableCents, p.employeeUpf);
  const employeeZoCents = percentOf(insurableCents, p.employeeZo);
  const employerDooCents = percentOf(insurableCents, old ? p.employerDooBefore1960 : p.employerDoo);
  const employerTzpbCents = percentOf(insurableCents, input.tzpbRate);
  // ГВРС: for labour contracts only (the fund guarantees claims of a labour relationship).
  const employerGvrsCents =
    input.contract === "labour" ? percentOf(insurableCents, p.employerGvrs) : 0;
  const employerUpfCents = old ? 0 : percentOf(insurableCents, p.employerUpf);
  const employerZoCents = percentOf(insurableCents, p.employerZo);
  return finish(
    {
      employedDays,
      workedDays,
      sickEmployerDays,
      sickNoiDays: sick - sickEmployerDays,
      earnedCents,
      seniorityBonusCents,
      sickPayCents,
      grossCents: earnedCents + sickPayCents,
      insurableCents,
      employeeDooCents,
      employeeUpfCents,
      employeeZoCents,
      employerDooCents,
      employerTzpbCents,
      employerGvrsCents,
      employerUpfCents,
      employerZoCents,
    },
    earnedCents + sickPayCents,
    p,
  );
}

function civil(input: PayrollInput, p: PayrollParameters): PayrollResult {
  const old = input.bornBefore1960;
  const fee = input.grossCents + input.bonusCents;
  const income = fee - percentOf(fee, p.civilExpenses);
  const insurableCents = income >= p.minimumWageCents ? Math.min(income, p.maxInsurableCents) : 0;
  const employeeDooCents = percentOf(
    insurableCents,
    old ? p.employeePensionCivilBefore1960 : p.employeePensionCivil,
  );
  const employeeUpfCents = old ? 0 : percentOf(insurableCents, p.employeeUpf);
  const employeeZoCents = percentOf(insurableCents, p.employeeZo);
  const employerDooCents = percentOf(
    insurableCents,
    old ? p.employerPensionCivilBefore1960 : p.employerPensionCivil,
  );
  const employerUpfCents = old ? 0 : percentOf(insurableCents, p.employerUpf);
  const employerZoCents = percentOf(insurableCents, p.employerZo);
  return finish(
    {
      employedDays: Math.max(1, input.employedDays ?? input.workingDays),
      workedDays: Math.max(1, input.employedDays ?? input.workingDays),
      sickEmployerDays: 0,
      sickNoiDays: 0,
      earnedCents: fee,
      seniorityBonusCents: 0,
      sickPayCents: 0,
      grossCents: fee,
      insurableCents,
      employeeDooCents,
      employeeUpfCents,
      employeeZoCents,
      employerDooCents,
      employerTzpbCents: 0,
      employerGvrsCents: 0,
      employerUpfCents,
      employerZoCents,
    },
    income,
    p,
  );
}

/** Contributions summed, the tax on (taxable base − contributions), net and the employer's cost. */
function finish(
  r: Omit<
    PayrollResult,
    | "employeeContributionsCents"
    | "taxableCents"
    | "taxCents"
    | "netCents"
    | "employerContributionsCents"
    | "totalCostCents"
  >,
  taxBaseCents: number,
  p: PayrollParameters,
): PayrollResult {
  const employeeContributionsCents = r.employeeDooCents + r.employeeUpfCents + r.employeeZoCents;
  const taxableCents = Math.max(0, taxBaseCents - employeeContributionsCents);
  const taxCents = percentOf(taxableCents, p.incomeTax);
  const employerContributionsCents =
    r.employerDooCents +
    r.employerTzpbCents +
    r.employerGvrsCents +
    r.employerUpfCents +
    r.employerZoCents;
  return {
    ...r,
    employeeContributionsCents,
    taxableCents,
    taxCents,
    netCents: r.grossCents - employeeContributionsCents - taxCents,
    employerContributionsCents,
    totalCostCents: r.grossCents + employerContributionsCents,
  };
}

/**
 * The seniority bonus of a month: years × per cent of the basic salary earned for the days worked,
 * rounded half up once (0 without years or a percentage).
 */
export function seniorityBonus(
  basicCents: number,
  input: Pick<PayrollInput, "seniorityYears" | "seniorityPercent">,
): number {
  const years = Math.max(0, Math.trunc(input.seniorityYears ?? 0));
  const percent = Math.max(0, input.seniorityPercent ?? 0);
  if (!years || !percent) return 0;
  // per cent with up to 2 decimals, exact: basic × years × (percent × 100) ÷ 10,000
  return mulDiv(basicCents * years, Math.round(percent * 100), 10_000);
}

/** Full years from a day to another (the years of service in this employment by a month's end). */
export function fullYearsBetween(from: string, to: string): number {
  if (to < from) return 0;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

/** The lowest agreed gross a labour or management contract may have (the minimum wage, part time in proportion). */
export function minimumGrossCents(p: PayrollParameters, hoursPerDay = 8): number {
  return mulDiv(p.minimumWageCents, hoursPerDay, 8);
}

export type DayField = "workingDays" | "unpaidDays" | "sickDays";

/**
 * Days that cannot be: fewer than one working day, a negative or fractional count, or more unpaid
 * and sick days than working days. Returns the message per field (empty when the days are fine);
 * computePayroll clamps such days rather than failing, so check them before saving.
 */
export function validateDays(
  input: Pick<PayrollInput, DayField>,
): Partial<Record<DayField, string>> {
  const problems: Partial<Record<DayField, string>> = {};
  if (!Number.isInteger(input.workingDays) || input.workingDays < 1) {
    problems.workingDays = PAYROLL_MESSAGES.workingDays;
  }
  for (const field of ["unpaidDays", "sickDays"] as const) {
    if (!Number.isInteger(input[field]) || input[field] < 0)
      problems[field] = PAYROLL_MESSAGES.days;
  }
  if (Object.keys(problems).length === 0 && input.unpaidDays + input.sickDays > input.workingDays) {
    problems.unpaidDays = PAYROLL_MESSAGES.tooManyAbsences;
  }
  return problems;
}

/** Contributions and tax of a month are due by the 25th of the next month. */
export function paymentDueDate(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-25` : `${y}-${String(m + 1).padStart(2, "0")}-25`;
}
