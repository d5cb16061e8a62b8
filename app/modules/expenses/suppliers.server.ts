import { type Kysely, sql, type Transaction } from "kysely";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";

const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The company's suppliers whose name, ЕИК or VAT number match, for the picker (20 at most). */
export async function searchSuppliers(
  db: Kysely<Database>,
  companyId: string,
  q: string,
  limit = 20,
) {
  const text = q.trim().slice(0, 100);
  let query = db
    .selectFrom("suppliers")
    .select(["id", "name", "eik", "vatNumber", "address", "countryCode"])
    .where("companyId", "=", companyId);
  if (text) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", like(text)),
        eb("eik", "=", text),
        eb("vatNumber", "=", text.replace(/\s/g, "").toUpperCase()),
      ]),
    );
  }
  return query.orderBy(sql`lower(name)`).orderBy("id").limit(limit).execute();
}

/** One supplier of the company, or undefined. */
export function getSupplier(
  db: Kysely<Database>,
  companyId: string,
  id: string | null | undefined,
) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom("suppliers")
    .select(["id", "name", "eik", "vatNumber", "address", "countryCode"])
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * The supplier record for an expense's supplier, kept up to date and offered again next time: the
 * one with this ЕИК (or, without one, this name), created when new.
 */
export async function rememberSupplier(
  trx: Transaction<Database>,
  companyId: string,
  supplier: { name: string; eik: string | null; vatNumber: string | null; address: string | null },
): Promise<string> {
  const existing = await trx
    .selectFrom("suppliers")
    .select("id")
    .where("companyId", "=", companyId)
    .where((eb) =>
      supplier.eik
        ? eb("eik", "=", supplier.eik)
        : eb.and([eb("eik", "is", null), eb(sql`lower(name)`, "=", supplier.name.toLowerCase())]),
    )
    .executeTakeFirst();
  const country =
    supplier.vatNumber && !supplier.vatNumber.startsWith("BG")
      ? supplier.vatNumber.slice(0, 2)
      : "BG";
  if (existing) {
    await trx
      .updateTable("suppliers")
      .set({
        name: supplier.name,
        vatNumber: supplier.vatNumber,
        address: supplier.address,
        countryCode: country === "EL" ? "GR" : country,
        updatedAt: new Date(),
      })
      .where("companyId", "=", companyId)
      .where("id", "=", existing.id)
      .execute();
    return existing.id;
  }
  const row = await trx
    .insertInto("suppliers")
    .values({ companyId, ...supplier, countryCode: country === "EL" ? "GR" : country })
    .onConflict((c) =>
      c
        .columns(["companyId", "eik"])
        .where("eik", "is not", null)
        .doUpdateSet({ name: supplier.name, updatedAt: new Date() }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
