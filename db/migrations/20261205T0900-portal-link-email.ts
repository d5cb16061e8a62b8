import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Decision 071's follow-up: a portal link made for an e-mail («Плати с карта» in an invoice's
// e-mail, an offer's link to answer) names that e-mail, so the client's page can say which e-mail
// made it instead of showing a link without a maker. The e-mail must be the link's company's (a
// composite key on a new unique (company_id, id) of document_emails); deleting the e-mail keeps
// the link and forgets its origin.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table document_emails add constraint document_emails_company_id_key
    unique (company_id, id)`.execute(db);
  await sql`alter table portal_links add column document_email_id uuid`.execute(db);
  await sql`alter table portal_links add constraint portal_links_document_email_fkey
    foreign key (company_id, document_email_id) references document_emails (company_id, id)
    on delete set null (document_email_id)`.execute(db);
  await sql`create index portal_links_document_email on portal_links (document_email_id)
    where document_email_id is not null`.execute(db);
  await sql`comment on column portal_links.document_email_id is ${sql.lit(
    "The e-mail this link was made for (an invoice's «Плати с карта», an offer's answer); null for a link a person made, and for e-mail links made before 30.11.2026.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists portal_links_document_email`.execute(db);
  await sql`alter table portal_links drop column document_email_id`.execute(db);
  await sql`alter table document_emails drop constraint document_emails_company_id_key`.execute(db);
}
