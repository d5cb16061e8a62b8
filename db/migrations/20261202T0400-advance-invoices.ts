import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 2 (decision 074): advance invoices. An invoice for an advance payment (чл. 25,
// ал. 7 ЗДДС) is marked `advance`; the final invoice deducts it by a line of its own that refers
// to it, with a negative amount at the advance's rate, so its VAT is the net of the deduction.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("documents")
    .addColumn("advance", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`alter table documents add constraint documents_advance_invoice
    check (not advance or type = 'invoice')`.execute(db);
  await sql`comment on column documents.advance is
    'An invoice for an advance payment (чл. 25, ал. 7 ЗДДС): posted to 412, deducted by a later invoice''s line (document_lines.advance_id).'`.execute(
    db,
  );
  await db.schema
    .alterTable("document_lines")
    .addColumn("advance_id", "uuid", (c) => c.references("documents.id").onDelete("restrict"))
    .execute();
  await sql`alter table document_lines add constraint document_lines_advance_negative
    check (advance_id is null or (net_cents < 0 and advance_id <> document_id))`.execute(db);
  await sql`comment on column document_lines.advance_id is
    'The advance invoice this line deducts (its net is minus the base deducted, at the advance''s rate); null for any other line.'`.execute(
    db,
  );
  // What is left of an advance: its base less the lines of issued invoices that deduct it.
  await db.schema
    .createIndex("document_lines_advance_idx")
    .on("document_lines")
    .columns(["company_id", "advance_id"])
    .where(sql.ref("advance_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("document_lines_advance_idx").execute();
  await db.schema.alterTable("document_lines").dropColumn("advance_id").execute();
  await sql`alter table documents drop constraint documents_advance_invoice`.execute(db);
  await db.schema.alterTable("documents").dropColumn("advance").execute();
}
