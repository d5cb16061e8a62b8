import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #48 item 1 (decision 078): an offer's e-mails go through the documents' mail queue. Each
// send is a `document_emails` row of kind 'offer' that names the offer instead of a document: the
// same states, tries, hourly limit and history as an invoice's e-mails. Exactly one of
// document_id / offer_id is set, by the kind; the offer must be the e-mail's company's (the
// composite key, on a new unique (company_id, id) of offers).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table offers add constraint offers_company_id_key unique (company_id, id)`.execute(
    db,
  );
  await sql`alter table document_emails alter column document_id drop not null`.execute(db);
  await sql`alter table document_emails add column offer_id uuid`.execute(db);
  await sql`alter table document_emails add constraint document_emails_offer_fkey
    foreign key (company_id, offer_id) references offers (company_id, id) on delete cascade`.execute(
    db,
  );
  await sql`alter table document_emails drop constraint document_emails_kind_check`.execute(db);
  await sql`alter table document_emails add constraint document_emails_kind_check
    check (kind in ('document', 'reminder', 'offer'))`.execute(db);
  await sql`alter table document_emails add constraint document_emails_source_check check (
    case when kind = 'offer' then offer_id is not null and document_id is null
         else document_id is not null and offer_id is null end)`.execute(db);
  await sql`create index document_emails_offer on document_emails (offer_id, created_at desc)
    where offer_id is not null`.execute(db);
  await sql`comment on column document_emails.offer_id is ${sql.lit(
    "The offer this e-mail sends (kind 'offer'; document_id is then null); null for a document's e-mail or reminder.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from document_emails where kind = 'offer'`.execute(db);
  await sql`drop index if exists document_emails_offer`.execute(db);
  await sql`alter table document_emails drop constraint document_emails_source_check`.execute(db);
  await sql`alter table document_emails drop constraint document_emails_kind_check`.execute(db);
  await sql`alter table document_emails add constraint document_emails_kind_check
    check (kind in ('document', 'reminder'))`.execute(db);
  await sql`alter table document_emails drop column offer_id`.execute(db);
  await sql`alter table document_emails alter column document_id set not null`.execute(db);
  await sql`alter table offers drop constraint offers_company_id_key`.execute(db);
}
