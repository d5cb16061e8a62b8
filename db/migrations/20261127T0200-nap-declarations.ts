import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Декларации обр. 1 и обр. 6 for НАП (issue #27, decision 024): the file format versions and
// НАП's bank accounts are dated rows an admin can add to, never constants in the code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("nap_declaration_formats")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("valid_from", "date", (c) => c.notNull().unique())
    .addColumn("valid_to", "date")
    .addColumn("form1_file_name", "text", (c) =>
      c.notNull().check(sql`form1_file_name ~ '^[A-Z0-9_]{1,40}\\.TXT$'`),
    )
    .addColumn("form1_tag", "text", (c) => c.notNull().check(sql`form1_tag ~ '^[A-Z0-9]{1,20}$'`))
    .addColumn("form6_file_name", "text", (c) =>
      c.notNull().check(sql`form6_file_name ~ '^[A-Z0-9_]{1,40}\\.TXT$'`),
    )
    .addColumn("form6_tag", "text", (c) => c.notNull().check(sql`form6_tag ~ '^[A-Z0-9]{1,20}$'`))
    .addColumn("payment_type_payroll", "smallint", (c) =>
      c.notNull().check(sql`payment_type_payroll between 1 and 9`),
    )
    .addColumn("payment_type_contracts", "smallint", (c) =>
      c.notNull().check(sql`payment_type_contracts between 1 and 9`),
    )
    .addColumn("insured_type_labour", "text", (c) =>
      c.notNull().check(sql`insured_type_labour ~ '^[0-9]{2}$'`),
    )
    .addColumn("insured_type_management", "text", (c) =>
      c.notNull().check(sql`insured_type_management ~ '^[0-9]{2}$'`),
    )
    .addColumn("insured_type_civil", "text", (c) =>
      c.notNull().check(sql`insured_type_civil ~ '^[0-9]{2}$'`),
    )
    .addColumn("confirmed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "nap_declaration_formats_period",
      sql`valid_to is null or valid_to >= valid_from`,
    )
    .execute();
  await sql`insert into nap_declaration_formats (valid_from, form1_file_name, form1_tag,
      form6_file_name, form6_tag, payment_type_payroll, payment_type_contracts,
      insured_type_labour, insured_type_management, insured_type_civil, confirmed, note)
    values ('2021-01-01', 'EMPL2021.TXT', 'NRAD12008', 'NRA62007.TXT', 'NRAD62007', 5, 4,
      '01', '10', '14', false,
      'Спецификацията на НАП не е получена: полетата след 7-о на обр. 1 и видът плащане на обр. 6 са непотвърдени (решение 024)')`.execute(
    db,
  );

  await db.schema
    .createTable("nap_payment_accounts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('tax', 'doo', 'zo', 'dzpo', 'enforcement')`),
    )
    .addColumn("valid_from", "date", (c) => c.notNull())
    .addColumn("valid_to", "date")
    .addColumn("iban", "text", (c) =>
      c.notNull().check(sql`iban ~ '^BG[0-9]{2}[A-Z]{4}[0-9A-Z]{14}$'`),
    )
    .addColumn("confirmed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("nap_payment_accounts_kind_from", ["kind", "valid_from"])
    .addCheckConstraint(
      "nap_payment_accounts_period",
      sql`valid_to is null or valid_to >= valid_from`,
    )
    .execute();
  await sql`insert into nap_payment_accounts (kind, valid_from, iban, confirmed, note) values
    ('tax', '2023-10-01', 'BG88BNBG96618000195001', true, 'Данъци, вкл. данък по чл. 42 ЗДДФЛ'),
    ('doo', '2023-10-01', 'BG97BNBG96618000112001', true, 'ДОО (вкл. ТЗПБ)'),
    ('zo', '2023-10-01', 'BG16BNBG96618000112101', true, 'Здравно осигуряване'),
    ('dzpo', '2023-10-01', 'BG65BNBG96618000111801', true, 'ДЗПО (УПФ и ППФ)'),
    ('enforcement', '2023-10-01', 'BG34BNBG96618000195003', true, 'Принудително събиране')`.execute(
    db,
  );

  const comments: [string, string][] = [
    [
      "nap_declaration_formats",
      "НАП's file format of обр. 1 and обр. 6, by the period declared (decision 024).",
    ],
    [
      "nap_declaration_formats.form1_file_name",
      "The name of обр. 1's file (the year in it is the format version, not the period).",
    ],
    [
      "nap_declaration_formats.form1_tag",
      "The last field of every обр. 1 record (the format tag).",
    ],
    [
      "nap_declaration_formats.form6_tag",
      "The last field of every обр. 6 record (the format tag).",
    ],
    [
      "nap_declaration_formats.payment_type_payroll",
      "обр. 6 т. 8 «вид плащане» of the month's labour and management contracts.",
    ],
    [
      "nap_declaration_formats.payment_type_contracts",
      "обр. 6 т. 8 «вид плащане» of civil contracts.",
    ],
    [
      "nap_declaration_formats.insured_type_labour",
      "обр. 1 т. 12 «вид осигурен» of a labour contract.",
    ],
    ["nap_declaration_formats.confirmed", "Checked against НАП's published specification."],
    ["nap_payment_accounts", "НАП's accounts at the БНБ by obligation, dated (decision 024)."],
    [
      "nap_payment_accounts.kind",
      "tax: данъци; doo: ДОО; zo: здравно осигуряване; dzpo: ДЗПО; enforcement: принудително събиране.",
    ],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("nap_payment_accounts").ifExists().execute();
  await db.schema.dropTable("nap_declaration_formats").ifExists().execute();
}
