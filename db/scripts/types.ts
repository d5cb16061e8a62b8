import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { type DatabaseMetadata, DiffChecker, generate, PostgresDialect } from "kysely-codegen";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "../client";
import { migrateToLatest } from "../migrate";

// `npm run db:types`: migrate a scratch database and write db/types.ts from what it has
// (kysely-codegen, camelCase as the app's CamelCasePlugin sees it, formatted by Biome).
// `npm run db:types:check`: the same, compared with db/types.ts; exits 1 when they differ.
// The scratch database is an in-memory PGlite, or the empty PostgreSQL database given with
// `--url postgres://…` (CI checks on PostgreSQL). Never point --url at a database you keep.
//
// A text column whose CHECK lists its values is typed as their union (checkNames); what the
// catalogue cannot say (the shape of a JSON column) is written in db/json-types.ts and mapped
// onto its column below (columns); the short names the app uses for the database and its rows are
// written at the end of the file (footer), so db/types.ts imports only db/json-types.ts, no circle.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outFile = path.join(root, "db/types.ts");

/** SQL type → TypeScript type, as the app's type parsers read them (db/client.ts). */
const typeMapping = {
  // INT8 (cents, counters) is parsed to a number.
  int8: "number",
  // Written from Uint8Array (uploads, PDFs); read as a Buffer, which is one.
  bytea: "Uint8Array",
};

/** A JSON column written as a JSON string and read as T. */
const json = (read: string, nullable = false) =>
  nullable
    ? `ColumnType<${read} | null, string | null | undefined, string | null>`
    : `ColumnType<${read}, string, string>`;

/**
 * A text column whose CHECK allows a list of values (`check (plan in ('basic', …))`) is typed as
 * the union of those values, under the name given here (snake_case, printed in PascalCase) or,
 * for a column not listed, `<table>_<column>`. Columns that share a name must allow the same values.
 */
const checkNames: Record<string, string> = {
  "card_accounts.provider": "card_provider",
  "card_payments.provider": "card_provider",
  "card_payments.status": "card_payment_status",
  "clients.kind": "client_kind",
  "clients.vat_treatment": "vat_treatment",
  "company_invitations.role": "invited_role",
  "company_members.role": "member_role",
  "companies.default_language": "document_language",
  "companies.subscription_plan": "plan",
  "document_counters.series": "number_series",
  "document_emails.status": "email_status",
  "document_payments.method": "payment_method",
  "documents.language": "document_language",
  "documents.payment_method": "payment_method",
  "documents.status": "document_status",
  "documents.type": "document_type",
  "employees.contract_type": "contract_type",
  "expenses.document_type": "expense_document_type",
  "expenses.payment_method": "expense_payment_method",
  "expenses.vat_credit": "vat_credit",
  "plan_seats.plan": "plan",
  "portal_views.what": "portal_view_kind",
  "recurring_invoices.frequency": "recurring_frequency",
  "recurring_invoices.mode": "recurring_mode",
  "salaries.contract_type": "contract_type",
  "offers.becomes": "offer_becomes",
  "offers.language": "document_language",
  "offers.status": "offer_status",
  "reconciliations.status": "reconciliation_status",
  "vat_protocols.currency": "ledger_entries_currency",
  "salaries.status": "salary_status",
  "subscriptions.plan": "plan",
  "subscriptions.previous_plan": "plan",
  "subscriptions.status": "subscription_status",
  "user_tokens.purpose": "token_purpose",
  "users.role": "user_role",
  "vat_grounds.kind": "vat_ground_kind",
};

/** What the catalogue cannot say: "table.column" (SQL names) → its whole TypeScript type. */
const columns: Record<string, string> = {
  "app_settings.value": "unknown",
  "audit_log.details": json("Record<string, unknown>", true),
  "company_audit.details": json("Record<string, unknown>", true),
  "documents.client_snapshot": json("unknown", true),
  "documents.supplier_snapshot": json("unknown", true),
  "recurring_invoices.template": json("Record<string, unknown>"),
  "subscriptions.payment_method": json("PaymentMethodSummary", true),
  "subscriptions.pending_action": json("PendingActionOf<Plan>", true),
  // No CHECK on this column; the app writes only plans to it.
  "subscription_invoices.plan": "Plan | null",
  "subscription_invoices.seller": json("unknown", true),
  "subscription_invoices.buyer": json("unknown", true),
};

/** JSON shapes, written by hand in db/json-types.ts. */
const customImports = {
  PaymentMethodSummary: "./json-types",
  PendingActionOf: "./json-types",
};

/** The short names the app uses for the database, its rows and its JSON shapes. */
const footer = `
// Short names the app uses (written by db/scripts/types.ts, not by kysely-codegen).
export type Database = DB;
export type { PaymentMethodSummary };
export type PendingAction = PendingActionOf<Plan>;
export type Company = import("kysely").Selectable<Companies>;
export type NewCompany = import("kysely").Insertable<Companies>;
export type CompanyUpdate = import("kysely").Updateable<Companies>;
export type User = import("kysely").Selectable<Users>;
export type NewUser = import("kysely").Insertable<Users>;
export type UserUpdate = import("kysely").Updateable<Users>;
export type Client = import("kysely").Selectable<Clients>;
export type DocumentRow = import("kysely").Selectable<Documents>;
export type DocumentLineRow = import("kysely").Selectable<DocumentLines>;
export type DocumentPaymentRow = import("kysely").Selectable<DocumentPayments>;
export type CatalogueItemRow = import("kysely").Selectable<CatalogueItems>;
export type SubscriptionRow = import("kysely").Selectable<Subscriptions>;
`;

async function main() {
  const { values } = parseArgs({
    options: { check: { type: "boolean", default: false }, url: { type: "string" } },
  });
  const database: OpenedDatabase = values.url
    ? openPostgres(values.url, 2)
    : await openMemoryPglite();
  let generated: string;
  try {
    await migrateToLatest(database.db);
    generated = await generate({
      // The catalogue is read as it is, snake_case; camelCase names what the plugin maps.
      db: database.db.withoutPlugins(),
      dialect: new PostgresDialect({ dateParser: "string", numericParser: "string" }),
      camelCase: true,
      typeMapping,
      overrides: { columns },
      customImports,
      postprocess: ({ db, metadata }) => typeChecks(db, metadata),
      outFile: null,
    });
  } finally {
    await database.close();
  }
  const formatted = formatWithBiome(generated + footer);

  if (!values.check) {
    await writeFile(outFile, formatted);
    console.log(
      `db/types.ts written from ${database.kind} (${formatted.split("\n").length} lines)`,
    );
    return;
  }
  const current = await readFile(outFile, "utf8").catch(() => "");
  if (current === formatted) {
    console.log(`db/types.ts matches the migrated schema (${database.kind})`);
    return;
  }
  console.error(
    `db/types.ts differs from the migrated schema (${database.kind}): run \`npm run db:types\` and commit the result.\n`,
  );
  // A unified diff: "-" what db/types.ts has, "+" what the schema gives.
  console.error(new DiffChecker().diff(current, formatted));
  process.exitCode = 1;
}

/** Types each text column whose CHECK lists its values as the union of them (see checkNames). */
async function typeChecks(db: Kysely<unknown>, metadata: DatabaseMetadata) {
  const { rows } = await sql<{ table: string; definition: string }>`
    select c.relname as table, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'c' and k.connamespace = 'public'::regnamespace
    order by c.relname, k.conname`.execute(db);
  const named = new Map<string, string[]>();
  for (const { table, definition } of rows) {
    // PostgreSQL prints `col in ('a', 'b')` as CHECK ((col = ANY (ARRAY['a'::text, 'b'::text]))).
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
    if (!match) continue;
    const [, column = "", list = ""] = match;
    const items = [...list.matchAll(/'((?:[^']|'')*)'::text/g)];
    if (items.map((item) => item[0]).join(", ") !== list) continue; // not a list of text values
    const values = items.map((item) => item[1] ?? "");
    const name = checkNames[`${table}.${column}`] ?? `${table}_${column}`;
    const known = named.get(name);
    const sorted = values.map((value) => value.replaceAll("''", "'")).sort();
    if (known && known.join("\n") !== sorted.join("\n")) {
      throw new Error(`${table}.${column} allows other values than another column named ${name}`);
    }
    const target = metadata.tables
      .find((t) => t.schema === "public" && t.name === table)
      ?.columns.find((c) => c.name === column);
    if (!target) throw new Error(`CHECK on ${table}.${column}: no such column`);
    named.set(name, sorted);
    target.dataType = name;
    target.dataTypeSchema = "public";
    metadata.enums.set(`public.${name}`, sorted);
  }
  const unused = Object.keys(checkNames).filter((key) => !named.has(checkNames[key] ?? ""));
  if (unused.length) throw new Error(`checkNames without a CHECK listing values: ${unused}`);
  return metadata;
}

/** Biome's formatting and import order, as `npm run lint` expects of every file. */
function formatWithBiome(source: string): string {
  const biome = path.join(root, "node_modules/.bin/biome");
  const result = spawnSync(biome, ["check", "--write", `--stdin-file-path=${outFile}`], {
    cwd: root,
    input: source,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`biome could not format the generated types:\n${result.stderr}`);
  }
  return result.stdout;
}

await main();
