import { type Kysely, sql } from "kysely";
import { documentsWithClients } from "~/modules/invoices/list.server";
import { BGN_PER_EUR } from "~/utils/money";
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

const SIGN = sql<number>`case when documents.type = 'credit_note' then -1 else 1 end`;
/** Cents of the document in euro, rounded half up per document. */
const inEuro = (column: string) =>
  sql<number>`round(${sql.ref(column)} * case documents.currency when 'EUR' then 1 when 'BGN' then 1 / ${BGN_PER_EUR}::numeric else coalesce(documents.eur_rate, 0) end)`;

/** Revenue of the documents issued between from and to (inclusive). */
export async function revenue(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
): Promise<Revenue> {
  const rows = await db
    .selectFrom("documents")
    .select([
      "documents.currency",
      sql<number>`coalesce(sum(${SIGN} * documents.subtotal_cents), 0)`.as("netCents"),
      sql<number>`coalesce(sum(${SIGN} * documents.total_cents), 0)`.as("grossCents"),
      sql<number>`coalesce(sum(${SIGN} * ${inEuro("documents.subtotal_cents")}), 0)`.as(
        "netEurCents",
      ),
      sql<number>`coalesce(sum(${SIGN} * ${inEuro("documents.total_cents")}), 0)`.as(
        "grossEurCents",
      ),
    ])
    .where("documents.companyId", "=", companyId)
    .where("documents.status", "=", "issued")
    .where("documents.type", "in", ["invoice", "debit_note", "credit_note"])
    .where("documents.issueDate", ">=", from)
    .where("documents.issueDate", "<=", to)
    .groupBy("documents.currency")
    .orderBy("documents.currency")
    .execute();
  const currencies = rows.map((r) => ({
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

/** What clients owe on issued invoices and debit notes, and the part past its due date. */
export async function receivables(db: Kysely<Database>, companyId: string, today: string) {
  const open = sql<number>`greatest(documents.total_cents - documents.paid_cents, 0)`;
  const [totals, oldest] = await Promise.all([
    db
      .selectFrom("documents")
      .select([
        "documents.currency",
        sql<number>`count(*)`.as("count"),
        sql<number>`coalesce(sum(${open}), 0)`.as("unpaidCents"),
        sql<number>`count(*) filter (where documents.due_date < ${today}::date)`.as("overdueCount"),
        sql<number>`coalesce(sum(${open}) filter (where documents.due_date < ${today}::date), 0)`.as(
          "overdueCents",
        ),
      ])
      .where("documents.companyId", "=", companyId)
      .where("documents.status", "=", "issued")
      .where("documents.type", "in", ["invoice", "debit_note"])
      .where(sql<boolean>`documents.paid_cents < documents.total_cents`)
      .groupBy("documents.currency")
      .orderBy("documents.currency")
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
        sql<number>`${open}`.as("openCents"),
      ])
      .where("documents.status", "=", "issued")
      .where("documents.type", "in", ["invoice", "debit_note"])
      .where(sql<boolean>`documents.paid_cents < documents.total_cents`)
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

/** The company's ten newest documents (drafts too), for the dashboard. */
export function latestDocuments(db: Kysely<Database>, companyId: string) {
  return documentsWithClients(db, companyId)
    .select([
      "documents.id",
      "documents.type",
      "documents.status",
      "documents.number",
      "documents.issueDate",
      "documents.currency",
      "documents.totalCents",
      "clients.name as clientName",
    ])
    .orderBy("documents.createdAt", "desc")
    .orderBy("documents.id", "desc")
    .limit(10)
    .execute();
}

/**
 * The VAT registration threshold valid on a day (ЗДДС чл. 96: EUR 51,130 from 2026), from the
 * dated rows of vat_registration_thresholds.
 */
export function vatThreshold(db: Kysely<Database>, day: string) {
  return db
    .selectFrom("vatRegistrationThresholds")
    .select(["amountCents", "validFrom", "applyWithinDays"])
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
}
