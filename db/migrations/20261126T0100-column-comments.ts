import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// What db/types.ts said by hand about these columns and tables now lives in the database, so the
// generated types (kysely-codegen prints column comments) and psql's \d+ say it (issue #26).
const columns: [string, string][] = [
  ["companies.tzpb_rate", "ТЗПБ, the work-accident rate in per cent (0.4–1.1)."],
  [
    "companies.is_operator",
    "The operator's own company (admins' books); left out of the customer figures.",
  ],
  [
    "companies.default_payment_term_days",
    "A default for the company's new documents (copied from the admin's when it was made).",
  ],
  [
    "companies.default_language",
    "A default for the company's new documents (copied from the admin's when it was made).",
  ],
  [
    "companies.default_notes",
    "A default for the company's new documents (copied from the admin's when it was made).",
  ],
  [
    "companies.document_footer",
    "Printed at the bottom of every document (frozen in the supplier snapshot when issued).",
  ],
  ["users.locked_at", "A locked login cannot sign in (set by an admin)."],
  [
    "sessions.impersonator_id",
    "The admin who opened this customer session (impersonation), or null.",
  ],
  [
    "document_emails.send_after",
    "Waiting for the company's hourly limit until then (null: counted, or never held back).",
  ],
  [
    "recurring_invoices.template",
    "The document as the JSON API has it, without dates (re-read by documentSchema each run).",
  ],
  ["vat_filing_settings.filer_role", "R: представляващ; A: пълномощник."],
  ["documents.recurring_id", "The recurring invoice that made this document."],
  ["documents.occurrence_on", "The recurring invoice's occurrence this document was made for."],
  [
    "catalogue_items.unit_price",
    "Without VAT, with the scale of a line's unit price (4 decimals).",
  ],
  ["catalogue_items.vat_rate", "Whole per cent; null: VAT not charged."],
  ["expense_categories.code", "The default category's key (null for the company's own)."],
  ["expense_amounts.vat_rate", "20, 9, 0, or null for a document without VAT."],
  ["expense_amounts.sign", "-1 for a credit note, 1 otherwise."],
  ["expense_month_totals.month", "The month's first day."],
  ["expense_month_rates.vat_rate_key", "20, 9, 0, or -1 for no VAT."],
  ["document_month_totals.month", "The month's first day."],
  ["document_list_totals.total_cents", "Issued documents, credit notes negative."],
  ["salaries.month", "yyyy-MM"],
];

const tables: [string, string][] = [
  [
    "catalogue_items",
    "A good or service of a company's catalogue: a document line is filled from it.",
  ],
  [
    "document_month_totals",
    "Revenue of a month per currency (kept by the documents_keep_totals trigger).",
  ],
  [
    "document_list_totals",
    "The unfiltered /invoices totals per currency (every document counted), kept by a trigger.",
  ],
  [
    "document_open_totals",
    "Open invoices and debit notes per due date ('infinity' without one), kept by the trigger.",
  ],
  [
    "client_open_totals",
    "What each client owes in euro on open invoices and debit notes, kept by the trigger.",
  ],
  [
    "expense_month_categories",
    "Expenses of a month per category, in euro (kept with expense_month_totals).",
  ],
  ["vat_rates", "A VAT rate in whole per cent, valid from a day (to a day, or open)."],
  [
    "vat_grounds",
    "A legal ground printed when VAT is 0 or not charged, as printed, with what it means.",
  ],
  [
    "banks_bg",
    "Banks licensed in Bulgaria by their IBAN bank code (BNB list, dated rows; decision 014).",
  ],
  ["vies_checks", "VIES answers per VAT number (country code + number), kept a day."],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, text] of columns) {
    await sql`comment on column ${sql.raw(column)} is ${sql.lit(text)}`.execute(db);
  }
  for (const [table, text] of tables) {
    await sql`comment on table ${sql.raw(table)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [column] of columns) {
    await sql`comment on column ${sql.raw(column)} is null`.execute(db);
  }
  await sql`comment on column document_emails.send_after is 'waiting for the hourly limit until'`.execute(
    db,
  );
  for (const [table] of tables) {
    await sql`comment on table ${sql.raw(table)} is null`.execute(db);
  }
}
