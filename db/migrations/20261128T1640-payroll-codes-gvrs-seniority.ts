import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Payroll ready to file (issue #41 item 3, decision 043): the employer's ГВРС contribution, the
// НКПД and КИД-2008 codes обр. 1 carries, and the seniority bonus.
export async function up(db: Kysely<any>): Promise<void> {
  // Dated data: the ГВРС rate (employer only) and the law's least seniority percentage per year
  // travel with the payroll parameters' row (valid_from/valid_to), as every other rate.
  await db.schema
    .alterTable("payroll_parameters")
    .addColumn("employer_gvrs", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(0).check(sql`employer_gvrs between 0 and 100`),
    )
    .addColumn("seniority_min_percent", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(0.6).check(sql`seniority_min_percent between 0 and 100`),
    )
    .execute();
  // ЗБДОО for 2026 (as every year's ЗБДОО since 2011): 0.1 % for фонд ГВРС, paid by the employer
  // (КСО чл. 6, ал. 3). Rows from 2011 on; earlier rows keep 0.
  await sql`update payroll_parameters set employer_gvrs = 0.1 where valid_from >= '2011-01-01'`.execute(
    db,
  );

  // КИД-2008 of the company's main economic activity (4 digits, «62.01» stored as «6201»).
  await db.schema
    .alterTable("companies")
    .addColumn("activity_code", "text", (c) => c.check(sql`activity_code ~ '^[0-9]{4}$'`))
    .execute();

  // НКПД code of the employee's position (8 digits) and the seniority bonus's inputs.
  await db.schema
    .alterTable("employees")
    .addColumn("occupation_code", "text", (c) => c.check(sql`occupation_code ~ '^[0-9]{8}$'`))
    .addColumn("seniority_years", "smallint", (c) =>
      c.notNull().defaultTo(0).check(sql`seniority_years between 0 and 70`),
    )
    .addColumn("seniority_percent", "numeric(5, 2)", (c) =>
      c.check(sql`seniority_percent between 0 and 100`),
    )
    .execute();

  // What a salary was computed with: its ГВРС rate and amount, its seniority years, percentage
  // and bonus. Salaries computed before keep 0 (their figures never change by themselves).
  await db.schema
    .alterTable("salaries")
    .addColumn("gvrs_rate", "numeric(5, 2)", (c) => c.notNull().defaultTo(0))
    .addColumn("employer_gvrs_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`employer_gvrs_cents >= 0`),
    )
    .addColumn("seniority_years", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("seniority_percent", "numeric(5, 2)", (c) => c.notNull().defaultTo(0))
    .addColumn("seniority_bonus_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`seniority_bonus_cents >= 0`),
    )
    .execute();
  // The employer's contributions now add ГВРС.
  await sql`alter table salaries drop constraint salaries_net`.execute(db);
  await sql`alter table salaries add constraint salaries_net check (
    net_cents + employee_contributions_cents + tax_cents = gross_cents
    and employee_contributions_cents = employee_doo_cents + employee_upf_cents + employee_zo_cents
    and employer_contributions_cents = employer_doo_cents + employer_tzpb_cents
      + employer_gvrs_cents + employer_upf_cents + employer_zo_cents
    and total_cost_cents = gross_cents + employer_contributions_cents
    and seniority_bonus_cents <= earned_cents)`.execute(db);

  for (const [column, comment] of [
    [
      "payroll_parameters.employer_gvrs",
      "ГВРС, фонд „Гарантирани вземания на работниците и служителите“, per cent of the insurable income, employer only (ЗБДОО of the year; КСО чл. 6, ал. 3).",
    ],
    [
      "payroll_parameters.seniority_min_percent",
      "The least seniority bonus per year of service, per cent of the basic salary (Наредба за структурата и организацията на работната заплата, чл. 12, ал. 1).",
    ],
    ["companies.activity_code", "КИД-2008 code of the main economic activity, 4 digits (обр. 1)."],
    ["employees.occupation_code", "НКПД code of the position, 8 digits (обр. 1)."],
    [
      "employees.seniority_years",
      "Full years of service and professional experience at hiring; the years in this employment are added month by month.",
    ],
    [
      "employees.seniority_percent",
      "Seniority bonus per year of service, per cent of the basic salary (null: no separate bonus).",
    ],
    ["salaries.gvrs_rate", "The ГВРС rate the salary was computed with (per cent)."],
    ["salaries.employer_gvrs_cents", "The employer's ГВРС contribution."],
    ["salaries.seniority_years", "The years of service the seniority bonus was computed for."],
    ["salaries.seniority_percent", "The seniority bonus per year, per cent."],
    [
      "salaries.seniority_bonus_cents",
      "The seniority bonus for the days worked (in earned_cents, insurable and taxable).",
    ],
  ] as const) {
    await sql`comment on column ${sql.raw(column)} is ${sql.lit(comment)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table salaries drop constraint salaries_net`.execute(db);
  await sql`alter table salaries add constraint salaries_net check (
    net_cents + employee_contributions_cents + tax_cents = gross_cents
    and employee_contributions_cents = employee_doo_cents + employee_upf_cents + employee_zo_cents
    and employer_contributions_cents = employer_doo_cents + employer_tzpb_cents + employer_upf_cents + employer_zo_cents
    and total_cost_cents = gross_cents + employer_contributions_cents)`.execute(db);
  await db.schema
    .alterTable("salaries")
    .dropColumn("gvrs_rate")
    .dropColumn("employer_gvrs_cents")
    .dropColumn("seniority_years")
    .dropColumn("seniority_percent")
    .dropColumn("seniority_bonus_cents")
    .execute();
  await db.schema
    .alterTable("employees")
    .dropColumn("occupation_code")
    .dropColumn("seniority_years")
    .dropColumn("seniority_percent")
    .execute();
  await db.schema.alterTable("companies").dropColumn("activity_code").execute();
  await db.schema
    .alterTable("payroll_parameters")
    .dropColumn("employer_gvrs")
    .dropColumn("seniority_min_percent")
    .execute();
}
