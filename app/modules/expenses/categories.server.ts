import type { Kysely } from "kysely";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";

/** The Bulgarian default set, copied to each company on first use (then the company's own). */
export const DEFAULT_CATEGORIES = [
  ["rent", "Наем"],
  ["utilities", "Комунални услуги"],
  ["telecom", "Телефон и интернет"],
  ["fuel", "Гориво"],
  ["transport", "Транспорт"],
  ["office", "Офис материали"],
  ["software", "Софтуер и абонаменти"],
  ["accounting_legal", "Счетоводни и правни услуги"],
  ["advertising", "Реклама"],
  ["travel", "Командировки"],
  ["representation", "Представителни разходи"],
  ["bank_fees", "Банкови такси"],
  ["insurance", "Застраховки"],
  ["taxes_fees", "Данъци и такси"],
  ["goods_for_resale", "Стоки за препродажба"],
  ["materials", "Материали"],
  ["fixed_assets", "Дълготрайни активи"],
  ["other", "Други"],
] as const;

export const CATEGORY_MESSAGES = {
  taken: "Вече има категория с това име",
  notFound: "Категорията не е намерена",
} as const;

/** Gives the company the default categories it does not have yet (idempotent, race-safe). */
export async function ensureCategories(db: Kysely<Database>, companyId: string): Promise<void> {
  const existing = await db
    .selectFrom("expenseCategories")
    .select("id")
    .where("companyId", "=", companyId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto("expenseCategories")
    .values(
      DEFAULT_CATEGORIES.map(([code, name], position) => ({ companyId, code, name, position })),
    )
    .onConflict((c) => c.doNothing())
    .execute();
}

/** The company's categories, in their order; archived ones only when asked for. */
export async function listCategories(
  db: Kysely<Database>,
  companyId: string,
  options: { archived?: boolean } = {},
) {
  await ensureCategories(db, companyId);
  let query = db
    .selectFrom("expenseCategories")
    .select(["id", "code", "name", "archivedAt"])
    .where("companyId", "=", companyId);
  if (!options.archived) query = query.where("archivedAt", "is", null);
  return query.orderBy("position").orderBy("name").execute();
}

/** Adds one of the company's own categories. */
export async function createCategory(db: Kysely<Database>, companyId: string, name: string) {
  await ensureCategories(db, companyId);
  try {
    const row = await db
      .insertInto("expenseCategories")
      .values({ companyId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new AppError(CATEGORY_MESSAGES.taken, 409, { name: CATEGORY_MESSAGES.taken });
    }
    throw error;
  }
}

/** Renames a category (defaults too: the name is the company's). */
export async function renameCategory(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  name: string,
) {
  if (!isUuid(id)) throw new AppError(CATEGORY_MESSAGES.notFound, 404);
  try {
    const row = await db
      .updateTable("expenseCategories")
      .set({ name })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError(CATEGORY_MESSAGES.notFound, 404);
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new AppError(CATEGORY_MESSAGES.taken, 409, { name: CATEGORY_MESSAGES.taken });
    }
    throw error;
  }
}

/** Hides a category from new expenses (the expenses that use it keep it); or shows it again. */
export async function archiveCategory(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  archived: boolean,
) {
  if (!isUuid(id)) throw new AppError(CATEGORY_MESSAGES.notFound, 404);
  const row = await db
    .updateTable("expenseCategories")
    .set({ archivedAt: archived ? new Date() : null })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError(CATEGORY_MESSAGES.notFound, 404);
}

/** The name of the category a bank fee goes to (the default «bank_fees», or one made with it). */
export const BANK_FEES_CATEGORY = "Банкови такси";

/**
 * The company's category for bank fees (issue #41 item 14): the default one (code bank_fees, even
 * renamed or archived), else one named «Банкови такси», else it is made (a race finds the other's).
 */
export async function bankFeesCategory(db: Kysely<Database>, companyId: string): Promise<string> {
  await ensureCategories(db, companyId);
  const find = () =>
    db
      .selectFrom("expenseCategories")
      .select("id")
      .where("companyId", "=", companyId)
      .where((eb) =>
        eb.or([
          eb("code", "=", "bank_fees"),
          eb(eb.fn("lower", ["name"]), "=", BANK_FEES_CATEGORY.toLowerCase()),
        ]),
      )
      .orderBy((eb) => eb.case().when("code", "=", "bank_fees").then(0).else(1).end())
      .limit(1)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  const made = await db
    .insertInto("expenseCategories")
    .values({ companyId, name: BANK_FEES_CATEGORY, code: "bank_fees" })
    .onConflict((c) => c.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  const other = await find();
  if (!other) throw new Error("The bank fees category could not be made");
  return other.id;
}
