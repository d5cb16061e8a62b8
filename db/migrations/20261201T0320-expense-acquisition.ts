import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 065: a protocol under чл. 117 says what it documents — an intra-Community acquisition
// of goods (чл. 84 ЗДДС: the sales journal's кол. 13, 02-12) or a supply received under чл. 82,
// ал. 2–6 (services and the rest: кол. 14, 02-26). Null for any other document, and for the
// protocols recorded before (read as services, as they were filed).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table expenses add column acquisition text
    check (acquisition in ('goods', 'services'))`.execute(db);
  await sql`comment on column expenses.acquisition is ${sql.lit(
    "A protocol under чл. 117: goods (ВОП, чл. 84 — кол. 13, 02-12) or services and other supplies under чл. 82, ал. 2–6 (кол. 14, 02-26); null otherwise.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table expenses drop column if exists acquisition`.execute(db);
}
