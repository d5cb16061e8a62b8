import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 063: the chart's SAF-T codes checked against НАП's nomenclature of accounts
// (NRA_Nom_Accounts, Приложение № 2 to the order of 25.07.2025, as published with the 1.0.1 schema
// in katehonz/barasurya-BG, FILE/SAFT_BG/NRA_Nom_Accounts.csv, commit 63f19fa). Seven template
// accounts had a code the nomenclature does not have or gives another meaning: 601, 602 and 609
// are split there into 60101–60105, 60201–60212 and 60901–60909 (the general «other» one is taken);
// НЗОК is 463, not 461; «Приходи от финансирания» is 708 (704 is rent); and the nomenclature's
// 4538 is VAT to be refunded, 4539 VAT to be paid — the other way round from the chart's names.
// A correction is new dated template data (decision 057): the old rows end, new rows start on
// 2026-01-01 (the first SAF-T month). A company's account still carrying the old code (or an
// analytic account under it that took it) gets the new one; a code the accountant set stays.

const SOURCE =
  "Номенклатурата на сметките на НАП (NRA_Nom_Accounts, Приложение № 2 към заповедта от 25.07.2025, SAF-T 1.0.1), по публикуваното копие в katehonz/barasurya-BG (FILE/SAFT_BG/NRA_Nom_Accounts.csv, 63f19fa); решение 063";

// code, old SAF-T code, new SAF-T code
const CORRECTIONS: [string, string, string][] = [
  ["4538", "4538", "4539"],
  ["4539", "4539", "4538"],
  ["4613", "461", "463"],
  ["601", "601", "60105"],
  ["602", "602", "60212"],
  ["609", "609", "60909"],
  ["704", "704", "708"],
];

const FROM = "2026-01-01";

async function apply(db: Kysely<any>, rows: [string, string, string][], source: string) {
  for (const [code, from, to] of rows) {
    // The row in force ends where the corrected one starts.
    await sql`insert into ledger_account_templates
        (code, name, side, analytics, saft_code, valid_from, source)
      select code, name, side, analytics, ${to}, ${FROM}, ${source}
      from ledger_account_templates
      where code = ${code} and saft_code = ${from} and valid_to is null`.execute(db);
    await sql`update ledger_account_templates set valid_to = ${FROM}
      where code = ${code} and saft_code = ${from} and valid_to is null`.execute(db);
  }
  // One statement, so that 4538 and 4539 trade codes on the values they had before.
  const cases = sql.join(
    rows.map(
      ([code, from, to]) =>
        sql`when split_part(code, '-', 1) = ${code} and saft_code = ${from} then ${to}`,
    ),
    sql` `,
  );
  const matches = sql.join(
    rows.map(([code, from]) => sql`(split_part(code, '-', 1) = ${code} and saft_code = ${from})`),
    sql` or `,
  );
  await sql`update ledger_accounts set saft_code = case ${cases} else saft_code end, updated_at = now()
    where ${matches}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await apply(db, CORRECTIONS, SOURCE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from ledger_account_templates where valid_from = ${FROM} and source = ${SOURCE}`.execute(
    db,
  );
  for (const [code, from] of CORRECTIONS) {
    await sql`update ledger_account_templates set valid_to = null
      where code = ${code} and saft_code = ${from} and valid_to = ${FROM}`.execute(db);
  }
  const back: [string, string, string][] = CORRECTIONS.map(([code, from, to]) => [code, to, from]);
  const cases = sql.join(
    back.map(
      ([code, from, to]) =>
        sql`when split_part(code, '-', 1) = ${code} and saft_code = ${from} then ${to}`,
    ),
    sql` `,
  );
  const matches = sql.join(
    back.map(([code, from]) => sql`(split_part(code, '-', 1) = ${code} and saft_code = ${from})`),
    sql` or `,
  );
  await sql`update ledger_accounts set saft_code = case ${cases} else saft_code end
    where ${matches}`.execute(db);
}
