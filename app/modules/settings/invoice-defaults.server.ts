import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { BUILT_IN_DEFAULTS, type InvoiceDefaults } from "./invoice-defaults";

/*
 * Defaults of new documents: the admin's for new companies (app_settings 'invoice_defaults'), and
 * each company's own copy (companies.default_*), which its editor uses.
 */

/** The app_settings key of the admin's defaults. */
export const INVOICE_DEFAULTS_KEY = "invoice_defaults";
const LANGUAGES = new Set(["bg", "en", "bilingual"]);

/** The admin's defaults for new companies; the built-in ones for whatever is unset or unreadable. */
export async function getInvoiceDefaults(db: Kysely<Database>): Promise<InvoiceDefaults> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", INVOICE_DEFAULTS_KEY)
    .executeTakeFirst();
  const stored = (row?.value ?? {}) as Partial<Record<keyof InvoiceDefaults, unknown>>;
  const days = stored.paymentTermDays;
  return {
    paymentTermDays:
      typeof days === "number" && Number.isInteger(days) && days >= 0 && days <= 365
        ? days
        : BUILT_IN_DEFAULTS.paymentTermDays,
    language:
      typeof stored.language === "string" && LANGUAGES.has(stored.language)
        ? (stored.language as InvoiceDefaults["language"])
        : BUILT_IN_DEFAULTS.language,
    notes: typeof stored.notes === "string" && stored.notes ? stored.notes : null,
    footer: typeof stored.footer === "string" && stored.footer ? stored.footer : null,
  };
}

/**
 * The company columns a new company starts with, from the admin's defaults: spread them into
 * every `insertInto("companies").values({...})` (registration, admin-created customers, seed).
 */
export async function newCompanyDefaults(db: Kysely<Database>) {
  const defaults = await getInvoiceDefaults(db);
  return {
    defaultPaymentTermDays: defaults.paymentTermDays,
    defaultLanguage: defaults.language,
    defaultNotes: defaults.notes,
    documentFooter: defaults.footer,
  };
}

/** A company's own defaults, as its /settings form shows them. */
export async function companyInvoiceDefaults(
  db: Kysely<Database>,
  companyId: string,
): Promise<InvoiceDefaults> {
  const row = await db
    .selectFrom("companies")
    .select(["defaultPaymentTermDays", "defaultLanguage", "defaultNotes", "documentFooter"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return {
    paymentTermDays: row.defaultPaymentTermDays,
    language: row.defaultLanguage,
    notes: row.defaultNotes,
    footer: row.documentFooter,
  };
}

/** Saves a company's own defaults (documents already issued keep the footer they were issued with). */
export async function setCompanyInvoiceDefaults(
  db: Kysely<Database>,
  companyId: string,
  values: InvoiceDefaults,
): Promise<void> {
  await db
    .updateTable("companies")
    .set({
      defaultPaymentTermDays: values.paymentTermDays,
      defaultLanguage: values.language,
      defaultNotes: values.notes,
      documentFooter: values.footer,
      updatedAt: new Date(),
    })
    .where("id", "=", companyId)
    .execute();
}
