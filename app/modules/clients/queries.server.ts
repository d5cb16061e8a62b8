import { type Kysely, sql } from "kysely";
import { countryByCode, countryByName } from "~/modules/reference/countries";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { CLIENT_MESSAGES, type ClientInput } from "./schema";

export const PAGE_SIZE = 50;

export type ClientSort = "name" | "newest";

/**
 * One page of a company's clients: search by name, EIK or VAT number; sorted by name or newest;
 * keyset pagination (the cursor is the last row's sort key), so page 200 costs what page 1 does.
 */
export async function listClients(
  db: Kysely<Database>,
  companyId: string,
  options: {
    q?: string;
    sort?: ClientSort;
    archived?: boolean;
    after?: string | null;
    limit?: number;
  },
) {
  const sort = options.sort ?? "name";
  const limit = options.limit ?? PAGE_SIZE;
  let query = db
    .selectFrom("clients")
    .selectAll()
    // The cursor keeps the sort key exactly as the database has it: a JS Date would cut
    // created_at to milliseconds and skip rows that differ only in microseconds.
    .select([
      sql<string>`lower(name)`.as("sortName"),
      sql<string>`created_at::text`.as("sortCreated"),
    ])
    .where("companyId", "=", companyId)
    .where("archivedAt", options.archived ? "is not" : "is", null);

  const q = options.q?.trim();
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", like),
        eb("eik", "=", q),
        eb("vatNumber", "=", q.replace(/\s/g, "").toUpperCase()),
      ]),
    );
  }

  const cursor = decodeCursor(options.after, [anyText, isUuid]);
  if (cursor) {
    query =
      sort === "name"
        ? query.where(sql<boolean>`(lower(name), id) > (${cursor[0]}, ${cursor[1]}::uuid)`)
        : query.where(
            sql<boolean>`(created_at, id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
          );
  }
  query =
    sort === "name"
      ? query.orderBy(sql`lower(name)`).orderBy("id")
      : query.orderBy("createdAt", "desc").orderBy("id", "desc");

  const rows = await query.limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(sort === "name" ? [last.sortName, last.id] : [last.sortCreated, last.id])
      : null;
  return { clients: page.map(({ sortName: _n, sortCreated: _c, ...row }) => row), nextCursor };
}

/** How many clients the company has (active or archived). */
export async function countClients(
  db: Kysely<Database>,
  companyId: string,
  archived = false,
): Promise<number> {
  const row = await db
    .selectFrom("clients")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("companyId", "=", companyId)
    .where("archivedAt", archived ? "is not" : "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One client of the company, or undefined (another company's id is simply not found). */
export async function getClient(db: Kysely<Database>, companyId: string, id: string | undefined) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("clients")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

function columns(input: ClientInput) {
  return {
    kind: input.kind,
    name: input.name,
    nameEn: input.nameEn,
    eik: input.eik,
    vatNumber: input.vatNumber,
    mol: input.mol,
    address: input.address,
    addressEn: input.addressEn,
    city: input.city,
    cityEn: input.cityEn,
    postalCode: input.postalCode,
    countryCode: countryByName(input.country)?.code ?? "BG",
    emails: input.emails,
    phone: input.phone,
    currency: input.currency,
    language: input.language,
    paymentTermDays: input.paymentTermDays,
    vatTreatment: input.vatTreatment,
  };
}

function uniqueEik(error: unknown): never {
  if ((error as { code?: string }).code === "23505") {
    throw new AppError(CLIENT_MESSAGES.eikTaken, 400, { eik: CLIENT_MESSAGES.eikTaken });
  }
  throw error;
}

/** An existing client of the company that a new one repeats, and by what. */
export interface DuplicateClient {
  id: string;
  name: string;
  archived: boolean;
  match: "eik" | "vatNumber";
}

/**
 * The company's client (archived ones too) with the same ЕИК, else the same VAT number — where a
 * Bulgarian VAT number «BG» + digits also matches a client whose ЕИК is those digits, and the
 * other way round (issue #41 item 10). Undefined when there is none.
 */
export async function findDuplicateClient(
  db: Kysely<Database>,
  companyId: string,
  input: { eik: string | null; vatNumber: string | null },
  exceptId?: string,
): Promise<DuplicateClient | undefined> {
  const { eik, vatNumber } = input;
  if (!eik && !vatNumber) return undefined;
  const bgDigits = vatNumber && /^BG\d{9,10}$/.test(vatNumber) ? vatNumber.slice(2) : null;
  const rows = await db
    .selectFrom("clients")
    .select(["id", "name", "eik", "vatNumber", "archivedAt"])
    .where("companyId", "=", companyId)
    .where((eb) =>
      eb.or([
        ...(eik ? [eb("eik", "=", eik), eb(sql`upper(vat_number)`, "=", `BG${eik}`)] : []),
        ...(vatNumber ? [eb(sql`upper(vat_number)`, "=", vatNumber)] : []),
        ...(bgDigits ? [eb("eik", "=", bgDigits)] : []),
      ]),
    )
    .$if(exceptId !== undefined, (q) => q.where("id", "!=", exceptId!))
    .orderBy("createdAt")
    .limit(10)
    .execute();
  const found = (row: (typeof rows)[number], match: DuplicateClient["match"]) => ({
    id: row.id,
    name: row.name,
    archived: row.archivedAt !== null,
    match,
  });
  const sameEik = eik ? rows.find((row) => row.eik === eik) : undefined;
  if (sameEik) return found(sameEik, "eik");
  return rows[0] ? found(rows[0], "vatNumber") : undefined;
}

export async function createClient(db: Kysely<Database>, companyId: string, input: ClientInput) {
  return db
    .insertInto("clients")
    .values({ companyId, ...columns(input) })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(uniqueEik);
}

/** Saves a client of the company; false when there is no such client in it. */
export async function updateClient(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: ClientInput,
) {
  const row = await db
    .updateTable("clients")
    .set({ ...columns(input), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst()
    .catch(uniqueEik);
  return row !== undefined;
}

export async function setArchived(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  archived: boolean,
) {
  const row = await db
    .updateTable("clients")
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a client with no documents. Documents will reference clients with ON DELETE RESTRICT,
 * so a client with documents cannot go: it is archived instead (the caller says so).
 */
export async function deleteClient(db: Kysely<Database>, companyId: string, id: string) {
  try {
    const row = await db
      .deleteFrom("clients")
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  } catch (error) {
    if ((error as { code?: string }).code === "23503") {
      throw new AppError(
        "Клиент с издадени документи не може да бъде изтрит. Архивирайте го.",
        409,
      );
    }
    throw error;
  }
}

/** The client as the form shows it (country by Bulgarian name, e-mails as one line). */
export function clientFormValues(client: NonNullable<Awaited<ReturnType<typeof getClient>>>) {
  return {
    kind: client.kind,
    name: client.name,
    nameEn: client.nameEn ?? "",
    eik: client.eik ?? "",
    vatNumber: client.vatNumber ?? "",
    mol: client.mol ?? "",
    address: client.address,
    addressEn: client.addressEn ?? "",
    city: client.city,
    cityEn: client.cityEn ?? "",
    postalCode: client.postalCode ?? "",
    country: countryByCodeName(client.countryCode),
    emails: client.emails.join(", "),
    phone: client.phone ?? "",
    currency: client.currency,
    language: client.language,
    paymentTermDays: String(client.paymentTermDays),
    vatTreatment: client.vatTreatment,
  };
}

function countryByCodeName(code: string): string {
  return countryByCode(code)?.nameBg ?? code;
}
