import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 3 (decision 079): a domestic reverse charge (чл. 163а ЗДДС) records which part of
// Приложение № 2 the supply falls under — Част I (waste, scrap …) or Част II (grain and
// industrial crops) — because НАП's files ask for it: PRODAGBI.TXT 02-27 and POKUPKI.TXT 03-45
// are "01" and "02". Existing rows stay null: the journal asks for the choice rather than guess.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("expenses")
    .addColumn("reverse_charge_annex_part", "text", (c) =>
      c.check(sql`reverse_charge_annex_part in ('I', 'II')`),
    )
    .execute();
  await sql`comment on column expenses.reverse_charge_annex_part is ${sql.lit(
    "With reverse_charge (чл. 163а ЗДДС): the part of Приложение № 2 the supply falls under, I or II (NAP's files' code 01 or 02); null otherwise or not yet chosen.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("expenses").dropColumn("reverse_charge_annex_part").execute();
}
