import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { OpenedDatabase } from "~db/client";

// The bench's data set (issue #17), shared by run.ts and the ladder: 1,000 companies, 10,000
// clients, 100,000 documents and 100,000 expenses for the measured company (the first one).
// BENCH_DOCUMENTS sets the measured company's documents (issue #44 item 9: the list at 1,000,000).

export const COMPANIES = 1_000;
export const CLIENTS = 10_000;
export const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
export const EXPENSES = 100_000;

/** Seeds the data set; returns the id of the measured company. */
export async function seed(database: OpenedDatabase): Promise<string> {
  const { db } = database;
  const started = performance.now();
  const companyIds: string[] = [];
  for (let offset = 0; offset < COMPANIES; offset += 500) {
    const rows = Array.from({ length: Math.min(500, COMPANIES - offset) }, (_, i) => ({
      name: `Фирма ${offset + i}`,
      companyType: "company" as const,
      eik: String(100_000_000 + offset + i),
      address: "ул. Шипка 5",
      city: "София",
      postalCode: "1000",
      email: `c${offset + i}@example.bg`,
    }));
    companyIds.push(
      ...(await db.insertInto("companies").values(rows).returning("id").execute()).map((r) => r.id),
    );
  }
  const target = companyIds[0]!;
  const others = companyIds.slice(1);
  const clientRows = [
    ...Array.from({ length: CLIENTS }, (_, i) => ({
      companyId: target,
      name: `Клиент ${i} ООД`,
      eik: String(200_000_000 + i),
    })),
    ...others.flatMap((companyId, c) =>
      Array.from({ length: 10 }, (_, i) => ({
        companyId,
        name: `Чужд клиент ${c}-${i}`,
        eik: null,
      })),
    ),
  ];
  for (let offset = 0; offset < clientRows.length; offset += 1_000) {
    await db
      .insertInto("clients")
      .values(
        clientRows
          .slice(offset, offset + 1_000)
          .map((r) => ({ ...r, kind: "company" as const, address: "ул. 1", city: "София" })),
      )
      .execute();
  }
  await seedDocuments(database, target);
  await seedExpenses(database, target);
  // Autovacuum would gather statistics and set the visibility map on a live server; freshly seeded
  // tables have neither: without statistics the planner sorts all 10,000 clients instead of walking
  // the index, and without the map the totals cannot be read from the covering index alone.
  await sql`vacuum analyze`.execute(db);
  console.log(
    `  seeded ${COMPANIES} companies, ${clientRows.length} clients in ${Math.round(performance.now() - started)} ms`,
  );
  return target;
}

/**
 * 100,000 documents for the measured company (invoices, every 20th a credit note, every 50th
 * cancelled, every 100th a draft; two lines each; over seven years, one client in 10,000 each)
 * and 10 for each other company, written by SQL in the database for speed.
 */
export async function seedDocuments(database: OpenedDatabase, target: string) {
  const { db } = database;
  const started = performance.now();
  const insert = (companyId: string, count: number, from = 1, to = count) =>
    sql`
    with c as (
      select id, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from clients where company_id = ${companyId}
    )
    insert into documents (company_id, type, status, number, client_id, issue_date, due_date,
      currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at, cancelled_at, cancel_reason)
    select ${companyId}::uuid,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      case when g % 100 = 1 then 'draft' when g % 50 = 0 then 'cancelled' else 'issued' end,
      case when g % 100 = 1 then null else lpad(g::text, 10, '0') end,
      c.id,
      date '2020-01-01' + (g::bigint * 2555 / ${count})::int,
      date '2020-01-15' + (g::bigint * 2555 / ${count})::int,
      'EUR', 10000, 2000, 12000,
      case when g % 3 = 0 then 12000 when g % 3 = 1 then 5000 else 0 end,
      now(), case when g % 50 = 0 then now() end, case when g % 50 = 0 then 'грешка' end
    from generate_series(${from}::int, ${to}::int) g join c on c.rn = g % c.n`.execute(db);
  // In statements of 50,000: the triggers keep one totals row per company and currency, and a row
  // updated n times in one transaction is a chain of n versions each update walks (1,000,000 in
  // one statement ran over 15 minutes); between statements PostgreSQL prunes the chain.
  for (let from = 1; from <= DOCUMENTS; from += 50_000) {
    await insert(target, DOCUMENTS, from, Math.min(from + 49_999, DOCUMENTS));
  }
  const others = await db.selectFrom("companies").select("id").where("id", "<>", target).execute();
  for (const { id } of others) await insert(id, 10);
  await sql`insert into document_lines (document_id, company_id, position, description, quantity,
      unit, unit_price, discount_percent, vat_rate, net_cents)
    select d.id, d.company_id, p, 'Услуга по договор, етап ' || (p + 1), 1, 'бр.', 50, 0, 20, 5000
    from documents d cross join generate_series(0, 1) p`.execute(db);
  await db
    .insertInto("documentCounters")
    .values({ companyId: target, series: "tax", lastNumber: DOCUMENTS })
    .execute();
  console.log(
    `  seeded ${DOCUMENTS + others.length * 10} documents (${DOCUMENTS} in one company), two lines each, in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * 100,000 expenses for the measured company (over seven years, 2,000 suppliers, every 20th a credit
 * note, every third unpaid; one or two VAT rates each) and 10 for each other company, by SQL.
 */
export async function seedExpenses(database: OpenedDatabase, target: string) {
  const { db } = database;
  const started = performance.now();
  await sql`insert into expense_categories (company_id, code, name, position)
    select c.id, 'other', 'Други', 0 from companies c`.execute(db);
  await sql`insert into suppliers (company_id, name, eik)
    select ${target}::uuid, 'Доставчик ' || g || ' ООД', (300000000 + g)::text
    from generate_series(1, 2000) g`.execute(db);
  const insert = (companyId: string, count: number) =>
    sql`
    with s as (
      select id, name, eik, row_number() over (order by id) - 1 as rn, count(*) over () as n
      from suppliers where company_id = ${companyId}
    ), c as (select id from expense_categories where company_id = ${companyId} limit 1)
    insert into expenses (company_id, supplier_id, supplier_name, supplier_eik, document_type,
      document_number, document_date, description, category_id, currency, subtotal_cents, vat_cents,
      total_cents, vat_credit, creditable_vat_cents, payment_method, paid_on, due_date)
    select ${companyId}::uuid, s.id, coalesce(s.name, 'Доставчик'), s.eik,
      case when g % 20 = 0 then 'credit_note' else 'invoice' end,
      lpad(g::text, 10, '0'), date '2020-01-01' + (g * 2555 / ${count})::int,
      'Покупка ' || g, (select id from c), 'EUR',
      case when g % 2 = 0 then 11000 else 10000 end, case when g % 2 = 0 then 2090 else 2000 end,
      case when g % 2 = 0 then 13090 else 12000 end, 'full',
      case when g % 2 = 0 then 2090 else 2000 end,
      case when g % 3 = 0 then null else 'bank' end,
      case when g % 3 = 0 then null else date '2020-01-01' + (g * 2555 / ${count})::int end,
      case when g % 3 = 0 then date '2020-01-31' + (g * 2555 / ${count})::int end
    from generate_series(1, ${count}) g left join s on s.rn = g % greatest(s.n, 1)`.execute(db);
  // Other companies have no suppliers: their 10 expenses name one in text only.
  await insert(target, EXPENSES);
  const others = await db.selectFrom("companies").select("id").where("id", "<>", target).execute();
  for (const { id } of others) {
    await sql`insert into expenses (company_id, supplier_name, document_type, document_number,
        document_date, description, category_id, subtotal_cents, vat_cents, total_cents)
      select ${id}::uuid, 'Доставчик', 'receipt', g::text, date '2026-01-01' + g, 'Покупка',
        (select id from expense_categories where company_id = ${id}), 1000, 200, 1200
      from generate_series(1, 10) g`.execute(db);
  }
  await sql`insert into expense_amounts (company_id, expense_id, vat_rate, base_cents, vat_cents,
      sign, document_date, currency)
    select e.company_id, e.id, 20, 10000, 2000,
      case when e.document_type = 'credit_note' then -1 else 1 end, e.document_date, e.currency
    from expenses e`.execute(db);
  await sql`insert into expense_amounts (company_id, expense_id, vat_rate, base_cents, vat_cents,
      sign, document_date, currency)
    select e.company_id, e.id, 9, 1000, 90,
      case when e.document_type = 'credit_note' then -1 else 1 end, e.document_date, e.currency
    from expenses e where e.subtotal_cents = 11000`.execute(db);
  // The month totals the app keeps on every write, built here in one go as the migration does.
  await sql`insert into expense_month_totals
    select company_id, date_trunc('month', document_date)::date, currency, count(*),
      sum(s * subtotal_cents), sum(s * vat_cents), sum(s * total_cents), sum(s * creditable_vat_cents),
      coalesce(sum(s * total_cents) filter (where paid_on is null), 0)
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s from expenses) e
    group by 1, 2, 3`.execute(db);
  await sql`insert into expense_month_rates
    select company_id, date_trunc('month', document_date)::date, currency, coalesce(vat_rate, -1),
      sum(sign * base_cents), sum(sign * vat_cents)
    from expense_amounts group by 1, 2, 3, 4`.execute(db);
  await sql`insert into expense_month_categories
    select company_id, date_trunc('month', document_date)::date, category_id, count(*),
      sum(s * subtotal_cents), sum(s * total_cents), sum(s * creditable_vat_cents)
    from (select *, case when document_type = 'credit_note' then -1 else 1 end as s from expenses) e
    group by 1, 2, 3`.execute(db);
  console.log(
    `  seeded ${EXPENSES + others.length * 10} expenses (${EXPENSES} in one company) in ${Math.round(performance.now() - started)} ms`,
  );
}
