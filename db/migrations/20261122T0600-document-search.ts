import type { Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

export async function up(db: Kysely<any>): Promise<void> {
  // Search by document number inside one company (the unique index leads with the series).
  await db.schema
    .createIndex("documents_company_number_idx")
    .on("documents")
    .columns(["company_id", "number"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("documents_company_number_idx").execute();
}
