import type { Kysely, Transaction } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { percentOf } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { EXPENSE_DOCUMENT_TYPES } from "./constants";
import {
  PROTOCOL_MESSAGES,
  type ProtocolKind,
  protocolKindFor,
  protocolTerm,
  withinTerm,
} from "./protocol-rules";
import {
  EXPENSE_COLUMNS,
  nextNumberOf,
  type ProtocolProposal,
  periodBase,
  proposalValues,
  protocolCompany,
  protocolProposal,
  writeProtocol,
} from "./protocols.server";

/*
 * A credit or debit note from a supplier whose invoice got a protocol under чл. 117 (decision
 * 073): the change of the tax base needs a new protocol (чл. 117, ал. 4–5) that names the
 * original protocol, the reason, and the change of base and VAT, within 15 days of the change.
 * Сметка proposes it against the protocol of the supplier's invoice the note corrects (the
 * latest one on or before the note, or the one the person picks), at that protocol's rate; it is
 * a correcting protocol (`corrects_id`) of the note's expense, in the note's month.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const NOTE_MESSAGES = {
  noOriginal:
    "Няма издаден протокол по чл. 117 за фактура от този доставчик с дата до датата на известието: издайте първо протокола на фактурата, която известието коригира (страницата на фактурата, «Протокол по чл. 117»), и се върнете тук",
  original:
    "Изберете фактура от същия доставчик с издаден протокол по чл. 117, която известието коригира",
  date: (from: string, to: string) =>
    `Датата на протокола е в срока по чл. 117, ал. 5 ЗДДС: от ${from} до ${to}`,
  belowZero: (number: string) =>
    `Кредитното известие намалява данъчната основа по протокол № ${number} под нула: проверете сумата на известието или изберете друга фактура`,
} as const;

/** A credit or debit note: its protocol corrects the protocol of the invoice it changes. */
export const isProtocolNote = (documentType: string) =>
  documentType === "credit_note" || documentType === "debit_note";

/** A protocol of a supplier's invoice that a note may correct. */
export interface NoteOriginal {
  protocolId: string;
  number: string;
  protocolDate: string;
  kind: ProtocolKind;
  vatRate: number;
  expenseId: string;
  documentNumber: string;
  documentDate: string;
}

/** The note's proposal: a correcting protocol, the original it corrects and the ones to pick. */
export interface NoteProposal extends ProtocolProposal {
  corrects: NoteOriginal;
  originals: NoteOriginal[];
  reason: string;
}

async function noteOf(db: Db, companyId: string, expenseId: string, lock = false) {
  if (!isUuid(expenseId)) return undefined;
  let query = db
    .selectFrom("expenses")
    .select([...EXPENSE_COLUMNS, "supplierId", "supplierEik"])
    .where("companyId", "=", companyId)
    .where("id", "=", expenseId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && { ...row, subtotalCents: Number(row.subtotalCents), vatCents: Number(row.vatCents) }
  );
}
type Note = NonNullable<Awaited<ReturnType<typeof noteOf>>>;

/**
 * The protocols the note may correct: issued originals of the same supplier's invoices (by the
 * supplier's record, VAT number or ЕИК), of the same company — the rule that reads an expense —
 * dated on or before the note, the latest first.
 */
async function noteOriginals(db: Db, companyId: string, note: Note) {
  const rows = await db
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as e", (j) =>
      j.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
    )
    .select([
      "p.id as protocolId",
      "p.number",
      "p.protocolDate",
      "p.kind",
      "p.vatRate",
      "e.id as expenseId",
      "e.documentNumber",
      "e.documentDate",
    ])
    .where("p.companyId", "=", companyId)
    .where("p.status", "=", "issued")
    .where("p.correctsId", "is", null)
    .where("e.documentType", "=", "invoice")
    .where("e.id", "<>", note.id)
    .where("e.documentDate", "<=", note.documentDate)
    .where((eb) => {
      const same = [];
      if (note.supplierId) same.push(eb("e.supplierId", "=", note.supplierId));
      if (note.supplierVatNumber) same.push(eb("e.supplierVatNumber", "=", note.supplierVatNumber));
      if (note.supplierEik) same.push(eb("e.supplierEik", "=", note.supplierEik));
      return same.length ? eb.or(same) : eb.val(false);
    })
    .orderBy("e.documentDate", "desc")
    .orderBy("p.number", "desc")
    .limit(50)
    .execute();
  return rows as NoteOriginal[];
}

async function liveNoteProtocol(db: Db, companyId: string, expenseId: string) {
  return db
    .selectFrom("vatProtocols")
    .select(["id", "number"])
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .where("status", "=", "issued")
    .executeTakeFirst();
}

/** Choices on the note's proposal: the invoice it corrects, and the day within the term. */
export interface NoteChoices {
  protocolDate?: string;
  originalExpenseId?: string | null;
}

async function proposeForNote(
  db: Db,
  companyId: string,
  note: Note,
  choices: NoteChoices,
): Promise<NoteProposal | null> {
  const due = protocolKindFor(
    { ...note, documentType: "invoice" },
    await protocolCompany(db, companyId),
  );
  if (!isProtocolNote(note.documentType) || !due) return null;
  const originals = await noteOriginals(db, companyId, note);
  if (!originals.length) throw new AppError(NOTE_MESSAGES.noOriginal, 409);
  let corrects = originals[0] as NoteOriginal;
  if (choices.originalExpenseId) {
    const picked = originals.find((o) => o.expenseId === choices.originalExpenseId);
    if (!picked) {
      throw new AppError(NOTE_MESSAGES.original, 400, {
        originalExpenseId: NOTE_MESSAGES.original,
      });
    }
    corrects = picked;
  }
  // The change of the base happens on the note's tax event (its date): чл. 117, ал. 5's 15 days.
  const changed = note.taxEventDate ?? note.documentDate;
  const term = protocolTerm(changed);
  const protocolDate = choices.protocolDate ?? changed;
  if (!withinTerm(protocolDate, changed)) {
    const message = NOTE_MESSAGES.date(printDate(term.from), printDate(term.to));
    throw new AppError(message, 400, { protocolDate: message });
  }
  const base = await periodBase(db, note, changed);
  const sign = note.documentType === "credit_note" ? -1 : 1;
  const baseCents = sign * base.baseCents;
  const vatCents = percentOf(baseCents, corrects.vatRate);
  const standing = await db
    .selectFrom("vatProtocols")
    .select(["baseCents", "vatCents", "creditableVatCents", "correctsId"])
    .where("companyId", "=", companyId)
    .where("status", "=", "issued")
    .where((eb) =>
      eb.or([eb("id", "=", corrects.protocolId), eb("correctsId", "=", corrects.protocolId)]),
    )
    .execute();
  const standingBase = standing.reduce((s, r) => s + Number(r.baseCents), 0);
  if (standingBase + baseCents < 0) {
    throw new AppError(NOTE_MESSAGES.belowZero(corrects.number), 400);
  }
  const first = standing.find((r) => r.correctsId === null);
  const share =
    !first || Number(first.vatCents) === 0
      ? 0
      : Number(first.creditableVatCents) / Number(first.vatCents);
  const creditableVatCents =
    share === 1 ? vatCents : share === 0 ? 0 : Math.round(vatCents * share);
  return {
    kind: corrects.kind,
    chargeableDate: changed,
    term,
    protocolDate,
    ...base,
    baseCents,
    sourceCurrency: note.currency,
    vatRate: corrects.vatRate,
    vatCents,
    creditableVatCents,
    nextNumber: await nextNumberOf(db, companyId),
    corrects,
    originals,
    reason:
      `${EXPENSE_DOCUMENT_TYPES[note.documentType]} № ${note.documentNumber} от ${printDate(note.documentDate)} към фактура № ${corrects.documentNumber} от ${printDate(corrects.documentDate)}`.slice(
        0,
        500,
      ),
  };
}

/**
 * The correcting protocol a credit or debit note would get now, or null (not a note, not due, or
 * it has one); 409 when the supplier's invoice has no protocol to correct (the message says what
 * to do).
 */
export async function noteProtocolProposal(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  choices: NoteChoices = {},
): Promise<NoteProposal | null> {
  const note = await noteOf(db, companyId, expenseId);
  if (!note || (await liveNoteProtocol(db, companyId, expenseId))) return null;
  return proposeForNote(db, companyId, note, choices);
}

/**
 * Issues the note's correcting protocol as proposed: the next number, the original's number and
 * date (corrects_id), the note as the reason, the change of base and VAT, in both journals of its
 * month and in the books.
 */
export async function issueNoteProtocol(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  choices: NoteChoices,
  userId: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const note = await noteOf(trx, companyId, expenseId, true);
    if (!note) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
    if (await liveNoteProtocol(trx, companyId, expenseId)) {
      throw new AppError(PROTOCOL_MESSAGES.already, 409);
    }
    if (choices.originalExpenseId && !isUuid(choices.originalExpenseId)) {
      throw new AppError(NOTE_MESSAGES.original, 400, {
        originalExpenseId: NOTE_MESSAGES.original,
      });
    }
    const proposal = await proposeForNote(trx, companyId, note, choices);
    if (!proposal) throw new AppError(PROTOCOL_MESSAGES.notDue, 400);
    // The original stays issued while its correction is written (a cancel waits for this).
    await trx
      .selectFrom("vatProtocols")
      .select("id")
      .where("companyId", "=", companyId)
      .where("id", "=", proposal.corrects.protocolId)
      .where("status", "=", "issued")
      .forUpdate()
      .executeTakeFirstOrThrow();
    await assertPeriodOpen(trx, companyId, proposal.protocolDate);
    const row = await writeProtocol(
      trx,
      companyId,
      expenseId,
      {
        ...proposalValues(proposal),
        correctsId: proposal.corrects.protocolId,
        reason: proposal.reason,
      },
      userId,
    );
    return row;
  });
}

/**
 * The proposal of any expense: a note's correcting protocol, else the invoice's protocol (what
 * the expense's page and the redirect after saving ask). A note whose invoice has no protocol
 * answers `"problem"`: its protocol page says what to do.
 */
export async function proposalFor(db: Kysely<Database>, companyId: string, expenseId: string) {
  if (!isUuid(expenseId)) return null;
  const row = await db
    .selectFrom("expenses")
    .select("documentType")
    .where("companyId", "=", companyId)
    .where("id", "=", expenseId)
    .executeTakeFirst();
  if (!row) return null;
  if (!isProtocolNote(row.documentType)) return protocolProposal(db, companyId, expenseId);
  try {
    return await noteProtocolProposal(db, companyId, expenseId);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return "problem" as const;
    throw error;
  }
}
