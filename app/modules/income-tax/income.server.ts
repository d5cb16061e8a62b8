import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { type PayerKind, payerKindOf } from "./rules";

/*
 * A freelancer's income as ЗДДФЛ counts it (decision 076): what was received, on the day it was
 * received — the payments recorded on the issued invoices and debit notes, never what was only
 * invoiced. A payment includes the document's VAT, which is no income: each payment counts in the
 * share of the document's amount without VAT. Amounts in euro (BGN at the fixed 1.95583, another
 * currency at the document's rate).
 */

/** One payer's income received in a period. */
export interface PayerIncome {
  clientId: string;
  /** As on the documents (their client snapshot), else as the client is now. */
  name: string;
  eik: string | null;
  kind: PayerKind;
  cents: number;
}

/** The income received from `from` to `to` (days included), per payer, largest first. */
export async function incomeByPayer(
  db: Kysely<Database>,
  companyId: string,
  from: string,
  to: string,
): Promise<PayerIncome[]> {
  const rows = await db
    .selectFrom("documentPayments as p")
    .innerJoin("documents as d", (join) =>
      join.onRef("d.id", "=", "p.documentId").onRef("d.companyId", "=", "p.companyId"),
    )
    .innerJoin("clients as c", (join) =>
      join.onRef("c.id", "=", "d.clientId").onRef("c.companyId", "=", "d.companyId"),
    )
    .select([
      "c.id as clientId",
      "c.kind",
      "c.countryCode",
      sql<string>`coalesce(max(d.client_snapshot ->> 'name'), c.name)`.as("name"),
      sql<string | null>`coalesce(max(d.client_snapshot ->> 'eik'), c.eik)`.as("eik"),
      // The payment without the document's VAT, in euro, rounded half up per payment.
      sql<string>`sum(round(p.amount_cents::numeric
        * case when d.total_cents = 0 then 1 else d.subtotal_cents::numeric / d.total_cents end
        * case d.currency when 'EUR' then 1 when 'BGN' then 1 / 1.95583 else coalesce(d.eur_rate, 0) end))`.as(
        "cents",
      ),
    ])
    .where("p.companyId", "=", companyId)
    .where("p.paidOn", ">=", from)
    .where("p.paidOn", "<=", to)
    .where("d.status", "=", "issued")
    .where("d.type", "in", ["invoice", "debit_note"])
    .groupBy(["c.id", "c.kind", "c.countryCode", "c.name", "c.eik"])
    .execute();
  return rows
    .map((r) => ({
      clientId: r.clientId,
      name: r.name,
      eik: r.eik || null,
      kind: payerKindOf(r.kind, r.countryCode),
      cents: Number(r.cents),
    }))
    .filter((r) => r.cents !== 0)
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name, "bg"));
}

/** The company's kind, name and the person's figures for the year (decision 076). */
export async function taxpayer(db: Kysely<Database>, companyId: string, year: number) {
  const [company, entered] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["companyType", "name", "eik"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("incomeTaxYears")
      .select([
        "contributionsCents",
        "selfInsuredDeclared",
        "zkpoIncreasesCents",
        "zkpoDecreasesCents",
        "advancesPaidCents",
      ])
      .where("companyId", "=", companyId)
      .where("year", "=", year)
      .executeTakeFirst(),
  ]);
  return {
    ...company,
    contributionsCents: Number(entered?.contributionsCents ?? 0),
    selfInsuredDeclared: entered?.selfInsuredDeclared ?? false,
    soleTrader: {
      increasesCents: Number(entered?.zkpoIncreasesCents ?? 0),
      decreasesCents: Number(entered?.zkpoDecreasesCents ?? 0),
      advancesPaidCents: Number(entered?.advancesPaidCents ?? 0),
    },
  };
}

/** What the person enters for a year: a freelancer's (076) or a sole trader's (080) fields. */
export type TaxYearValues =
  | { contributionsCents: number; selfInsuredDeclared: boolean }
  | { zkpoIncreasesCents: number; zkpoDecreasesCents: number; advancesPaidCents: number };

/** Keeps the person's figures for a year (the forms on /taxes/annual); the other kind's stay. */
export async function saveTaxYear(
  db: Kysely<Database>,
  companyId: string,
  userId: string,
  year: number,
  values: TaxYearValues,
) {
  await db
    .insertInto("incomeTaxYears")
    .values({ companyId, year, ...values, updatedBy: userId })
    .onConflict((oc) =>
      oc.columns(["companyId", "year"]).doUpdateSet({
        ...values,
        updatedBy: userId,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}
