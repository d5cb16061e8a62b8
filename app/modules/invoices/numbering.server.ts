import type { Kysely, Transaction } from "kysely";
import { AppError } from "~/utils/http.server";
import type { Database, DocumentType, NumberSeries } from "~db/types";

export type { DocumentType };
export const MAX_NUMBER = 9_999_999_999;

/** Invoices and credit/debit notes share the tax series; proformas have their own (ППЗДДС чл. 78). */
export function seriesOf(type: DocumentType): NumberSeries {
  return type === "proforma" ? "proforma" : "tax";
}

/** A document number as printed: exactly 10 Arabic digits, e.g. "0000000001". */
export function formatNumber(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > MAX_NUMBER)
    throw new RangeError(`No document number ${value}`);
  return String(value).padStart(10, "0");
}

/**
 * The next number of the series, to be called inside the transaction that issues the document.
 * The UPDATE locks the company's counter row until that transaction ends: concurrent issues
 * wait their turn, and a rolled-back issue gives its number back — no gaps, no duplicates.
 * (Database sequences are not gapless and must not be used for this.)
 */
export async function allocateNumber(
  trx: Transaction<Database>,
  companyId: string,
  series: NumberSeries,
) {
  await trx
    .insertInto("documentCounters")
    .values({ companyId, series })
    .onConflict((c) => c.columns(["companyId", "series"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("documentCounters")
    .set((eb) => ({ lastNumber: eb("lastNumber", "+", 1) }))
    .where("companyId", "=", companyId)
    .where("series", "=", series)
    .where("lastNumber", "<", MAX_NUMBER)
    .returning("lastNumber")
    .executeTakeFirst();
  if (!row) throw new AppError("Номерацията е изчерпана (9999999999)", 409);
  return formatNumber(Number(row.lastNumber));
}

export const START_ONCE =
  "Началният номер може да се зададе само веднъж и само преди първия издаден документ от поредицата";

/**
 * Sets the number the next document of the series will get (for a company moving from another
 * program). Allowed once, and only while the series has issued nothing.
 */
export async function setNextNumber(
  db: Kysely<Database>,
  companyId: string,
  series: NumberSeries,
  next: number,
) {
  if (!Number.isInteger(next) || next < 1 || next > MAX_NUMBER) {
    throw new AppError("Номерът трябва да е цяло число от 1 до 9999999999", 400, {
      nextNumber: "Номерът трябва да е цяло число от 1 до 9999999999",
    });
  }
  await db
    .insertInto("documentCounters")
    .values({ companyId, series })
    .onConflict((c) => c.columns(["companyId", "series"]).doNothing())
    .execute();
  const row = await db
    .updateTable("documentCounters")
    .set({ lastNumber: next - 1, startSetAt: new Date() })
    .where("companyId", "=", companyId)
    .where("series", "=", series)
    .where("lastNumber", "=", 0)
    .where("startSetAt", "is", null)
    .returning("lastNumber")
    .executeTakeFirst();
  if (!row) throw new AppError(START_ONCE, 409, { nextNumber: START_ONCE });
}

/** The number the next document of the series would get (for showing, not for issuing). */
export async function peekNextNumber(
  db: Kysely<Database>,
  companyId: string,
  series: NumberSeries,
) {
  const row = await db
    .selectFrom("documentCounters")
    .select("lastNumber")
    .where("companyId", "=", companyId)
    .where("series", "=", series)
    .executeTakeFirst();
  return formatNumber(Number(row?.lastNumber ?? 0) + 1);
}

/** Per series: the next number, and whether a starting number may still be set. */
export async function numberingState(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom("documentCounters")
    .select(["series", "lastNumber", "startSetAt"])
    .where("companyId", "=", companyId)
    .execute();
  return (["tax", "proforma"] as const).map((series) => {
    const row = rows.find((r) => r.series === series);
    const last = Number(row?.lastNumber ?? 0);
    return {
      series,
      next: formatNumber(last + 1),
      settable: last === 0 && !row?.startSetAt,
    };
  });
}
