import type { Kysely, Transaction } from "kysely";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { Database, DocumentRow, DocumentType, NumberSeries } from "~db/types";
import { DOCUMENT_MESSAGES } from "./constants";

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
  "Следващият номер може да се зададе само докато от поредицата няма издаден документ: след първия номерацията продължава без пропуски";

const RANGE = "Номерът трябва да е цяло число от 1 до 9999999999";

/** The document types numbered in the series (invoices share theirs with the notes). */
function typesOf(series: NumberSeries): DocumentType[] {
  return series === "proforma" ? ["proforma"] : ["invoice", "credit_note", "debit_note"];
}

/** Whether the series has a numbered document (issued or cancelled) in the company. */
async function seriesHasDocument(db: Kysely<Database>, companyId: string, series: NumberSeries) {
  const row = await db
    .selectFrom("documents")
    .select("id")
    .where("companyId", "=", companyId)
    .where("type", "in", typesOf(series))
    .where("number", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the number the next document of the series will get (for a company moving from another
 * program). Allowed, and changeable, while the series has no numbered document. The check runs
 * under the counter row's lock (SELECT … FOR UPDATE, the row `allocateNumber` updates), so an
 * issue in flight finishes first and is seen, and an issue after it gets the new number.
 */
export async function setNextNumber(
  db: Kysely<Database>,
  companyId: string,
  series: NumberSeries,
  next: number,
) {
  if (!Number.isInteger(next) || next < 1 || next > MAX_NUMBER) {
    throw new AppError(RANGE, 400, { nextNumber: RANGE });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("documentCounters")
      .values({ companyId, series })
      .onConflict((c) => c.columns(["companyId", "series"]).doNothing())
      .execute();
    await trx
      .selectFrom("documentCounters")
      .select("lastNumber")
      .where("companyId", "=", companyId)
      .where("series", "=", series)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (await seriesHasDocument(trx, companyId, series))
      throw new AppError(START_ONCE, 409, { nextNumber: START_ONCE });
    await trx
      .updateTable("documentCounters")
      .set({ lastNumber: next - 1, startSetAt: new Date() })
      .where("companyId", "=", companyId)
      .where("series", "=", series)
      .execute();
  });
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

/** Per series: the next number, and whether it may still be set (no numbered document yet). */
export async function numberingState(db: Kysely<Database>, companyId: string) {
  const [rows, numbered] = await Promise.all([
    db
      .selectFrom("documentCounters")
      .select(["series", "lastNumber"])
      .where("companyId", "=", companyId)
      .execute(),
    db
      .selectFrom("documents")
      .select("type")
      .distinct()
      .where("companyId", "=", companyId)
      .where("number", "is not", null)
      .execute(),
  ]);
  return (["tax", "proforma"] as const).map((series) => {
    const row = rows.find((r) => r.series === series);
    const last = Number(row?.lastNumber ?? 0);
    return {
      series,
      next: formatNumber(last + 1),
      settable: !numbered.some((d) => seriesOf(d.type) === series),
    };
  });
}

/** Whether the series' next number may still be set: no document of it has a number yet. */
export async function numberStillSettable(
  db: Kysely<Database>,
  companyId: string,
  series: NumberSeries,
) {
  return !(await seriesHasDocument(db, companyId, series));
}

/**
 * Sequential numbering (ППЗДДС чл. 78, decision 058): a number follows the ones before it in
 * date too, so a document is not issued with a date before the latest issued (or cancelled)
 * document of its series. Called by the issuing transaction with the series' counter row locked.
 */
export async function refuseOutOfOrder(
  trx: Transaction<Database>,
  companyId: string,
  doc: Pick<DocumentRow, "id" | "type" | "issueDate">,
) {
  const latest = await trx
    .selectFrom("documents")
    .select("issueDate")
    .where("companyId", "=", companyId)
    .where("type", "in", typesOf(seriesOf(doc.type)))
    .where("status", "in", ["issued", "cancelled"])
    .where("id", "!=", doc.id)
    .orderBy("issueDate", "desc")
    .limit(1)
    .executeTakeFirst();
  if (latest && latest.issueDate > doc.issueDate) {
    const message = DOCUMENT_MESSAGES.beforeLastIssued(printDate(latest.issueDate));
    throw new AppError(message, 409, { issueDate: message });
  }
}
