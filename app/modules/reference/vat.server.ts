import { type Kysely, sql, type Transaction } from "kysely";
import { recordAudit } from "~/modules/admin/audit.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import {
  VAT_MESSAGES,
  type VatGroundKind,
  type VatGroundRow,
  type VatRateRow,
  validOn,
} from "./vat";

/*
 * VAT rates and legal grounds, dated rows edited at /hatterscastle/vat-update. Read on every
 * request (one small indexed query): several instances serve the app, so nothing is cached.
 */

type Audit = Omit<Parameters<typeof recordAudit>[1], "action" | "target" | "details">;

const RATE_COLUMNS = ["id", "rate", "name", "validFrom", "validTo"] as const;
const GROUND_COLUMNS = [
  "id",
  "text",
  "textEn",
  "label",
  "kind",
  "validFrom",
  "validTo",
  "sort",
] as const;

/** The rates valid on a day, highest first. */
export async function vatRatesOn(db: Kysely<Database>, day: string): Promise<VatRateRow[]> {
  return db
    .selectFrom("vatRates")
    .select(RATE_COLUMNS)
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("rate", "desc")
    .execute();
}

/** The grounds valid on a day, in their order. */
export async function vatGroundsOn(db: Kysely<Database>, day: string): Promise<VatGroundRow[]> {
  return db
    .selectFrom("vatGrounds")
    .select(GROUND_COLUMNS)
    .where("validFrom", "<=", day)
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", day)]))
    .orderBy("sort")
    .orderBy("text")
    .execute();
}

/**
 * The kind of a document's legal ground (the grounds table, on the document's date): what the
 * e-invoice's VAT category and the printed «Обратно начисляване» follow.
 */
export async function vatGroundKind(
  db: Kysely<Database>,
  text: string | null,
  day: string,
): Promise<VatGroundKind | null> {
  return (await vatGroundOf(db, text, day))?.kind ?? null;
}

/**
 * A document's legal ground in the grounds table (the row valid on the document's date, else the
 * latest): its kind and its English wording (issue #41 item 5), null when the text is not there.
 */
export async function vatGroundOf(
  db: Kysely<Database>,
  text: string | null,
  day: string,
): Promise<{ kind: VatGroundKind; textEn: string | null } | null> {
  if (!text?.trim()) return null;
  const rows = await db
    .selectFrom("vatGrounds")
    .select(["kind", "textEn", "validFrom", "validTo"])
    .where("text", "=", text.trim())
    .orderBy("validFrom", "desc")
    .execute();
  const row = rows.find((candidate) => validOn(candidate, day)) ?? rows[0];
  return row ? { kind: row.kind, textEn: row.textEn } : null;
}

/** Every rate, past and future, by rate and start. */
export async function allVatRates(db: Kysely<Database>): Promise<VatRateRow[]> {
  return db
    .selectFrom("vatRates")
    .select(RATE_COLUMNS)
    .orderBy("rate", "desc")
    .orderBy("validFrom")
    .execute();
}

/** Every ground, past and future, in their order. */
export async function allVatGrounds(db: Kysely<Database>): Promise<VatGroundRow[]> {
  return db
    .selectFrom("vatGrounds")
    .select(GROUND_COLUMNS)
    .orderBy("sort")
    .orderBy("validFrom")
    .execute();
}

/**
 * The lines whose rate is not valid on the document's day, as field errors at each line's rate
 * ("lines.2.vatRate"); empty when every rate holds.
 */
export async function invalidLineRates(
  db: Kysely<Database>,
  day: string,
  lines: readonly { vatRate: number | null }[],
): Promise<Record<string, string>> {
  if (lines.every((line) => line.vatRate === null)) return {};
  const valid = new Set((await vatRatesOn(db, day)).map((row) => row.rate));
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (line.vatRate !== null && !valid.has(line.vatRate)) {
      errors[`lines.${i}.vatRate`] = VAT_MESSAGES.notValidOnDate;
    }
  });
  return errors;
}

/** Another row of the same rate (or ground text) whose period meets [from, to]. */
function overlaps(from: string, to: string | null) {
  return sql<boolean>`valid_from <= ${to ?? "9999-12-31"}::date
    and (valid_to is null or valid_to >= ${from}::date)`;
}

/**
 * Ending a dated row (a rate or a ground), the part both share: in one transaction with the table
 * locked, the row by id (404 when unknown), refused when its last day comes before its first or when
 * another row of the same value would overlap it; `end` does the rest in the same transaction.
 */
async function endDatedRow<Row extends { id: string; validFrom: string; validTo: string | null }>(
  db: Kysely<Database>,
  id: string,
  validTo: string,
  dated: {
    table: "vat_rates" | "vat_grounds";
    find: (trx: Transaction<Database>) => Promise<Row | undefined>;
    clash: (trx: Transaction<Database>, row: Row) => Promise<unknown>;
    overlapMessage: (row: Row) => string;
  },
  end: (trx: Transaction<Database>, row: Row) => Promise<Row>,
): Promise<Row> {
  if (!isUuid(id))
    throw new AppError(VAT_MESSAGES.rowNotFound, 404, { id: VAT_MESSAGES.rowNotFound });
  return db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.raw(dated.table)} in share row exclusive mode`.execute(trx);
    const row = await dated.find(trx);
    if (!row) throw new AppError(VAT_MESSAGES.rowNotFound, 404, { id: VAT_MESSAGES.rowNotFound });
    if (validTo < row.validFrom) {
      throw new AppError(VAT_MESSAGES.validToBeforeFrom, 400, {
        validTo: VAT_MESSAGES.validToBeforeFrom,
      });
    }
    if (await dated.clash(trx, row)) {
      const message = dated.overlapMessage(row);
      throw new AppError(message, 400, { validTo: message });
    }
    return end(trx, row);
  });
}

/** A new rate from a day (open-ended); refused when the same rate already holds then. */
export async function addVatRate(
  db: Kysely<Database>,
  input: { rate: number; name: string; validFrom: string },
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // One writer of the rates at a time, so two admins cannot add overlapping rows.
    await sql`lock table vat_rates in share row exclusive mode`.execute(trx);
    const clash = await trx
      .selectFrom("vatRates")
      .select("id")
      .where("rate", "=", input.rate)
      .where(overlaps(input.validFrom, null))
      .executeTakeFirst();
    if (clash) {
      const message = VAT_MESSAGES.rateOverlap(input.rate);
      throw new AppError(message, 400, { validFrom: message });
    }
    const row = await trx
      .insertInto("vatRates")
      .values(input)
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "vat.rate",
      target: `${input.rate} %`,
      details: { change: "add", id: row.id, ...input },
    });
    return row.id;
  });
}

/**
 * Sets a rate's last day. A rate stays in force over every issued document that carries it:
 * ending it before such a document's date is refused, naming how many there are.
 */
export async function endVatRate(
  db: Kysely<Database>,
  id: string,
  validTo: string,
  audit: Audit,
): Promise<VatRateRow> {
  return endDatedRow<VatRateRow>(
    db,
    id,
    validTo,
    {
      table: "vat_rates",
      find: (trx) =>
        trx.selectFrom("vatRates").select(RATE_COLUMNS).where("id", "=", id).executeTakeFirst(),
      clash: (trx, row) =>
        trx
          .selectFrom("vatRates")
          .select("id")
          .where("rate", "=", row.rate)
          .where("id", "!=", row.id)
          .where(overlaps(row.validFrom, validTo))
          .executeTakeFirst(),
      overlapMessage: (row) => VAT_MESSAGES.rateOverlap(row.rate),
    },
    async (trx, row) => {
      // Issued and cancelled documents dated inside the part of the period that would be cut off
      // (and not covered by another row of the same rate): they must keep a valid rate. Drafts are
      // refused when saved or issued instead.
      const cutTo = row.validTo;
      if (cutTo === null || validTo < cutTo) {
        const used = await sql<{ n: number }>`
        select count(distinct d.id)::int as n
        from documents d
        where d.status <> 'draft'
          and coalesce(d.tax_event_date, d.issue_date) > ${validTo}::date
          and (${cutTo}::date is null or coalesce(d.tax_event_date, d.issue_date) <= ${cutTo}::date)
          and exists (select 1 from document_lines l
            where l.document_id = d.id and l.vat_rate = ${row.rate})
          and not exists (select 1 from vat_rates r
            where r.rate = ${row.rate} and r.id <> ${row.id}
              and r.valid_from <= coalesce(d.tax_event_date, d.issue_date)
              and (r.valid_to is null or r.valid_to >= coalesce(d.tax_event_date, d.issue_date)))
      `.execute(trx);
        const count = used.rows[0]?.n ?? 0;
        if (count > 0) {
          const message = VAT_MESSAGES.rateUsed(count, printDate(validTo));
          throw new AppError(message, 409, { validTo: message });
        }
      }
      await trx.updateTable("vatRates").set({ validTo }).where("id", "=", id).execute();
      await recordAudit(trx, {
        ...audit,
        action: "vat.rate",
        target: `${row.rate} %`,
        details: {
          change: "end",
          id,
          rate: row.rate,
          validFrom: row.validFrom,
          from: row.validTo,
          validTo,
        },
      });
      return { ...row, validTo };
    },
  );
}

/** A new ground from a day (open-ended), after the others in the list. */
export async function addVatGround(
  db: Kysely<Database>,
  input: {
    text: string;
    /** How an English document prints it; null: the Bulgarian text. */
    textEn: string | null;
    label: string;
    kind: VatGroundKind;
    validFrom: string;
  },
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table vat_grounds in share row exclusive mode`.execute(trx);
    const clash = await trx
      .selectFrom("vatGrounds")
      .select("id")
      .where("text", "=", input.text)
      .where(overlaps(input.validFrom, null))
      .executeTakeFirst();
    if (clash) {
      throw new AppError(VAT_MESSAGES.groundOverlap, 400, { text: VAT_MESSAGES.groundOverlap });
    }
    const last = await trx
      .selectFrom("vatGrounds")
      .select((eb) => eb.fn.max("sort").as("sort"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("vatGrounds")
      .values({ ...input, sort: Number(last?.sort ?? 0) + 10 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "vat.ground",
      target: input.text,
      details: { change: "add", id: row.id, ...input },
    });
    return row.id;
  });
}

/**
 * Sets a ground's last day: it is no longer offered for documents dated after it. Documents
 * keep the text they were saved with (a ground is printed as text).
 */
export async function endVatGround(
  db: Kysely<Database>,
  id: string,
  validTo: string,
  audit: Audit,
): Promise<VatGroundRow> {
  return endDatedRow<VatGroundRow>(
    db,
    id,
    validTo,
    {
      table: "vat_grounds",
      find: (trx) =>
        trx.selectFrom("vatGrounds").select(GROUND_COLUMNS).where("id", "=", id).executeTakeFirst(),
      clash: (trx, row) =>
        trx
          .selectFrom("vatGrounds")
          .select("id")
          .where("text", "=", row.text)
          .where("id", "!=", row.id)
          .where(overlaps(row.validFrom, validTo))
          .executeTakeFirst(),
      overlapMessage: () => VAT_MESSAGES.groundOverlap,
    },
    async (trx, row) => {
      await trx.updateTable("vatGrounds").set({ validTo }).where("id", "=", id).execute();
      await recordAudit(trx, {
        ...audit,
        action: "vat.ground",
        target: row.text,
        details: { change: "end", id, text: row.text, from: row.validTo, validTo },
      });
      return { ...row, validTo };
    },
  );
}
