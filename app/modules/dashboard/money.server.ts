import { type Kysely, sql } from "kysely";
import {
  DUE_CENTS,
  documentsWithClients,
  PROFORMA_CONVERTED,
  RECEIVABLE,
} from "~/modules/invoices/list.server";
import { documentState } from "~/modules/invoices/payments.server";
import { VIES_COUNTRIES } from "~/modules/reference/vies";
import type { Database } from "~db/types";

/*
 * The business's money for the dashboard: revenue of a period (issued invoices and debit notes
 * minus credit notes; proformas, drafts and cancelled documents are not revenue), what clients
 * owe and what is overdue, and the VAT registration threshold. Every figure per currency, with
 * the euro total (BGN at the fixed 1.95583, other currencies at the document's rate).
 */

export interface RevenueLine {
  currency: string;
  netCents: number;
  grossCents: number;
  /** The same in euro. */
  netEurCents: number;
  grossEurCents: number;
}

export interface Revenue {
  currencies: RevenueLine[];
  netEurCents: number;
  grossEurCents: number;
}

/**
 * Revenue of the whole months from `from` to `to` (yyyy-mm-dd days inside them), from the month
 * totals the documents trigger keeps (migration 20261123T0300).
 */
export async function revenue(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
): Promise<Revenue> {
  const rows = await db
    .selectFrom("documentMonthTotals")
    .select((eb) => [
      "currency",
      eb.fn.sum<number>("count").as("count"),
      eb.fn.sum<number>("netCents").as("netCents"),
      eb.fn.sum<number>("grossCents").as("grossCents"),
      eb.fn.sum<number>("netEurCents").as("netEurCents"),
      eb.fn.sum<number>("grossEurCents").as("grossEurCents"),
    ])
    .where("companyId", "=", companyId)
    .where("month", ">=", `${from.slice(0, 7)}-01`)
    .where("month", "<=", `${to.slice(0, 7)}-01`)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  const currencies = rows
    .filter((r) => Number(r.count) > 0)
    .map((r) => ({
      currency: r.currency,
      netCents: Number(r.netCents),
      grossCents: Number(r.grossCents),
      netEurCents: Number(r.netEurCents),
      grossEurCents: Number(r.grossEurCents),
    }));
  return {
    currencies,
    netEurCents: currencies.reduce((s, c) => s + c.netEurCents, 0),
    grossEurCents: currencies.reduce((s, c) => s + c.grossEurCents, 0),
  };
}

/**
 * What clients owe (RECEIVABLE: issued invoices and debit notes, never a proforma) and the part
 * past its due date, from the rows the documents trigger keeps (document_open_totals).
 */
export async function receivables(db: Kysely<Database>, companyId: string, today: string) {
  const [totals, oldest] = await Promise.all([
    db
      .selectFrom("documentOpenTotals")
      .select((eb) => [
        "currency",
        eb.fn.sum<number>("count").as("count"),
        eb.fn.sum<number>("openCents").as("unpaidCents"),
        sql<number>`coalesce(sum(count) filter (where due_date < ${today}::date), 0)`.as(
          "overdueCount",
        ),
        sql<number>`coalesce(sum(open_cents) filter (where due_date < ${today}::date), 0)`.as(
          "overdueCents",
        ),
      ])
      .where("companyId", "=", companyId)
      .groupBy("currency")
      .orderBy("currency")
      .execute(),
    documentsWithClients(db, companyId)
      .select([
        "documents.id",
        "documents.type",
        "documents.number",
        "documents.issueDate",
        "documents.dueDate",
        "documents.currency",
        "clients.name as clientName",
        // Still due after payments and credit notes: the one definition (issue #41).
        sql<number>`${DUE_CENTS}`.as("openCents"),
      ])
      .where(RECEIVABLE)
      .where(sql<boolean>`${DUE_CENTS} > 0`)
      .where("documents.dueDate", "<", today)
      .orderBy("documents.dueDate")
      .orderBy("documents.id")
      .limit(5)
      .execute(),
  ]);
  return {
    currencies: totals.map((r) => ({
      currency: r.currency,
      count: Number(r.count),
      unpaidCents: Number(r.unpaidCents),
      overdueCount: Number(r.overdueCount),
      overdueCents: Number(r.overdueCents),
    })),
    oldestOverdue: oldest.map((d) => ({ ...d, openCents: Number(d.openCents) })),
  };
}

/**
 * The company's ten newest documents (drafts too), for the dashboard, each with its payment's
 * state as of `today` (issue #31 item 5: «Платен», not «Издаден»).
 */
export async function latestDocuments(
  db: Kysely<Database>,
  companyId: string,
  today: string,
  createdBy: string | null = null,
) {
  let query = documentsWithClients(db, companyId);
  // Staff who see only their own documents.
  if (createdBy) query = query.where("documents.createdBy", "=", createdBy);
  const rows = await query
    .select([
      "documents.id",
      "documents.type",
      "documents.status",
      "documents.number",
      "documents.issueDate",
      "documents.dueDate",
      "documents.currency",
      "documents.totalCents",
      "documents.dueCents",
      "clients.name as clientName",
      // A proforma made into an invoice is «Превърната във фактура», not unpaid (issue #41).
      PROFORMA_CONVERTED.as("converted"),
    ])
    .orderBy("documents.createdAt", "desc")
    .orderBy("documents.id", "desc")
    .limit(10)
    .execute();
  return rows.map(({ dueCents, dueDate, ...doc }) => ({
    ...doc,
    state: documentState({ ...doc, dueCents, dueDate }, today),
  }));
}

/**
 * The VAT registration threshold valid on a day (ЗДДС чл. 96, ал. 1: EUR 51 130 from 2026,
 * decision 040), from the dated rows of vat_registration_thresholds, with its legal source.
 */
export function vatThreshold(db: Kysely<Database>, day: string) {
  return db
    .selectFrom("vatRegistrationThresholds")
    .select(["amountCents", "validFrom", "applyWithinDays", "note"])
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The member states other than Bulgaria, by the ISO codes clients are kept with. */
const OTHER_EU_STATES = [
  ...VIES_COUNTRIES.filter((c) => c !== "BG" && c !== "EL" && c !== "XI"),
  "GR",
];

/**
 * The invoices the company issued from `from` to `to` to a business established in another
 * member state (a «foreign_company» client of an EU country): how many, and their amount without
 * VAT in euro. A company not registered for VAT must register under ЗДДС чл. 97а, ал. 2 before it
 * supplies such a business a service whose tax the recipient pays (чл. 21, ал. 2), whatever its
 * turnover; and such a supply is not turnover in the country (чл. 96, ал. 1; decision 076).
 */
export async function documentsToEuBusinesses(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
) {
  const row = await db
    .selectFrom("documents as d")
    .innerJoin("clients as c", (join) =>
      join.onRef("c.id", "=", "d.clientId").onRef("c.companyId", "=", "d.companyId"),
    )
    .select((eb) => [
      eb.fn.countAll<string>().as("count"),
      sql<string>`coalesce(sum(round(d.subtotal_cents * case d.currency when 'EUR' then 1
        when 'BGN' then 1 / 1.95583 else coalesce(d.eur_rate, 0) end)), 0)`.as("netEurCents"),
    ])
    .where("d.companyId", "=", companyId)
    .where("d.status", "=", "issued")
    .where("d.type", "=", "invoice")
    .where("d.issueDate", ">=", from)
    .where("d.issueDate", "<=", to)
    .where("c.kind", "=", "foreign_company")
    .where("c.countryCode", "in", OTHER_EU_STATES)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), netEurCents: Number(row?.netEurCents ?? 0) };
}
