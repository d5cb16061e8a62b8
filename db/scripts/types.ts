import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DiffChecker, generate, PostgresDialect } from "kysely-codegen";
import { type OpenedDatabase, openMemoryPglite, openPostgres } from "../client";
import { migrateToLatest } from "../migrate";

// `npm run db:types`: migrate a scratch database and write db/types.ts from what it has
// (kysely-codegen, camelCase as the app's CamelCasePlugin sees it, formatted by Biome).
// `npm run db:types:check`: the same, compared with db/types.ts; exits 1 when they differ.
// The scratch database is an in-memory PGlite, or the empty PostgreSQL database given with
// `--url postgres://…` (CI checks on PostgreSQL). Never point --url at a database you keep.
//
// What the catalogue cannot say (the values a CHECK allows, the shape of a JSON column) is named
// in db/schema-types.ts and mapped onto its columns below.

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

/** "table.column" (SQL names) → its TypeScript type, whole (Generated<…> and | null included). */
const columns: Record<string, string> = {
  "app_settings.value": "unknown",
  "audit_log.details": json("Record<string, unknown>", true),
  "clients.kind": "ClientKind",
  "clients.language": 'Generated<"bg" | "en">',
  "clients.vat_treatment": "Generated<VatTreatment>",
  "companies.company_type": '"company" | "freelancer"',
  "companies.default_language": "Generated<DocumentLanguage>",
  "companies.subscription_plan": "Generated<Plan>",
  "document_counters.series": "NumberSeries",
  "document_emails.kind": '"document" | "reminder"',
  "document_emails.status": "Generated<EmailStatus>",
  "document_payments.method": "PaymentMethod",
  "documents.client_snapshot": json("unknown", true),
  "documents.language": "Generated<DocumentLanguage>",
  "documents.payment_method": "Generated<PaymentMethod>",
  "documents.status": "Generated<DocumentStatus>",
  "documents.supplier_snapshot": json("unknown", true),
  "documents.type": "DocumentType",
  "employees.contract_type": "ContractType",
  "employees.id_kind": '"egn" | "lnch"',
  "expenses.document_type": "ExpenseDocumentType",
  "expenses.payment_method": "ExpensePaymentMethod | null",
  "expenses.vat_credit": "Generated<VatCredit>",
  "feedback.severity": '"low" | "medium" | "high" | null',
  "feedback.type": '"feedback" | "support"',
  "plan_grants.plan": '"standard" | "full"',
  "recurring_invoices.frequency": "RecurringFrequency",
  "recurring_invoices.mode": "RecurringMode",
  "recurring_invoices.status": 'Generated<"active" | "paused" | "ended">',
  "recurring_invoices.template": json("Record<string, unknown>"),
  "salaries.contract_type": "ContractType",
  "salaries.status": "Generated<SalaryStatus>",
  "salary_dismissals.kind": '"banner" | "copy_prompt"',
  "sessions.kind": '"browser" | "api"',
  "subscription_invoices.plan": "Plan | null",
  "subscription_invoices.status": '"draft" | "open" | "paid" | "void" | "uncollectible"',
  "subscriptions.payment_method": json("PaymentMethodSummary", true),
  "subscriptions.pending_action": json("PendingAction", true),
  "subscriptions.plan": "Generated<Plan>",
  "subscriptions.previous_plan": "Plan | null",
  "subscriptions.provider": 'Generated<"local" | "stripe">',
  "subscriptions.status": "Generated<SubscriptionStatus>",
  "user_tokens.purpose": "TokenPurpose",
  "users.role": "Generated<UserRole>",
  "vat_filing_settings.filer_role": '"R" | "A"',
  "vat_grounds.kind": "VatGroundKind",
};

/** Every name the overrides use comes from db/schema-types.ts. */
const customImports = Object.fromEntries(
  [...new Set(Object.values(columns).flatMap((type) => type.match(/\b[A-Z]\w+/g) ?? []))]
    .filter((name) => !["ColumnType", "Generated", "Record"].includes(name))
    .map((name) => [name, "./schema-types"]),
);

/** The generated file ends by re-exporting the hand-written names, so `~db/types` has them all. */
const footer = `
// Hand-written names (CHECK values, JSON shapes, row aliases): db/schema-types.ts.
export type * from "./schema-types";
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
