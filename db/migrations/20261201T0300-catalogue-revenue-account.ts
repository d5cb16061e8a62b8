import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #45 item 2, decision 065: a document's line remembers the catalogue item it was filled
// from, and an item may name the revenue account its sales are posted to (702 goods, 703
// services, 704…). Both references stay inside the company (composite keys); an item deleted
// later (only with its company, today) leaves its lines as they are, without the link.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index catalogue_items_company_id_key on catalogue_items (company_id, id)`.execute(
    db,
  );
  await sql`alter table catalogue_items add column revenue_account text,
    add constraint catalogue_items_revenue_account_fkey foreign key (company_id, revenue_account)
      references ledger_accounts (company_id, code)`.execute(db);
  await sql`comment on column catalogue_items.revenue_account is ${sql.lit(
    "The revenue account (70x of the company's chart) a line of this item is posted to; null: the company's rule «revenue» (703 by default). Read when a document is posted, so a change holds from then on.",
  )}`.execute(db);
  await sql`alter table document_lines add column catalogue_item_id uuid,
    add constraint document_lines_catalogue_item_fkey foreign key (company_id, catalogue_item_id)
      references catalogue_items (company_id, id) on delete set null (catalogue_item_id)`.execute(
    db,
  );
  await sql`comment on column document_lines.catalogue_item_id is ${sql.lit(
    "The company's catalogue item the line was filled from (the editor's pick or the API's catalogueItemId); null: typed by hand, or the item is gone.",
  )}`.execute(db);
  await sql`create index document_lines_catalogue_item on document_lines (catalogue_item_id)
    where catalogue_item_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists document_lines_catalogue_item`.execute(db);
  await sql`alter table document_lines drop column if exists catalogue_item_id`.execute(db);
  await sql`alter table catalogue_items drop column if exists revenue_account`.execute(db);
  await sql`drop index if exists catalogue_items_company_id_key`.execute(db);
}
