import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Payroll parameters as dated data: a month is computed with the row valid on its last day.
  // Rates in per cent; the admin area edits them (issue #14).
  await db.schema
    .createTable("payroll_parameters")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("valid_from", "date", (c) => c.notNull().unique())
    .addColumn("valid_to", "date")
    .addColumn("minimum_wage_cents", "bigint", (c) => c.notNull())
    .addColumn("max_insurable_cents", "bigint", (c) => c.notNull())
    .addColumn("max_insurable_confirmed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("employee_doo", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employee_doo_before1960", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employee_upf", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employee_zo", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_doo", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_doo_before1960", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_upf", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_zo", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employee_pension_civil", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employee_pension_civil_before1960", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_pension_civil", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("employer_pension_civil_before1960", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("income_tax", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("civil_expenses", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("sick_employer_share", sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn("sick_employer_days", "smallint", (c) => c.notNull())
    .addColumn("tzpb_min", sql`numeric(4, 2)`, (c) => c.notNull())
    .addColumn("tzpb_max", sql`numeric(4, 2)`, (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "payroll_parameters_period",
      sql`valid_to is null or valid_to >= valid_from`,
    )
    .execute();
  await sql`insert into payroll_parameters (valid_from, minimum_wage_cents, max_insurable_cents,
      max_insurable_confirmed, employee_doo, employee_doo_before1960, employee_upf, employee_zo,
      employer_doo, employer_doo_before1960, employer_upf, employer_zo, employee_pension_civil,
      employee_pension_civil_before1960, employer_pension_civil, employer_pension_civil_before1960,
      income_tax, civil_expenses, sick_employer_share, sick_employer_days, tzpb_min, tzpb_max, note)
    values ('2026-01-01', 62020, 211164, false, 8.38, 10.58, 2.20, 3.20, 10.92, 13.72, 2.80, 4.80,
      6.58, 8.78, 8.22, 11.02, 10, 25, 70, 3, 0.40, 1.10,
      'Максималният осигурителен доход за 2026 г. е непотвърден: 4 130 лв., преизчислени в евро')`.execute(
    db,
  );

  // Official days off (Кодекс на труда чл. 154): the working days of a month are its weekdays
  // without them. Decrees that move working days are entered on the salary itself.
  await db.schema
    .createTable("public_holidays")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await sql`insert into public_holidays (day, name) values
    ('2026-01-01', 'Нова година'), ('2026-03-03', 'Ден на Освобождението'),
    ('2026-04-10', 'Разпети петък'), ('2026-04-11', 'Велика събота'),
    ('2026-04-12', 'Великден'), ('2026-04-13', 'Великден'),
    ('2026-05-01', 'Ден на труда'), ('2026-05-06', 'Гергьовден'),
    ('2026-05-25', 'Ден на културата (24 май)'), ('2026-09-07', 'Ден на Съединението (6 септември)'),
    ('2026-09-22', 'Ден на Независимостта'), ('2026-12-24', 'Бъдни вечер'),
    ('2026-12-25', 'Рождество Христово'), ('2026-12-28', 'Рождество Христово (26 декември)'),
    ('2027-01-01', 'Нова година'), ('2027-03-03', 'Ден на Освобождението'),
    ('2027-04-30', 'Разпети петък'), ('2027-05-01', 'Ден на труда и Велика събота'),
    ('2027-05-02', 'Великден'), ('2027-05-03', 'Великден'), ('2027-05-04', 'Ден на труда (1 май)'),
    ('2027-05-06', 'Гергьовден'), ('2027-05-24', 'Ден на културата'),
    ('2027-09-06', 'Ден на Съединението'), ('2027-09-22', 'Ден на Независимостта'),
    ('2027-12-24', 'Бъдни вечер'), ('2027-12-27', 'Рождество Христово (25 декември)'),
    ('2027-12-28', 'Рождество Христово (26 декември)')`.execute(db);

  // The company's work-accident rate (ТЗПБ, 0.4–1.1 % by its main activity).
  await db.schema
    .alterTable("companies")
    .addColumn("tzpb_rate", sql`numeric(4, 2)`, (c) =>
      c.notNull().defaultTo(0.4).check(sql`tzpb_rate >= 0.4 and tzpb_rate <= 1.1`),
    )
    .execute();

  await db.schema
    .createTable("employees")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("id_kind", "text", (c) => c.notNull().check(sql`id_kind in ('egn', 'lnch')`))
    .addColumn("id_number", "text", (c) => c.notNull())
    .addColumn("birth_date", "date")
    .addColumn("born_before1960", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("position", "text", (c) => c.notNull())
    .addColumn("contract_type", "text", (c) =>
      c.notNull().check(sql`contract_type in ('labour', 'management', 'civil')`),
    )
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date")
    .addColumn("gross_cents", "bigint", (c) => c.notNull().check(sql`gross_cents >= 0`))
    .addColumn("hours_per_day", "smallint", (c) =>
      c.notNull().defaultTo(8).check(sql`hours_per_day between 1 and 12`),
    )
    .addColumn("iban", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("employees_dates", sql`end_date is null or end_date >= start_date`)
    .execute();
  await sql`create unique index employees_company_id_key on employees (company_id, id)`.execute(db);
  await sql`create unique index employees_company_number_key on employees (company_id, id_number)`.execute(
    db,
  );
  await sql`create index employees_company_name_idx on employees (company_id, lower(name), id)`.execute(
    db,
  );

  // One salary per employee and month, with the figures as computed (and the inputs they came from).
  await db.schema
    .createTable("salaries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("employee_id", "uuid", (c) => c.notNull())
    .addColumn("month", "char(7)", (c) =>
      c.notNull().check(sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`status in ('draft', 'approved', 'paid')`),
    )
    .addColumn("employee_name", "text", (c) => c.notNull())
    .addColumn("contract_type", "text", (c) =>
      c.notNull().check(sql`contract_type in ('labour', 'management', 'civil')`),
    )
    .addColumn("born_before1960", "boolean", (c) => c.notNull())
    .addColumn("parameters_id", "uuid", (c) => c.notNull().references("payroll_parameters.id"))
    .addColumn("tzpb_rate", sql`numeric(4, 2)`, (c) => c.notNull())
    .addColumn("agreed_gross_cents", "bigint", (c) => c.notNull())
    .addColumn("working_days", "smallint", (c) =>
      c.notNull().check(sql`working_days between 1 and 31`),
    )
    .addColumn("unpaid_days", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("sick_days", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("bonus_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("worked_days", "smallint", (c) => c.notNull())
    .addColumn("earned_cents", "bigint", (c) => c.notNull())
    .addColumn("sick_pay_cents", "bigint", (c) => c.notNull())
    .addColumn("gross_cents", "bigint", (c) => c.notNull())
    .addColumn("insurable_cents", "bigint", (c) => c.notNull())
    .addColumn("employee_doo_cents", "bigint", (c) => c.notNull())
    .addColumn("employee_upf_cents", "bigint", (c) => c.notNull())
    .addColumn("employee_zo_cents", "bigint", (c) => c.notNull())
    .addColumn("employee_contributions_cents", "bigint", (c) => c.notNull())
    .addColumn("taxable_cents", "bigint", (c) => c.notNull())
    .addColumn("tax_cents", "bigint", (c) => c.notNull())
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("employer_doo_cents", "bigint", (c) => c.notNull())
    .addColumn("employer_tzpb_cents", "bigint", (c) => c.notNull())
    .addColumn("employer_upf_cents", "bigint", (c) => c.notNull())
    .addColumn("employer_zo_cents", "bigint", (c) => c.notNull())
    .addColumn("employer_contributions_cents", "bigint", (c) => c.notNull())
    .addColumn("total_cost_cents", "bigint", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      "salaries_employee_fkey",
      ["company_id", "employee_id"],
      "employees",
      ["company_id", "id"],
      (fk) => fk.onDelete("restrict"),
    )
    .addCheckConstraint(
      "salaries_net",
      sql`net_cents + employee_contributions_cents + tax_cents = gross_cents
        and employee_contributions_cents = employee_doo_cents + employee_upf_cents + employee_zo_cents
        and employer_contributions_cents = employer_doo_cents + employer_tzpb_cents + employer_upf_cents + employer_zo_cents
        and total_cost_cents = gross_cents + employer_contributions_cents`,
    )
    .addCheckConstraint(
      "salaries_days",
      sql`unpaid_days >= 0 and sick_days >= 0 and unpaid_days + sick_days <= working_days`,
    )
    .execute();
  await sql`create unique index salaries_company_employee_month_key on salaries (company_id, employee_id, month)`.execute(
    db,
  );
  await sql`create unique index salaries_company_id_key on salaries (company_id, id)`.execute(db);
  await sql`create index salaries_company_month_idx on salaries (company_id, month)`.execute(db);

  // What a company dismissed for a month: the reminder banner, the copy-last-month prompt.
  await db.schema
    .createTable("salary_dismissals")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("month", "char(7)", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('banner', 'copy_prompt')`))
    .addColumn("dismissed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("salary_dismissals_pkey", ["company_id", "month", "kind"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("salary_dismissals").execute();
  await db.schema.dropTable("salaries").execute();
  await db.schema.dropTable("employees").execute();
  await db.schema.alterTable("companies").dropColumn("tzpb_rate").execute();
  await db.schema.dropTable("public_holidays").execute();
  await db.schema.dropTable("payroll_parameters").execute();
}
