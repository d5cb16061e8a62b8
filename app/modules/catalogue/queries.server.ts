import { type Kysely, sql } from "kysely";
import { revenueAccounts } from "~/modules/ledger/accounts.server";
import { vatGroundsOn, vatRatesOn } from "~/modules/reference/vat.server";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { formatPrice, PRICE_SCALE, parseDecimal, scaledToString } from "~/utils/money";
import { searchTerm } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { z } from "~/utils/zod-openapi.server";
import type { CatalogueItemRow, Database } from "~db/types";
import {
  CATALOGUE_MESSAGES,
  type CatalogueItemInput,
  type CatalogueItemJson,
  catalogueItemSchema,
} from "./schema";

export const PAGE_SIZE = 50;

const COLUMNS = [
  "id",
  "name",
  "nameEn",
  "unit",
  "unitPrice",
  "vatRate",
  "vatGround",
  "revenueAccount",
  "archivedAt",
  "createdAt",
  "updatedAt",
] as const;

export type CatalogueItem = Pick<CatalogueItemRow, (typeof COLUMNS)[number]>;

/** "%text%" for LIKE, its wildcards escaped. */
const contains = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a company's catalogue by name (keyset: the cursor is the last row's (name, id)),
 * the items whose name (Bulgarian or English) contains `q`; archived ones on their own list.
 */
export async function listCatalogue(
  db: Kysely<Database>,
  companyId: string,
  options: { q?: string; archived?: boolean; after?: string | null; limit?: number } = {},
) {
  const limit = options.limit ?? PAGE_SIZE;
  let query = db
    .selectFrom("catalogueItems")
    .select(COLUMNS)
    .select(sql<string>`lower(name)`.as("sortName"))
    .where("companyId", "=", companyId)
    .where("archivedAt", options.archived ? "is not" : "is", null);
  const q = searchTerm(options.q);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", contains(q)),
        eb(sql`lower(name_en)`, "like", contains(q)),
      ]),
    );
  }
  const cursor = decodeCursor(options.after, [anyText, isUuid]);
  if (cursor) {
    query = query.where(sql<boolean>`(lower(name), id) > (${cursor[0]}, ${cursor[1]}::uuid)`);
  }
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor([last.sortName, last.id]) : null;
  return { items: page.map(({ sortName: _s, ...row }) => row), nextCursor };
}

/** Whether the company has an item to offer (the editor shows its picker only then). */
export async function hasCatalogue(db: Kysely<Database>, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("catalogueItems")
    .select("id")
    .where("companyId", "=", companyId)
    .where("archivedAt", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One item of the company (archived too), or undefined: another company's id is not found. */
export async function getCatalogueItem(
  db: Kysely<Database>,
  companyId: string,
  id: string | null | undefined,
): Promise<CatalogueItem | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("catalogueItems")
    .select(COLUMNS)
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

function columns(input: CatalogueItemInput) {
  return {
    name: input.name,
    nameEn: input.nameEn,
    unit: input.unit,
    unitPrice: scaledToString(input.unitPrice, PRICE_SCALE),
    vatRate: input.vatRate,
    vatGround: input.vatGround,
    // Left out of the input: the item keeps the account it has.
    ...(input.revenueAccount === undefined ? {} : { revenueAccount: input.revenueAccount }),
  };
}

/** A revenue account must be one of the company's 70x accounts (the field's message if not). */
async function checkRevenueAccount(
  db: Kysely<Database>,
  companyId: string,
  input: CatalogueItemInput,
) {
  if (!input.revenueAccount) return;
  const known = await revenueAccounts(db, companyId);
  if (!known.some((a) => a.code === input.revenueAccount)) {
    throw new AppError(CATALOGUE_MESSAGES.revenueAccount, 400, {
      revenueAccount: CATALOGUE_MESSAGES.revenueAccount,
    });
  }
}

/** The unique name among the items offered, as the field's message. */
function uniqueName(error: unknown): never {
  if ((error as { code?: string }).code === "23505") {
    throw new AppError(CATALOGUE_MESSAGES.nameTaken, 400, { name: CATALOGUE_MESSAGES.nameTaken });
  }
  throw error;
}

export async function createCatalogueItem(
  db: Kysely<Database>,
  companyId: string,
  input: CatalogueItemInput,
): Promise<CatalogueItem> {
  await checkRevenueAccount(db, companyId, input);
  return db
    .insertInto("catalogueItems")
    .values({ companyId, ...columns(input) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
    .catch(uniqueName);
}

/** Saves an item of the company; undefined when it has no such item. */
export async function updateCatalogueItem(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: CatalogueItemInput,
): Promise<CatalogueItem | undefined> {
  if (!isUuid(id)) return undefined;
  await checkRevenueAccount(db, companyId, input);
  return db
    .updateTable("catalogueItems")
    .set({ ...columns(input), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst()
    .catch(uniqueName);
}

/**
 * Archives an item (no longer offered; documents keep what was copied from it) or brings it back
 * — refused (409) when another item offered has its name meanwhile. False: no such item.
 */
export async function setCatalogueArchived(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  archived: boolean,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .updateTable("catalogueItems")
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst()
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === "23505") {
        throw new AppError(CATALOGUE_MESSAGES.restoreTaken, 409);
      }
      throw error;
    });
  return row !== undefined;
}

/** Numeric text without the zeros that mean nothing ("12.5000" → "12.5"). */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** What `catalogueItemJson` answers, as the OpenAPI document shows it (decision 056). */
export const catalogueItemJsonSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    nameEn: z.string().nullable(),
    unit: z.string().nullable(),
    unitPrice: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .describe("Without VAT, up to 4 decimals"),
    vatRate: z.number().int().nullable().describe("Whole per cent; null: VAT not charged"),
    vatGround: z.string().nullable(),
    revenueAccount: z
      .string()
      .nullable()
      .describe("The revenue account (70x) its lines are posted to; null: the company's default"),
    archived: z.boolean(),
  })
  .openapi("CatalogueItem");

/** An item as the API and the editor's picker show it. */
export function catalogueItemJson(item: CatalogueItem): CatalogueItemJson {
  return {
    id: item.id,
    name: item.name,
    nameEn: item.nameEn,
    unit: item.unit,
    unitPrice: trimDecimal(item.unitPrice),
    vatRate: item.vatRate,
    vatGround: item.vatGround,
    revenueAccount: item.revenueAccount,
    archived: item.archivedAt !== null,
  };
}

/**
 * What the item's form offers: the rates and grounds in force today, the company's VAT
 * registration and — for a member who keeps the books (`books`) — its revenue accounts.
 */
export async function catalogueFormOptions(db: Kysely<Database>, companyId: string, books = false) {
  const today = todayInSofia();
  const [rates, grounds, company, accounts] = await Promise.all([
    vatRatesOn(db, today),
    vatGroundsOn(db, today),
    db
      .selectFrom("companies")
      .select("isVatRegistered")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    books ? revenueAccounts(db, companyId) : null,
  ]);
  return {
    rates: rates.map((r) => r.rate),
    grounds: grounds.map((g) => ({ text: g.text, label: g.label })),
    vatRegistered: company.isVatRegistered,
    revenueAccounts: accounts,
  };
}

/** The item as its form shows it (a Bulgarian decimal comma, «none» for no VAT). */
export function catalogueFormValues(item: CatalogueItem): Record<string, string> {
  return {
    name: item.name,
    nameEn: item.nameEn ?? "",
    unit: item.unit,
    unitPrice: formatPrice(parseDecimal(item.unitPrice, PRICE_SCALE) ?? 0n),
    vatRate: item.vatRate === null ? "none" : String(item.vatRate),
    vatGround: item.vatGround ?? "",
    revenueAccount: item.revenueAccount ?? "",
  };
}

/** The body of POST /api/catalogue and PUT /api/catalogue/{id}: the schema the routes parse with. */
export const catalogueItemInputJsonSchema = catalogueItemSchema.openapi("CatalogueItemInput");

/**
 * Who may set an item's revenue account: a member who keeps the books (`ledger.edit`). Anyone
 * else's input leaves it as it is; naming one is refused (403) — the API says so, the form
 * does not draw the field for them.
 */
export function revenueAccountFor(input: CatalogueItemInput, books: boolean): CatalogueItemInput {
  if (books || input.revenueAccount === undefined) return input;
  throw new AppError(CATALOGUE_MESSAGES.revenueAccountRole, 403, {
    revenueAccount: CATALOGUE_MESSAGES.revenueAccountRole,
  });
}
