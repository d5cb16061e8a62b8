import { type Kysely, sql, type Transaction } from "kysely";
import { AppError } from "~/utils/errors";
import { centsToDecimal, computeTotals, PRICE_SCALE, scaledToString } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { ADVANCE_MESSAGES, deductionText, type OpenAdvance } from "./advances";
import { DOCUMENT_NOT_FOUND, documentVisibleTo } from "./visibility.server";

/*
 * Advance invoices (issue #48 item 2, decision 074): what is left of an advance, the deduction
 * lines of a final invoice, and the checks that keep an advance from being deducted twice. What
 * is left is the advance's base less the deduction lines of issued invoices (a cancelled one frees
 * its deduction) less its issued credit notes' bases plus its debit notes'. Issuing a final
 * invoice locks its advances' rows (FOR UPDATE, in id order) and counts again, so two invoices
 * issued at once cannot both take the last of one advance.
 */

type Db = Kysely<Database>;

const FIELD = "advanceDeductions";

/** A deduction as the schema gives it: the base to deduct in cents, or null for all that is left. */
export interface DeductionInput {
  advanceId: string;
  amountCents: number | null;
}

/** The advances' rows with their one rate, base and what is left (excluding one draft's own). */
async function advancesWithRemaining(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("documents as a")
    .leftJoin("clients", (join) =>
      join.onRef("clients.id", "=", "a.clientId").on("clients.companyId", "=", companyId),
    )
    .select((eb) => [
      "a.id",
      "a.number",
      "a.issueDate",
      "a.clientId",
      "a.currency",
      "a.status",
      "a.advance",
      "a.type",
      "a.subtotalCents",
      "a.createdBy",
      "clients.name as clientName",
      eb
        .selectFrom("documentLines as l")
        .select(sql<number[]>`array_agg(distinct coalesce(l.vat_rate, -1))`.as("rates"))
        .whereRef("l.documentId", "=", "a.id")
        .where("l.companyId", "=", companyId)
        .as("rates"),
      eb
        .selectFrom("documentLines as d")
        .innerJoin("documents as f", "f.id", "d.documentId")
        .select(sql<string>`coalesce(sum(-d.net_cents), 0)::bigint`.as("used"))
        .whereRef("d.advanceId", "=", "a.id")
        .where("d.companyId", "=", companyId)
        .where("f.status", "=", "issued")
        .as("used"),
      eb
        .selectFrom("documents as n")
        .select(
          sql<string>`coalesce(sum(case when n.type = 'credit_note' then -n.subtotal_cents else n.subtotal_cents end), 0)::bigint`.as(
            "noted",
          ),
        )
        .whereRef("n.originalId", "=", "a.id")
        .where("n.companyId", "=", companyId)
        .where("n.status", "=", "issued")
        .as("noted"),
    ])
    .where("a.companyId", "=", companyId)
    .where("a.id", "in", ids)
    .execute();
  return rows.map((row) => {
    const rates = (row.rates ?? []).map(Number);
    return {
      ...row,
      number: row.number ?? "",
      clientName: row.clientName ?? "",
      vatRate: rates[0] === undefined || rates[0] === -1 ? null : rates[0],
      oneRate: rates.length === 1,
      remainingCents: row.subtotalCents + Number(row.noted ?? 0) - Number(row.used ?? 0),
    };
  });
}

/**
 * The issued advance invoices the person reads with something left to deduct (all clients, or
 * one), newest first, plus those named in `include` (a draft's, even if used up since).
 */
export async function openAdvances(
  db: Db,
  companyId: string,
  createdBy: string | null,
  include: string[] = [],
): Promise<OpenAdvance[]> {
  const candidates = await db
    .selectFrom("documents")
    .select("id")
    .where(documentVisibleTo(companyId, createdBy))
    .where("type", "=", "invoice")
    .where("advance", "=", true)
    .where("status", "=", "issued")
    .orderBy("issueDate", "desc")
    .orderBy("number", "desc")
    .limit(200)
    .execute();
  const wanted = new Set(include.filter((id) => isUuid(id)));
  const ids = [...new Set([...candidates.map((c) => c.id), ...wanted])];
  const rows = await advancesWithRemaining(db, companyId, ids);
  const visible = new Set(candidates.map((c) => c.id));
  return rows
    .filter((row) => visible.has(row.id) && (row.remainingCents > 0 || wanted.has(row.id)))
    .sort((a, b) => b.issueDate.localeCompare(a.issueDate) || b.number.localeCompare(a.number))
    .map((row) => ({
      id: row.id,
      number: row.number,
      issueDate: row.issueDate,
      clientId: row.clientId,
      clientName: row.clientName,
      currency: row.currency,
      vatRate: row.vatRate,
      baseCents: row.subtotalCents,
      remainingCents: Math.max(0, row.remainingCents),
    }));
}

const refuse = (message: string, status = 400): never => {
  throw new AppError(message, status, { [FIELD]: message });
};

/**
 * The final invoice's deduction lines, checked: each an issued advance invoice the person reads
 * (another's is not found, as reading it is), of the same client and currency, once, at most
 * what is left of it. They follow the typed lines (`position` on).
 */
export async function deductionLines(
  db: Db,
  companyId: string,
  createdBy: string | null,
  doc: {
    type: string;
    advance: boolean;
    clientId: string;
    currency: string;
    language: string;
    deductions: DeductionInput[];
  },
  position: number,
) {
  if (!doc.deductions.length) return [];
  if (doc.type !== "invoice") refuse(ADVANCE_MESSAGES.onlyInvoice);
  if (doc.advance) refuse(ADVANCE_MESSAGES.advanceDeducts);
  const ids = doc.deductions.map((d) => d.advanceId);
  if (new Set(ids).size !== ids.length) refuse(ADVANCE_MESSAGES.twice);
  if (!ids.every((id) => isUuid(id))) refuse(ADVANCE_MESSAGES.notFound, 404);
  const visible = await db
    .selectFrom("documents")
    .select("id")
    .where(documentVisibleTo(companyId, createdBy))
    .where("id", "in", ids)
    .execute();
  const seen = new Set(visible.map((row) => row.id));
  if (ids.some((id) => !seen.has(id))) refuse(ADVANCE_MESSAGES.notFound, 404);
  const advances = new Map(
    (await advancesWithRemaining(db, companyId, ids)).map((row) => [row.id, row]),
  );
  return doc.deductions.map((deduction, i) => {
    const advance = advances.get(deduction.advanceId);
    if (!advance) return refuse(ADVANCE_MESSAGES.notFound, 404);
    if (advance.type !== "invoice" || !advance.advance || advance.status !== "issued") {
      refuse(ADVANCE_MESSAGES.notAdvance);
    }
    if (advance.clientId !== doc.clientId) refuse(ADVANCE_MESSAGES.otherClient);
    if (advance.currency !== doc.currency) refuse(ADVANCE_MESSAGES.otherCurrency);
    const left = advance.remainingCents;
    if (left <= 0) refuse(`№ ${advance.number}: ${ADVANCE_MESSAGES.exhausted}`);
    const cents = deduction.amountCents ?? left;
    if (cents > left) {
      refuse(`№ ${advance.number}: ${ADVANCE_MESSAGES.exceeds(centsToDecimal(left))}`);
    }
    return {
      position: position + i,
      description: deductionText(advance, doc.language),
      quantity: "1.000",
      unit: "бр.",
      unitPrice: scaledToString(BigInt(-cents) * 100n, PRICE_SCALE),
      discountPercent: "0.00",
      vatRate: advance.vatRate,
      netCents: -cents,
      catalogueItemId: null,
      advanceId: advance.id,
    };
  });
}

/** A deduction must not take a rate's base below zero (the invoice would owe a negative VAT). */
export function refuseOverBase(lines: { netCents: number; vatRate: number | null }[]) {
  for (const group of computeTotals(lines).groups) {
    if (group.baseCents < 0) {
      refuse(ADVANCE_MESSAGES.overBase(group.rate === null ? "без ДДС" : `${group.rate} %`));
    }
  }
}

/** An advance invoice's lines are at one rate (its deduction is a line at that rate). */
export function refuseMixedRates(advance: boolean, lines: { vatRate: number | null }[]) {
  if (advance && new Set(lines.map((l) => l.vatRate)).size > 1) {
    throw new AppError(ADVANCE_MESSAGES.oneRate, 400, { advance: ADVANCE_MESSAGES.oneRate });
  }
}

/**
 * At issue, under the advances' row locks: each advance the draft deducts is still issued and has
 * at least the draft's deduction left (that the issuer reads it: refuseHiddenOriginal). Locks are taken in
 * id order, so two issuers never wait on each other crosswise.
 */
export async function lockDeductions(
  trx: Transaction<Database>,
  companyId: string,
  documentId: string,
) {
  const lines = await trx
    .selectFrom("documentLines")
    .select(["advanceId", "netCents"])
    .where("companyId", "=", companyId)
    .where("documentId", "=", documentId)
    .where("advanceId", "is not", null)
    .execute();
  const ids = [...new Set(lines.map((l) => l.advanceId as string))].sort();
  if (!ids.length) return;
  const locked = await trx
    .selectFrom("documents")
    .select("id")
    .where("companyId", "=", companyId)
    .where("id", "in", ids)
    .orderBy("id")
    .forUpdate()
    .execute();
  if (locked.length !== ids.length) {
    throw new AppError(DOCUMENT_NOT_FOUND, 404, { [FIELD]: DOCUMENT_NOT_FOUND });
  }
  for (const advance of await advancesWithRemaining(trx, companyId, ids)) {
    if (advance.status !== "issued") {
      throw new AppError(ADVANCE_MESSAGES.issueCancelled(advance.number), 409);
    }
    const wanted = lines
      .filter((l) => l.advanceId === advance.id)
      .reduce((sum, l) => sum - l.netCents, 0);
    if (wanted > advance.remainingCents) {
      const left = centsToDecimal(Math.max(0, advance.remainingCents));
      throw new AppError(ADVANCE_MESSAGES.issueExceeds(advance.number, left), 409);
    }
  }
}

/** An advance an issued invoice deducts is not cancelled before that invoice (409). */
export async function refuseCancellingDeducted(
  trx: Transaction<Database>,
  companyId: string,
  advanceId: string,
) {
  const finals = await trx
    .selectFrom("documentLines as l")
    .innerJoin("documents as f", "f.id", "l.documentId")
    .select("f.number")
    .distinct()
    .where("l.companyId", "=", companyId)
    .where("l.advanceId", "=", advanceId)
    .where("f.status", "=", "issued")
    .execute();
  if (finals.length) {
    throw new AppError(
      ADVANCE_MESSAGES.cancelDeducted(finals.map((f) => f.number ?? "").join(", ")),
      409,
    );
  }
}
