import { type Kysely, sql } from "kysely";
import { COUNTRIES, countryByCode, countryByName } from "~/modules/reference/countries";
import { AppError } from "~/utils/errors";
import { sha256Hex } from "~/utils/files.server";
import { ownValue } from "~/utils/own-keys";
import { fieldErrorsOf } from "~/utils/schema";
import { readTableFile, type TableRow } from "~/utils/table-file.server";
import type { Database } from "~db/types";
import { CLIENT_KINDS, VAT_TREATMENTS } from "./constants";
import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_LIMITS,
  CLIENT_IMPORT_MESSAGES,
  type ClientImportField,
} from "./import";
import { createClient, setArchived } from "./queries.server";
import { type ClientInput, clientSchema } from "./schema";

/*
 * Clients from a file (issue #41 item 8): the columns of our own clients' export (modules/clients/
 * csv.server.ts) or another program's, by the header row's names (CLIENT_IMPORT_COLUMNS; inv.bg's
 * export could not be found, so its form's labels «Име на фирмата», «ЕИК/Булстат», «Данъчен номер»
 * are among the names). Each row is checked by the client form's own schema; a row repeating an
 * existing client (by ЕИК, or by VAT number — «BG» + the ЕИК of one counts) or an earlier row of
 * the file is flagged and not added. The file is kept between the preview and «Импортирай» in
 * stored_files by its SHA-256 (as the expenses' e-invoice import does; the hourly sweep removes
 * it), and read again for the import, whose transaction checks the duplicates once more.
 */

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CSV_TYPE = "text/csv";

const norm = (value: string) =>
  value
    .trim()
    .toLocaleLowerCase("bg")
    .replace(/[*:]+$/, "")
    .replace(/\s*\/\s*/g, "/")
    .replace(/\s+/g, " ")
    .trim();

const FIELD_OF = new Map<string, ClientImportField>(
  CLIENT_IMPORT_COLUMNS.flatMap((column) =>
    column.names.map((name) => [norm(name), column.field] as const),
  ),
);
const LABEL_OF = new Map<string, string>(
  CLIENT_IMPORT_COLUMNS.map((column) => [column.field, column.names[0]]),
);

/** A row that will be added, as the preview shows it; `duplicate` says why it will not. */
export interface PlannedClient {
  line: number;
  name: string;
  kind: string;
  eik: string | null;
  vatNumber: string | null;
  city: string;
  duplicate: string | null;
}

/** A row that cannot be added, with every reason. */
export interface RefusedRow {
  line: number;
  name: string;
  reasons: string[];
}

export interface ClientImportPlan {
  clients: PlannedClient[];
  refused: RefusedRow[];
  /** Header names that are not read (said on the preview). */
  ignoredColumns: string[];
}

interface Checked {
  line: number;
  input: ClientInput;
  archived: boolean;
}

const lookup = <T extends string>(labels: Record<T, string>, value: string): T | undefined => {
  const wanted = norm(value);
  return (Object.keys(labels) as T[]).find((key) => key === wanted || norm(labels[key]) === wanted);
};

const KIND_WORDS: Record<string, keyof typeof CLIENT_KINDS> = {
  фирма: "company",
  юл: "company",
  "юридическо лице": "company",
  ет: "sole_trader",
  "едноличен търговец": "sole_trader",
  "свободна професия": "sole_trader",
  нпо: "non_profit",
  юлнц: "non_profit",
  фл: "individual",
  "физическо лице": "individual",
  "чуждестранна фирма": "foreign_company",
  "чуждестранно лице": "foreign_company",
};

/** The form's value of a country cell: a Bulgarian name as is, an ISO code or English name mapped. */
function countryCell(value: string): string {
  const trimmed = value.trim();
  if (!trimmed || countryByName(trimmed)) return trimmed;
  const byCode = /^[A-Za-z]{2}$/.test(trimmed) ? countryByCode(trimmed.toUpperCase()) : undefined;
  const byEnglish = COUNTRIES.find((c) => c.nameEn.toLowerCase() === trimmed.toLowerCase());
  return (byCode ?? byEnglish)?.nameBg ?? trimmed;
}

/** One data row → the client form's values, or the reasons it cannot be one. */
function checkRow(
  row: TableRow,
  fields: (ClientImportField | null)[],
): { checked: Checked } | { refused: RefusedRow } {
  const cell: Partial<Record<ClientImportField, string>> = {};
  fields.forEach((field, index) => {
    const value = (row.cells[index] ?? "").trim();
    if (field && value && cell[field] === undefined) cell[field] = value;
  });
  const reasons: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(cell) as [ClientImportField, string][]) {
    if (!["kind", "language", "vatTreatment", "archived", "country"].includes(field))
      values[field] = value;
  }
  values.country = countryCell(cell.country ?? "");
  if (!values.country) delete values.country;
  const foreign = Boolean(values.country) && countryByName(String(values.country))?.code !== "BG";
  if (cell.kind) {
    const kind = lookup(CLIENT_KINDS, cell.kind) ?? ownValue(KIND_WORDS, norm(cell.kind));
    if (kind) values.kind = kind;
    else reasons.push(CLIENT_IMPORT_MESSAGES.kind(cell.kind.slice(0, 60)));
  } else {
    // No kind given: a foreign country's client is a foreign company, one with an ЕИК a company.
    values.kind = foreign
      ? cell.eik || cell.vatNumber
        ? "foreign_company"
        : "individual"
      : cell.eik
        ? "company"
        : "individual";
  }
  if (cell.language) {
    const language = /^(bg|български|bulgarian)$/i.test(cell.language)
      ? "bg"
      : /^(en|английски|english)$/i.test(cell.language)
        ? "en"
        : null;
    if (language) values.language = language;
    else reasons.push(CLIENT_IMPORT_MESSAGES.language(cell.language.slice(0, 60)));
  }
  if (cell.vatTreatment) {
    const treatment = lookup(VAT_TREATMENTS, cell.vatTreatment);
    if (treatment) values.vatTreatment = treatment;
    else reasons.push(CLIENT_IMPORT_MESSAGES.vatTreatment(cell.vatTreatment.slice(0, 60)));
  }
  if (cell.currency) values.currency = cell.currency.toUpperCase();
  const parsed = clientSchema.safeParse(values);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error))) {
      const label = LABEL_OF.get(field === "country" ? "country" : field);
      reasons.push(label ? `«${label}»: ${message}` : message);
    }
  }
  if (reasons.length > 0 || !parsed.success)
    return { refused: { line: row.line, name: cell.name ?? "", reasons } };
  return {
    checked: {
      line: row.line,
      input: parsed.data,
      archived: /^(да|yes|true|1)$/i.test(cell.archived ?? ""),
    },
  };
}

/** The file's rows checked: what can be added, and what cannot and why. */
function checkTable(rows: TableRow[]) {
  const [header, ...data] = rows;
  if (!header) throw new AppError(CLIENT_IMPORT_MESSAGES.noRows, 400);
  const fields = header.cells.map((name) => FIELD_OF.get(norm(name)) ?? null);
  if (!fields.includes("name")) throw new AppError(CLIENT_IMPORT_MESSAGES.noName, 400);
  if (data.length === 0) throw new AppError(CLIENT_IMPORT_MESSAGES.noRows, 400);
  const ignoredColumns = header.cells
    .filter((name, index) => name.trim() && fields[index] === null)
    .map((name) => name.trim().slice(0, 60));
  const checked: Checked[] = [];
  const refused: RefusedRow[] = [];
  for (const row of data) {
    const result = checkRow(row, fields);
    if ("checked" in result) checked.push(result.checked);
    else refused.push(result.refused);
  }
  return { checked, refused, ignoredColumns };
}

/** The keys a client is known by: its ЕИК and VAT number, «BG» + ЕИК and ЕИК of a BG number. */
function keysOf(client: { eik: string | null; vatNumber: string | null }) {
  const keys: string[] = [];
  if (client.eik) keys.push(`eik:${client.eik}`, `vat:BG${client.eik}`);
  const vat = client.vatNumber?.toUpperCase();
  if (vat) {
    keys.push(`vat:${vat}`);
    if (/^BG\d{9,10}$/.test(vat)) keys.push(`eik:${vat.slice(2)}`);
  }
  return keys;
}

/** Each checked row with what it repeats: an existing client of the company or an earlier row. */
async function withDuplicates(db: Kysely<Database>, companyId: string, checked: Checked[]) {
  const eiks = new Set<string>();
  const vats = new Set<string>();
  for (const { input } of checked) {
    for (const key of keysOf(input)) {
      if (key.startsWith("eik:")) eiks.add(key.slice(4));
      else vats.add(key.slice(4));
    }
  }
  const existing =
    eiks.size + vats.size === 0
      ? []
      : await db
          .selectFrom("clients")
          .select(["name", "eik", "vatNumber"])
          .where("companyId", "=", companyId)
          .where((eb) =>
            eb.or([
              ...(eiks.size ? [eb("eik", "in", [...eiks])] : []),
              ...(vats.size ? [eb(sql`upper(vat_number)`, "in", [...vats])] : []),
            ]),
          )
          .execute();
  const known = new Map<string, string>();
  for (const client of existing) {
    for (const key of keysOf(client)) {
      const reason = key.startsWith("eik:")
        ? CLIENT_IMPORT_MESSAGES.duplicateEik(client.name)
        : CLIENT_IMPORT_MESSAGES.duplicateVat(client.name);
      if (!known.has(key)) known.set(key, reason);
    }
  }
  const inFile = new Map<string, number>();
  return checked.map((row) => {
    const keys = keysOf(row.input);
    // The ЕИК's own match first: it is the one the database keeps unique.
    const byExisting = keys.map((key) => known.get(key)).find(Boolean);
    const earlier = keys.map((key) => inFile.get(key)).find((line) => line !== undefined);
    for (const key of keys) if (!inFile.has(key)) inFile.set(key, row.line);
    const duplicate =
      byExisting ?? (earlier !== undefined ? CLIENT_IMPORT_MESSAGES.repeats(earlier) : null);
    return { ...row, duplicate };
  });
}

async function planOf(db: Kysely<Database>, companyId: string, bytes: Uint8Array) {
  const { checked, refused, ignoredColumns } = checkTable(
    readTableFile(bytes, { maxRows: CLIENT_IMPORT_LIMITS.maxRows }),
  );
  const rows = await withDuplicates(db, companyId, checked);
  return { rows, refused, ignoredColumns };
}

const planned = (row: Checked & { duplicate: string | null }): PlannedClient => ({
  line: row.line,
  name: row.input.name,
  kind: CLIENT_KINDS[row.input.kind],
  eik: row.input.eik,
  vatNumber: row.input.vatNumber,
  city: row.input.city,
  duplicate: row.duplicate,
});

/**
 * The preview of an uploaded file: read and checked, nothing added. The file is kept for
 * «Импортирай» (its SHA-256 is what the page posts back). AppError 400 for a file that cannot
 * be read as a table of clients.
 */
export async function previewClientImport(
  db: Kysely<Database>,
  companyId: string,
  bytes: Uint8Array,
): Promise<ClientImportPlan & { file: string }> {
  const { rows, refused, ignoredColumns } = await planOf(db, companyId, bytes);
  const isXlsx = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const sha256 = sha256Hex(bytes);
  await db
    .insertInto("storedFiles")
    .values({
      companyId,
      sha256,
      contentType: isXlsx ? XLSX_TYPE : CSV_TYPE,
      size: bytes.byteLength,
      data: bytes,
    })
    // Seen again: the sweep's hour starts anew.
    .onConflict((c) => c.columns(["companyId", "sha256"]).doUpdateSet({ createdAt: new Date() }))
    .execute();
  return { clients: rows.map(planned), refused, ignoredColumns, file: sha256 };
}

/**
 * Adds the kept file's clients that are not duplicates, in one transaction that checks the
 * duplicates again; what is not added is in `refused` with its line and reason.
 */
export async function importClients(
  db: Kysely<Database>,
  companyId: string,
  file: string,
): Promise<{ added: number; refused: RefusedRow[] }> {
  if (!/^[0-9a-f]{64}$/.test(file)) throw new AppError(CLIENT_IMPORT_MESSAGES.gone, 400);
  return db.transaction().execute(async (trx) => {
    // The kept file is the import's ticket, used once: locked (a second «Импортирай» at the same
    // time waits) and deleted with the import, so a reload or a double click adds nothing twice,
    // not even the clients without an ЕИК or VAT number that no duplicate check can find.
    const row = await trx
      .selectFrom("storedFiles")
      .select("data")
      .where("companyId", "=", companyId)
      .where("sha256", "=", file)
      .where("contentType", "in", [CSV_TYPE, XLSX_TYPE])
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(CLIENT_IMPORT_MESSAGES.gone, 400);
    const bytes = new Uint8Array(row.data);
    await trx
      .deleteFrom("storedFiles")
      .where("companyId", "=", companyId)
      .where("sha256", "=", file)
      .where("contentType", "in", [CSV_TYPE, XLSX_TYPE])
      .execute();
    const { rows, refused } = await planOf(trx, companyId, bytes);
    const skipped: RefusedRow[] = [];
    let added = 0;
    for (const client of rows) {
      if (client.duplicate) {
        skipped.push({ line: client.line, name: client.input.name, reasons: [client.duplicate] });
        continue;
      }
      // A client with the same ЕИК added meanwhile elsewhere: the unique index refuses it and
      // the whole import is undone (nothing half-added), with the way to look again.
      const created = await createClient(trx, companyId, client.input).catch((error: unknown) => {
        if (error instanceof AppError) throw new AppError(CLIENT_IMPORT_MESSAGES.changed, 409);
        throw error;
      });
      if (client.archived) await setArchived(trx, companyId, created.id, true);
      added += 1;
    }
    return {
      added,
      refused: [...refused, ...skipped].sort((a, b) => a.line - b.line),
    };
  });
}
