import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Part months and employer-paid sick days (issue #27 item 0, decision 023).
export async function up(db: Kysely<any>): Promise<void> {
  // КСО чл. 40, ал. 5: the employer pays the first working days of an incapacity, how many by
  // the day it began (3 until 31.12.2023, 2 since 01.01.2024). Dated data the admin area edits.
  await db.schema
    .createTable("sick_leave_rules")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("valid_from", "date", (c) => c.notNull().unique())
    .addColumn("employer_days", "smallint", (c) =>
      c.notNull().check(sql`employer_days between 0 and 30`),
    )
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into sick_leave_rules (valid_from, employer_days, note) values
    ('2000-01-01', 3, 'Първите 3 работни дни за неработоспособност, настъпила до 31.12.2023 г. (по-ранните редакции не са въведени)'),
    ('2024-01-01', 2, 'КСО чл. 40, ал. 5 от 01.01.2024 г.: първите 2 работни дни за неработоспособност, настъпила след 31.12.2023 г.')`.execute(
    db,
  );

  // Without 6 months of insurance the employer pays no sick days (КСО чл. 40, ал. 5 with ал. 1).
  await db.schema
    .alterTable("employees")
    .addColumn("insured_six_months", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  // What a salary needs for the part month and the sick days, and what обр. 1 reads.
  await db.schema
    .alterTable("salaries")
    .addColumn("employed_days", "smallint", (c) =>
      c.check(sql`employed_days between 0 and working_days`),
    )
    .addColumn("sick_from", "date")
    .addColumn("sick_employer_days", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("sick_noi_days", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("first_insured_day", "date")
    .addColumn("last_insured_day", "date")
    .execute();
  await sql`
    update salaries s set
      employed_days = s.working_days,
      sick_employer_days = case when s.contract_type = 'civil' then 0
        else least(s.sick_days, p.sick_employer_days) end,
      sick_noi_days = case when s.contract_type = 'civil' then 0
        else s.sick_days - least(s.sick_days, p.sick_employer_days) end,
      first_insured_day = greatest(e.start_date, (s.month || '-01')::date),
      last_insured_day = least(coalesce(e.end_date, 'infinity'::date),
        ((s.month || '-01')::date + interval '1 month' - interval '1 day')::date)
    from payroll_parameters p, employees e
    where p.id = s.parameters_id and e.id = s.employee_id and e.company_id = s.company_id
  `.execute(db);
  await sql`alter table salaries add constraint salaries_sick_days
    check (sick_employer_days >= 0 and sick_noi_days >= 0
      and sick_employer_days + sick_noi_days = sick_days or contract_type = 'civil')`.execute(db);

  // The month's parameters no longer say the employer's days: the rule above does, by the day
  // the incapacity began.
  await db.schema.alterTable("payroll_parameters").dropColumn("sick_employer_days").execute();

  for (const [column, comment] of [
    [
      "sick_leave_rules.valid_from",
      "An incapacity that began on or after this day (until the next rule) follows the rule.",
    ],
    [
      "sick_leave_rules.employer_days",
      "The first working days of the incapacity the employer pays (КСО чл. 40, ал. 5).",
    ],
    [
      "employees.insured_six_months",
      "At least 6 months of insurance: without them the employer pays no sick days.",
    ],
    [
      "salaries.employed_days",
      "The month's working days within the employment (start and end dates).",
    ],
    [
      "salaries.sick_from",
      "The day the incapacity of the month's sick days began (null: in the month).",
    ],
    ["salaries.sick_employer_days", "Sick days the employer pays (sick_pay_cents)."],
    ["salaries.sick_noi_days", "Sick days НОИ pays (outside the payroll)."],
    ["salaries.first_insured_day", "The first day of the month in employment."],
    ["salaries.last_insured_day", "The last day of the month in employment."],
  ] as const) {
    await sql`comment on column ${sql.raw(column)} is ${sql.lit(comment)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payroll_parameters")
    .addColumn("sick_employer_days", "smallint", (c) => c.notNull().defaultTo(3))
    .execute();
  await sql`alter table salaries drop constraint if exists salaries_sick_days`.execute(db);
  await db.schema
    .alterTable("salaries")
    .dropColumn("employed_days")
    .dropColumn("sick_from")
    .dropColumn("sick_employer_days")
    .dropColumn("sick_noi_days")
    .dropColumn("first_insured_day")
    .dropColumn("last_insured_day")
    .execute();
  await db.schema.alterTable("employees").dropColumn("insured_six_months").execute();
  await db.schema.dropTable("sick_leave_rules").execute();
}
