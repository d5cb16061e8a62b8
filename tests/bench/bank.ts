import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { CompanyUser } from "~/modules/auth/session.server";
import { importStatement } from "~/modules/bank/import.server";
import { MatchIndex, type OpenDocument } from "~/modules/bank/ranking";
import { closeStatementPool } from "~/modules/bank/reader.server";
import { openPostgres } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { type SampleMovement, writeMt940 } from "../setup/bank-statements";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { CLIENTS, DOCUMENTS, seedDocuments } from "./seed";
import { fmt, record } from "./table";

// `BENCH_ONLY=bank npm run bench` (issue #30 item 7): a 10,000-line MT940 statement imported
// against a company of 100,000 documents on PostgreSQL — read (in the worker pool: it is ~3 MB),
// the account checked, keys, the index of open documents, the ranking, the writes — under 10 s;
// and the ranking alone at two sizes (1,000 movements × 10,000 documents and 10,000 × 100,000),
// whose cost per movement must stay flat (linear growth).

const LINES = 10_000;

/** Movements paying the bench's open invoices: named exactly, split, typo'd, by amount only. */
function movements(
  open: { number: string; due: number; client: number }[],
  count: number,
): SampleMovement[] {
  const list: SampleMovement[] = [];
  for (let i = 0; i < count; i++) {
    const doc = open[(i * 7919) % open.length]!;
    const kind = i % 10;
    const reason =
      kind < 6
        ? `ПО Ф-РА ${doc.number}/05.11.2026`
        : kind < 8
          ? `ПЛАЩАНЕ ФАКТУРА ${Number(doc.number) + 1_000_000}`
          : "ПЛАЩАНЕ ПО ДОГОВОР";
    list.push({
      day: `2026-11-${String(1 + (i % 28)).padStart(2, "0")}`,
      direction: i % 25 === 0 ? "debit" : "credit",
      cents: kind === 9 ? doc.due - 100 : doc.due,
      name: `КЛИЕНТ ${doc.client} ООД`,
      iban: null,
      reason,
      reference: `B${i}`,
    });
  }
  return list;
}

/** The ranking alone (no database): µs per movement at a size. */
function rankingAt(documents: number, count: number) {
  const docs: OpenDocument[] = Array.from({ length: documents }, (_, i) => ({
    id: `d${i}`,
    type: "invoice",
    number: i + 1,
    clientId: `c${i % Math.max(1, documents / 10)}`,
    currency: "EUR",
    grossDueCents: 1000 + (i % 5000),
    netDueCents: 1000 + (i % 5000),
    dueDate: `2026-11-${String(1 + (i % 28)).padStart(2, "0")}`,
    invoiceId: null,
  }));
  const clients = Array.from({ length: Math.max(1, documents / 10) }, (_, i) => ({
    id: `c${i}`,
    name: `Клиент ${i} ООД`,
    eik: String(200_000_000 + i),
    vatNumber: null,
  }));
  const started = performance.now();
  const index = new MatchIndex({
    documents: docs,
    clients,
    payees: [],
    expenses: [],
    rules: [],
    napAccounts: [],
  });
  const built = performance.now();
  let suggested = 0;
  for (let i = 0; i < count; i++) {
    const doc = docs[(i * 7919) % docs.length]!;
    const found = index.rank({
      direction: "credit",
      amountCents: doc.netDueCents,
      currency: "EUR",
      bookedOn: "2026-11-15",
      counterpartyName: `КЛИЕНТ ${doc.clientId.slice(1)} ООД`,
      counterpartyIban: null,
      reason: i % 2 ? `ПО Ф-РА ${String(doc.number).padStart(10, "0")}` : "ПЛАЩАНЕ",
    });
    if (found.length) suggested++;
  }
  const ended = performance.now();
  return {
    buildMs: built - started,
    rankMs: ended - built,
    perMovementUs: ((ended - built) * 1000) / count,
    suggested,
  };
}

export async function benchBank() {
  console.log(`\nBank statements: ${fmt(LINES)} movements against ${fmt(DOCUMENTS)} documents`);
  const small = rankingAt(10_000, 1_000);
  const large = rankingAt(100_000, 10_000);
  for (const [label, r] of [
    ["1,000 × 10,000", small],
    ["10,000 × 100,000", large],
  ] as const) {
    console.log(
      `  ranking ${label.padEnd(18)} index ${fmt(r.buildMs, 1)} ms, rank ${fmt(r.rankMs, 1)} ms (${fmt(r.perMovementUs, 1)} µs a movement, ${fmt(r.suggested)} suggested)`,
    );
  }
  const growth = large.perMovementUs / small.perMovementUs;
  record({
    part: "bank",
    measure: "ranking µs/movement: 1k×10k → 10k×100k",
    app: `${fmt(small.perMovementUs, 1)} → ${fmt(large.perMovementUs, 1)} µs`,
    baseline: "linear: the same per movement",
    ratio: growth,
    ratioLabel: "large/small",
    goal: "≤ 2 (linear)",
    met: growth <= 2,
  });

  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_bench_bank");
  const database = openPostgres(await createDatabase(serverUrl, name), 10);
  const { db } = database;
  try {
    await migrateToLatest(db);
    const company = await db
      .insertInto("companies")
      .values({
        name: "Банка Бенч ЕООД",
        companyType: "company",
        eik: "100000001",
        address: "ул. Шипка 5",
        city: "София",
        postalCode: "1000",
        email: "bank@example.bg",
        bankIban: "BG80BNBG96611020345678",
        subscriptionPlan: "standard",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto("users")
      .values({
        companyId: company.id,
        email: "bank@example.bg",
        passwordHash: "!bench",
        firstName: "Бенч",
        lastName: "Банка",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`insert into clients (company_id, kind, name, eik, address, city)
      select ${company.id}::uuid, 'company', 'Клиент ' || g || ' ООД', (200000000 + g)::text, 'ул. 1', 'София'
      from generate_series(0, ${CLIENTS - 1}) g`.execute(db);
    await seedDocuments(database, company.id);
    await sql`vacuum analyze`.execute(db);
    const open = await sql<{ number: string; due: number; client: string }>`
      select d.number, (d.total_cents - d.paid_cents)::int as due, c.name as client
      from documents d join clients c on c.id = d.client_id
      where d.company_id = ${company.id} and d.status = 'issued' and d.type = 'invoice'
        and d.paid_cents < d.total_cents
      order by d.number limit 20000`.execute(db);
    const rows = open.rows.map((r) => ({
      number: r.number,
      due: Number(r.due),
      client: Number(r.client.replace(/\D/g, "")),
    }));
    const text = writeMt940({
      iban: "BG80BNBG96611020345678",
      openingDay: "2026-11-01",
      openingCents: 100_000_000,
      movements: movements(rows, LINES),
    });
    const bytes = new TextEncoder().encode(text);
    const actor = {
      user: {
        id: user.id,
        email: "bank@example.bg",
        firstName: "Бенч",
        lastName: "Банка",
        companyId: company.id,
        companyRole: "owner",
      } as unknown as CompanyUser,
      context: { db, clientIp: "127.0.0.1" },
    };
    const started = performance.now();
    const result = await importStatement(actor, { fileName: "bench.sta", bytes }, null);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  import of ${fmt(bytes.length / 1024 / 1024, 1)} MB: ${fmt(result.imported)} movements, ${fmt(result.suggested)} suggested, in ${fmt(seconds, 2)} s`,
    );
    const again = performance.now();
    const second = await importStatement(actor, { fileName: "bench.sta", bytes }, null);
    console.log(
      `  re-import: ${second.message} in ${fmt((performance.now() - again) / 1000, 2)} s`,
    );
    record({
      part: "bank",
      measure: `import ${fmt(LINES)} lines × ${fmt(DOCUMENTS)} documents (PostgreSQL)`,
      app: `${fmt(seconds, 2)} s, ${fmt(result.suggested)} suggested`,
      baseline: "goal 10 s",
      ratio: seconds / 10,
      ratioLabel: "time/goal",
      goal: "≤ 10 s",
      met: seconds <= 10,
    });
  } finally {
    await closeStatementPool();
    await database.close();
    await dropDatabase(serverUrl, name);
  }
}
