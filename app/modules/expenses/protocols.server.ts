import type { Insertable, Kysely, Transaction } from "kysely";
import { postVatProtocol } from "~/modules/ledger/post-protocol.server";
import { ledgerCurrency } from "~/modules/ledger/postings";
import { lockedSentence } from "~/modules/periods/constants";
import { assertPeriodOpen, lockOn } from "~/modules/periods/locks.server";
import { ecbRateOn } from "~/modules/reference/ecb-rates.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { BGN_PER_EUR, convertCents, divRound, percentOf } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database, VatProtocols, VatProtocolsKind } from "~db/types";
import { creditableVat } from "./amounts";
import {
  chargeableDate,
  PROTOCOL_MESSAGES,
  PROTOCOL_RATES,
  type ProtocolKind,
  protocolKindFor,
  protocolNumber,
  protocolTerm,
  withinTerm,
} from "./protocol-rules";

/*
 * Protocols under чл. 117 ЗДДС made from an expense (decision 073): the proposal a saved expense
 * shows, the protocol issued with the next number of the company's own series (gapless under the
 * counter row's lock), cancelled while its month is open, corrected by a new protocol once it is
 * locked. Each is posted to the books in the transaction that writes it.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const EXPENSE_COLUMNS = [
  "id",
  "documentType",
  "documentNumber",
  "documentDate",
  "taxEventDate",
  "paidOn",
  "supplierName",
  "supplierVatNumber",
  "reverseCharge",
  "currency",
  "eurRate",
  "subtotalCents",
  "vatCents",
  "vatCredit",
  "vatCreditCoefficient",
] as const;

async function expenseOf(db: Db, companyId: string, expenseId: string, lock = false) {
  if (!isUuid(expenseId)) return undefined;
  let query = db
    .selectFrom("expenses")
    .select(EXPENSE_COLUMNS)
    .where("companyId", "=", companyId)
    .where("id", "=", expenseId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && { ...row, subtotalCents: Number(row.subtotalCents), vatCents: Number(row.vatCents) }
  );
}
export type ExpenseRow = NonNullable<Awaited<ReturnType<typeof expenseOf>>>;

/** A protocol as pages and the API show it. */
export interface ProtocolView {
  id: string;
  number: string;
  kind: VatProtocolsKind;
  protocolDate: string;
  chargeableDate: string;
  currency: string;
  sourceCurrency: string;
  eurRate: string | null;
  rateNote: string | null;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  creditableVatCents: number;
  status: "issued" | "cancelled";
  correctsId: string | null;
  reason: string | null;
  locked: boolean;
}

/** What the page proposes: the protocol as it would be issued (the number is the next one). */
export interface ProtocolProposal {
  kind: ProtocolKind;
  chargeableDate: string;
  term: { from: string; to: string };
  protocolDate: string;
  currency: "BGN" | "EUR";
  sourceCurrency: string;
  eurRate: string | null;
  rateNote: string | null;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  creditableVatCents: number;
  nextNumber: string;
}

/** The base in the period's currency at the rate of the chargeable day (decision 051). */
export async function periodBase(
  db: Db,
  expense: Pick<ExpenseRow, "currency" | "subtotalCents" | "eurRate">,
  date: string,
) {
  const currency = ledgerCurrency(date);
  const source = expense.currency;
  if (source === currency)
    return { currency, baseCents: expense.subtotalCents, eurRate: null, rateNote: null };
  let eur = expense.subtotalCents;
  let eurRate: string | null = null;
  let rateNote: string | null = null;
  if (source === "BGN") {
    eur = Number(divRound(BigInt(expense.subtotalCents) * 100_000n, 195_583n));
  } else if (source !== "EUR") {
    const ecb = await ecbRateOn(db as Kysely<Database>, source, date);
    eurRate = ecb?.eurRate ?? (expense.eurRate === null ? null : String(expense.eurRate));
    if (!eurRate) throw new AppError(PROTOCOL_MESSAGES.rateUnknown, 400);
    rateNote = ecb?.note ?? `Курсът на разхода: 1 ${source} = ${eurRate} EUR`;
    eur = convertCents(expense.subtotalCents, eurRate);
  }
  const baseCents = currency === "EUR" ? eur : convertCents(eur, BGN_PER_EUR);
  return { currency, baseCents, eurRate, rateNote };
}

export async function nextNumberOf(db: Db, companyId: string) {
  const row = await db
    .selectFrom("vatProtocolCounters")
    .select("lastNumber")
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return protocolNumber(Number(row?.lastNumber ?? 0) + 1);
}

/** Choices the person may make on the proposal (all optional: the proposal decides). */
export interface ProtocolChoices {
  protocolDate?: string;
  vatRate?: number;
  goods?: boolean;
}

/** The company as the protocol rules read it (`protocolKindFor`): its VAT registration. */
export async function protocolCompany(db: Db, companyId: string) {
  const company = await db
    .selectFrom("companies")
    .select("isVatRegistered")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { vatRegistered: company.isVatRegistered };
}

async function propose(
  db: Db,
  companyId: string,
  expense: ExpenseRow,
  choices: ProtocolChoices,
): Promise<ProtocolProposal | null> {
  const kind = protocolKindFor(expense, await protocolCompany(db, companyId), choices.goods);
  if (!kind) return null;
  const chargeable = chargeableDate(expense, kind);
  const term = protocolTerm(chargeable);
  const protocolDate = choices.protocolDate ?? chargeable;
  if (!withinTerm(protocolDate, chargeable)) {
    const message = PROTOCOL_MESSAGES.date(printDate(term.from), printDate(term.to));
    throw new AppError(message, 400, { protocolDate: message });
  }
  const vatRate = choices.vatRate ?? 20;
  if (!(PROTOCOL_RATES as readonly number[]).includes(vatRate)) {
    throw new AppError(PROTOCOL_MESSAGES.rate, 400, { vatRate: PROTOCOL_MESSAGES.rate });
  }
  const base = await periodBase(db, expense, chargeable);
  const vatCents = percentOf(base.baseCents, vatRate);
  const coefficient =
    expense.vatCreditCoefficient === null ? null : String(expense.vatCreditCoefficient);
  return {
    kind,
    chargeableDate: chargeable,
    term,
    protocolDate,
    ...base,
    currency: base.currency,
    sourceCurrency: expense.currency,
    vatRate,
    vatCents,
    creditableVatCents: creditableVat(vatCents, expense.vatCredit, coefficient),
    nextNumber: await nextNumberOf(db, companyId),
  };
}

/** The expense's protocols (originals and corrections, by number) as shown. */
export async function expenseProtocols(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
): Promise<ProtocolView[]> {
  if (!isUuid(expenseId)) return [];
  const rows = await db
    .selectFrom("vatProtocols")
    .select([
      "id",
      "number",
      "kind",
      "protocolDate",
      "chargeableDate",
      "currency",
      "sourceCurrency",
      "eurRate",
      "rateNote",
      "baseCents",
      "vatRate",
      "vatCents",
      "creditableVatCents",
      "status",
      "correctsId",
      "reason",
    ])
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .orderBy("number")
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      eurRate: r.eurRate === null ? null : String(r.eurRate),
      baseCents: Number(r.baseCents),
      vatCents: Number(r.vatCents),
      creditableVatCents: Number(r.creditableVatCents),
      locked: !!(await lockOn(db, companyId, r.protocolDate)),
    })),
  );
}

/**
 * The protocol an expense would get now, or null: not due (decision 073's rules), or it has an
 * issued protocol already.
 */
export async function protocolProposal(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  choices: ProtocolChoices = {},
): Promise<ProtocolProposal | null> {
  const expense = await expenseOf(db, companyId, expenseId);
  if (!expense || (await liveProtocol(db, companyId, expenseId))) return null;
  return propose(db, companyId, expense, choices);
}

async function liveProtocol(db: Db, companyId: string, expenseId: string) {
  return db
    .selectFrom("vatProtocols")
    .select(["id", "number"])
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .where("status", "=", "issued")
    .where("correctsId", "is", null)
    .executeTakeFirst();
}

/** The next number of the company's series: the UPDATE holds the counter's row to commit. */
export async function allocate(trx: Transaction<Database>, companyId: string) {
  await trx
    .insertInto("vatProtocolCounters")
    .values({ companyId })
    .onConflict((c) => c.column("companyId").doNothing())
    .execute();
  const row = await trx
    .updateTable("vatProtocolCounters")
    .set((eb) => ({ lastNumber: eb("lastNumber", "+", 1) }))
    .where("companyId", "=", companyId)
    .where("lastNumber", "<", 9_999_999_999)
    .returning("lastNumber")
    .executeTakeFirst();
  if (!row) throw new AppError("Номерацията на протоколите е изчерпана (9999999999)", 409);
  return protocolNumber(Number(row.lastNumber));
}

/** What a protocol is written with; its number is taken by writeProtocol. */
export type ProtocolValues = Omit<
  Insertable<VatProtocols>,
  "id" | "companyId" | "expenseId" | "number" | "createdBy" | "createdAt" | "status"
>;

/** A proposal's columns (decision 073): what issueProtocol and a note's protocol write. */
export function proposalValues(proposal: ProtocolProposal): ProtocolValues {
  return {
    kind: proposal.kind,
    protocolDate: proposal.protocolDate,
    chargeableDate: proposal.chargeableDate,
    currency: proposal.currency,
    sourceCurrency: proposal.sourceCurrency,
    eurRate: proposal.eurRate,
    rateNote: proposal.rateNote,
    baseCents: proposal.baseCents,
    vatRate: proposal.vatRate,
    vatCents: proposal.vatCents,
    creditableVatCents: proposal.creditableVatCents,
  };
}

/**
 * Writes a protocol with the series' next number (its counter row held to commit) and posts it to
 * the books in the same transaction: the one way an original, a correction and a note's
 * protocol are written.
 */
export async function writeProtocol(
  trx: Transaction<Database>,
  companyId: string,
  expenseId: string,
  values: ProtocolValues,
  userId: string | null,
) {
  const number = await allocate(trx, companyId);
  const row = await trx
    .insertInto("vatProtocols")
    .values({ ...values, companyId, expenseId, number, createdBy: userId })
    .returning(["id", "number"])
    .executeTakeFirstOrThrow();
  await postVatProtocol(trx, companyId, row.id, userId ? { id: userId, name: null } : null);
  return row;
}

/**
 * Issues the expense's protocol as proposed (the person's choices applied): 404 for another
 * company's expense, 409 when it has one, 400 when none is due or a choice is out of the law.
 */
export async function issueProtocol(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  choices: ProtocolChoices,
  userId: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const expense = await expenseOf(trx, companyId, expenseId, true);
    if (!expense) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
    if (await liveProtocol(trx, companyId, expenseId)) {
      throw new AppError(PROTOCOL_MESSAGES.already, 409);
    }
    const proposal = await propose(trx, companyId, expense, choices);
    if (!proposal) throw new AppError(PROTOCOL_MESSAGES.notDue, 400);
    await assertPeriodOpen(trx, companyId, proposal.protocolDate);
    return writeProtocol(trx, companyId, expenseId, proposalValues(proposal), userId);
  });
}

async function protocolOf(
  trx: Transaction<Database>,
  companyId: string,
  expenseId: string,
  id: string,
) {
  if (!isUuid(id) || !isUuid(expenseId)) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
  const row = await trx
    .selectFrom("vatProtocols")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
  if (row.status === "cancelled") throw new AppError(PROTOCOL_MESSAGES.cancelled, 409);
  return row;
}

/**
 * Cancels a protocol while its month is open (no return filed for it): it keeps its number, shows
 * as cancelled in the sales journal, and its entry is reversed. A locked month: 409, a correcting
 * protocol instead (чл. 117, ал. 4).
 */
export async function cancelProtocol(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  id: string,
  userId: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const row = await protocolOf(trx, companyId, expenseId, id);
    const lock = await lockOn(trx, companyId, row.protocolDate);
    if (lock) {
      throw new AppError(`${lockedSentence(lock)} ${PROTOCOL_MESSAGES.lockedCancel}`, 409);
    }
    await assertPeriodOpen(trx, companyId, row.protocolDate);
    // Its corrections go with it (they change a protocol that no longer stands).
    const ids = [id];
    const corrections = await trx
      .selectFrom("vatProtocols")
      .select("id")
      .where("companyId", "=", companyId)
      .where("correctsId", "=", id)
      .where("status", "=", "issued")
      .execute();
    ids.push(...corrections.map((c) => c.id));
    await trx
      .updateTable("vatProtocols")
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "in", ids)
      .execute();
    for (const each of ids) {
      await postVatProtocol(trx, companyId, each, userId ? { id: userId, name: null } : null);
    }
    return { id, number: row.number };
  });
}

/**
 * A correcting protocol (чл. 117, ал. 4 and 5): the new base of the supply, why, and the day; it
 * carries the change of the base and of the VAT from what the protocol and its earlier
 * corrections say, in its own month. Only for a protocol of a locked month.
 */
export async function correctProtocol(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  id: string,
  input: { baseCents: number; reason: string; protocolDate?: string },
  userId: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const original = await protocolOf(trx, companyId, expenseId, id);
    if (original.correctsId) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
    if (!(await lockOn(trx, companyId, original.protocolDate))) {
      throw new AppError(PROTOCOL_MESSAGES.openCorrect, 409);
    }
    const date = input.protocolDate ?? todayInSofia();
    await assertPeriodOpen(trx, companyId, date);
    const earlier = await trx
      .selectFrom("vatProtocols")
      .select(["baseCents", "vatCents", "creditableVatCents"])
      .where("companyId", "=", companyId)
      .where("status", "=", "issued")
      .where((eb) => eb.or([eb("id", "=", id), eb("correctsId", "=", id)]))
      .execute();
    const sum = (pick: (r: (typeof earlier)[number]) => number | string) =>
      earlier.reduce((s, r) => s + Number(pick(r)), 0);
    const baseDelta = input.baseCents - sum((r) => r.baseCents);
    if (baseDelta === 0) {
      throw new AppError(PROTOCOL_MESSAGES.sameBase, 400, {
        baseCents: PROTOCOL_MESSAGES.sameBase,
      });
    }
    const vatDelta = percentOf(input.baseCents, original.vatRate) - sum((r) => r.vatCents);
    const share =
      Number(original.vatCents) === 0
        ? 0
        : Number(original.creditableVatCents) / Number(original.vatCents);
    const creditDelta = share === 1 ? vatDelta : share === 0 ? 0 : Math.round(vatDelta * share);
    return writeProtocol(
      trx,
      companyId,
      expenseId,
      {
        kind: original.kind,
        protocolDate: date,
        chargeableDate: date,
        currency: ledgerCurrency(date),
        sourceCurrency: original.sourceCurrency,
        eurRate: null,
        rateNote: null,
        baseCents: baseDelta,
        vatRate: original.vatRate,
        vatCents: vatDelta,
        creditableVatCents: creditDelta,
        correctsId: id,
        reason: input.reason,
      },
      userId,
    );
  });
}

/** The expense's protocol numbers that stop it being deleted (any protocol keeps its number). */
export async function protocolsBlockingDelete(db: Db, companyId: string, expenseId: string) {
  const row = await db
    .selectFrom("vatProtocols")
    .select("number")
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .orderBy("number")
    .executeTakeFirst();
  if (row) throw new AppError(PROTOCOL_MESSAGES.hasProtocol(row.number), 409);
}
