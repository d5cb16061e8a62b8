import { type Kysely, Transaction } from "kysely";
import { type Actor, recordCompanyAudit } from "~/modules/audit/trail.server";
import { getClient } from "~/modules/clients/queries.server";
import { postDocument } from "~/modules/ledger/post.server";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { VAT_MESSAGES, vatDateOf } from "~/modules/reference/vat";
import { invalidLineRates } from "~/modules/reference/vat.server";
import { AppError, NotFoundError } from "~/utils/errors";
import {
  centsToDecimal,
  computeTotals,
  lineNetCents,
  PRICE_SCALE,
  scaledToString,
} from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database, DocumentLineRow, DocumentPaymentRow, DocumentRow } from "~db/types";
import { documentTarget } from "./acts.server";
import * as advances from "./advances.server";
import { NO_VAT_TREATMENTS, noVatMessage } from "./editor";
import { allocateNumber, refuseOutOfOrder, seriesOf } from "./numbering.server";
import {
  DOCUMENT_MESSAGES,
  type DocumentInput,
  type LineInput,
  NOT_REGISTERED_GROUND,
} from "./schema";
import { clientSnapshot, supplierSnapshot } from "./snapshots";
import {
  CLIENT_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  documentVisibleTo,
  refuseForeignItems,
} from "./visibility.server";

export type DocumentWithLines = DocumentRow & {
  lines: DocumentLineRow[];
  payments: DocumentPaymentRow[];
};

const isNote = (type: string) => type === "credit_note" || type === "debit_note";

/** The lines with their nets, and the document's totals, by the one rounding rule. */
export function priceLines(lines: LineInput[], vatRegistered: boolean) {
  const priced = lines.map((line, position) => ({
    position,
    description: line.description,
    quantity: scaledToString(line.quantity, 3),
    unit: line.unit,
    unitPrice: scaledToString(line.unitPrice, PRICE_SCALE),
    discountPercent: scaledToString(line.discount, 2),
    // A company not registered for VAT never charges it (чл. 113, ал. 9 ЗДДС).
    vatRate: vatRegistered ? line.vatRate : null,
    netCents: lineNetCents(line.quantity, line.unitPrice, line.discount),
    catalogueItemId: line.catalogueItemId ?? null,
    advanceId: null as string | null,
  }));
  return { lines: priced, totals: computeTotals(priced) };
}

async function loadCompany(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("companies")
    .selectAll()
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

/**
 * Checks what the schema cannot see (the client and the original belong to the company, a
 * VAT ground where VAT is 0 or not charged) and gives the columns to store.
 */
async function prepare(
  db: Kysely<Database>,
  companyId: string,
  input: DocumentInput,
  /** Staff limited to their own documents (documentsOf): the invoice a note corrects is theirs. */
  createdBy: string | null,
) {
  const company = await loadCompany(db, companyId);
  // A client or an original the person cannot read is not found, as reading it is (issue #43
  // item 2): nothing is written and nothing of it — its number, its balance — is told.
  const client = await getClient(db, companyId, input.clientId);
  if (!client) {
    throw new AppError(CLIENT_NOT_FOUND, 404, { clientId: CLIENT_NOT_FOUND });
  }

  let original: DocumentRow | undefined;
  if (isNote(input.type)) {
    original = isUuid(input.originalId ?? undefined)
      ? await db
          .selectFrom("documents")
          .selectAll()
          .where(documentVisibleTo(companyId, createdBy))
          .where("id", "=", input.originalId as string)
          .executeTakeFirst()
      : undefined;
    if (!original) {
      throw new AppError(DOCUMENT_NOT_FOUND, 404, { originalId: DOCUMENT_NOT_FOUND });
    }
    // One the person can read, but not an issued invoice: the field says what to choose.
    if (original.type !== "invoice" || original.status !== "issued") {
      throw new AppError(DOCUMENT_MESSAGES.original, 400, {
        originalId: DOCUMENT_MESSAGES.original,
      });
    }
  }

  const { lines } = priceLines(input.lines, company.isVatRegistered);
  await refuseForeignItems(db, companyId, lines);
  const language = input.language ?? (client.language === "en" ? "en" : company.defaultLanguage);
  // The advances a final invoice deducts: lines of their own, after the typed ones (decision 074).
  advances.refuseMixedRates(input.advance, lines);
  const deductions = input.advanceDeductions.map((d) => ({ ...d, amountCents: d.amount }));
  const doc = { ...input, clientId: client.id, language, deductions };
  lines.push(...(await advances.deductionLines(db, companyId, createdBy, doc, lines.length)));
  advances.refuseOverBase(lines);
  const totals = computeTotals(lines);
  // A rate must be in force on the document's date — a note's, on its invoice's (it corrects that
  // supply) — the editor and the API check it first; this is the last word, for every other way a
  // draft is made.
  const badRates = await invalidLineRates(db, vatDateOf(original ?? input), lines);
  if (Object.keys(badRates).length) throw new AppError(VAT_MESSAGES.notValidOnDate, 400, badRates);
  // A client under reverse charge, an intra-Community supply or an export is charged no VAT,
  // whatever a line or a catalogue item says (issue #25: a German company got 2 500 € VAT).
  if (company.isVatRegistered && NO_VAT_TREATMENTS.includes(client.vatTreatment)) {
    const message = noVatMessage(client.vatTreatment);
    const charged = lines.filter((line) => line.vatRate !== null && line.vatRate > 0);
    if (charged.length) {
      const fields = Object.fromEntries(
        charged.map((line) => [`lines.${line.position}.vatRate`, message]),
      );
      throw new AppError(
        `${message} Ред ${charged.map((line) => line.position + 1).join(", ")}.`,
        400,
        fields,
      );
    }
  }
  let vatGround = input.vatGround;
  if (!company.isVatRegistered) vatGround = NOT_REGISTERED_GROUND;
  else if (lines.some((l) => l.vatRate === 0 || l.vatRate === null) && !vatGround) {
    throw new AppError(DOCUMENT_MESSAGES.vatGround, 400, {
      vatGround: DOCUMENT_MESSAGES.vatGround,
    });
  }

  const columns = {
    type: input.type,
    clientId: client.id,
    language,
    advance: input.type === "invoice" && input.advance,
    issueDate: input.issueDate,
    taxEventDate: input.taxEventDate,
    dueDate: input.dueDate,
    placeOfIssue: input.placeOfIssue ?? company.city,
    currency: input.currency,
    eurRate: input.currency === "EUR" || input.currency === "BGN" ? null : input.eurRate,
    vatGround,
    paymentMethod: input.paymentMethod,
    authorName: input.authorName,
    recipientName: input.recipientName,
    notes: input.notes,
    originalId: original?.id ?? null,
    originalNumber: original?.number ?? null,
    originalDate: original?.issueDate ?? null,
    reason: isNote(input.type) ? input.reason : null,
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
  } as const;
  return { columns, lines };
}

async function insertLines(
  trx: Transaction<Database>,
  companyId: string,
  documentId: string,
  lines: ReturnType<typeof priceLines>["lines"],
) {
  const rows = await trx
    .insertInto("documentLines")
    .values(lines.map((line) => ({ ...line, companyId, documentId })))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.position - b.position);
}

interface DraftExtra {
  proformaId?: string;
  recurringId?: string;
  occurrenceOn?: string;
  /** Staff limited to their own documents (documentsOf): the documents it may refer to. */
  documentsOf?: string | null;
}

/** A new draft (no number): its id. */
export async function createDraft(
  db: Kysely<Database>,
  companyId: string,
  userId: string | null,
  input: DocumentInput,
  extra: DraftExtra = {},
) {
  return (await createDraftDocument(db, companyId, userId, input, extra)).id;
}

/** A new draft (no number), as getDocument would read it back (the API answers with it). */
export async function createDraftDocument(
  db: Kysely<Database>,
  companyId: string,
  userId: string | null,
  input: DocumentInput,
  extra: DraftExtra = {},
): Promise<DocumentWithLines> {
  const { columns, lines } = await prepare(db, companyId, input, extra.documentsOf ?? null);
  // Inside a caller's transaction (an accepted offer, decision 077) the draft is part of it.
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    // A document's month is its issue date's (decision 058): the VAT journals' and the books'.
    await assertPeriodOpen(trx, companyId, columns.issueDate);
    const doc = await trx
      .insertInto("documents")
      .values({
        ...columns,
        companyId,
        createdBy: userId,
        proformaId: extra.proformaId ?? null,
        recurringId: extra.recurringId ?? null,
        occurrenceOn: extra.occurrenceOn ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...doc, lines: await insertLines(trx, companyId, doc.id, lines), payments: [] };
  });
}

export const NOT_A_DRAFT =
  "Издаден документ не може да се променя или изтрива. Анулирайте го или издайте известие.";

/** Saves a draft; issued and cancelled documents never change (409). */
export async function updateDraft(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: DocumentInput,
  /** Staff limited to their own documents (documentsOf): the documents it may refer to. */
  documentsOf: string | null = null,
) {
  const { columns, lines } = await prepare(db, companyId, input, documentsOf);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("documents")
      .select("issueDate")
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    // Neither the month it leaves nor the one it moves into may be locked.
    await assertPeriodOpen(trx, companyId, before?.issueDate, columns.issueDate);
    const row = await trx
      .updateTable("documents")
      .set({ ...columns, updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError(NOT_A_DRAFT, 409);
    await trx.deleteFrom("documentLines").where("documentId", "=", id).execute();
    await insertLines(trx, companyId, id, lines);
  });
}

export async function deleteDraft(db: Kysely<Database>, companyId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("documents")
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning("issueDate")
      .executeTakeFirst();
    if (!row) throw new AppError(NOT_A_DRAFT, 409);
    await assertPeriodOpen(trx, companyId, row.issueDate);
  });
}

// The one rule of which documents a person reads, and its refusals (visibility.server.ts).
export {
  CLIENT_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  documentsOf,
  documentVisibleTo,
  refuseHiddenOriginal,
} from "./visibility.server";

/** One document of the company with its lines and payments; undefined for anything else. */
export async function getDocument(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
  /** Only a document this login made (documentsOf), or null for any of the company's. */
  createdBy: string | null = null,
): Promise<DocumentWithLines | undefined> {
  if (!isUuid(id)) return undefined;
  const doc = await db
    .selectFrom("documents")
    .selectAll()
    .where(documentVisibleTo(companyId, createdBy))
    .where("id", "=", id)
    .executeTakeFirst();
  if (!doc) return undefined;
  const [lines, payments] = await Promise.all([
    db
      .selectFrom("documentLines")
      .selectAll()
      .where("documentId", "=", id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("documentPayments")
      .selectAll()
      .where("documentId", "=", id)
      .orderBy("paidOn")
      .orderBy("createdAt")
      .execute(),
  ]);
  return { ...doc, lines, payments };
}

/** The company's document for a page, or the 404 page ("Page Not Found") for anything else. */
export async function requireDocument(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
  createdBy: string | null = null,
): Promise<DocumentWithLines> {
  const doc = await getDocument(db, companyId, id, createdBy);
  if (!doc) throw new NotFoundError();
  return doc;
}

/** The trail's actor when Сметка itself acts (a recurring invoice issued on its day). */
const AUTOMATIC: Actor = {
  id: null,
  email: null,
  name: "Сметка (периодична фактура)",
  role: null,
  impersonatorEmail: null,
  ip: null,
};

/**
 * Issues a draft: the next number of its series, taken inside this one transaction (the
 * counter row stays locked until it commits), and the supplier and client frozen as they are.
 * Render the PDF after this returns, never inside it.
 */
export async function issueDocument(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  /** Who issues it (a person: its «Съставил»); none for the recurring invoices' own issuing. */
  issuer: Actor | null = null,
) {
  // Inside a caller's transaction (which creates its jobs with it) or in one of its own.
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db instanceof Transaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    const doc = await trx
      .selectFrom("documents")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!doc) throw new AppError("Документът не е намерен", 404);
    if (doc.status !== "draft") throw new AppError("Документът вече е издаден", 409);
    await assertPeriodOpen(trx, companyId, doc.issueDate);
    await advances.lockDeductions(trx, companyId, id);
    // The draft's date or the rates may have changed since it was saved.
    const original = doc.originalId
      ? await trx
          .selectFrom("documents")
          .select(["issueDate", "taxEventDate"])
          .where("companyId", "=", companyId)
          .where("id", "=", doc.originalId)
          .executeTakeFirst()
      : undefined;
    const lines = await trx
      .selectFrom("documentLines")
      .select("vatRate")
      .where("documentId", "=", id)
      .orderBy("position")
      .execute();
    const badRates = await invalidLineRates(trx, vatDateOf(original ?? doc), lines);
    const firstBad = Object.keys(badRates)[0];
    if (firstBad) {
      const line = Number(firstBad.split(".")[1]) + 1;
      throw new AppError(
        `Документът не е издаден: ред ${line} — ${VAT_MESSAGES.notValidOnDate.toLowerCase()}. Поправете черновата.`,
        400,
        badRates,
      );
    }
    const company = await trx
      .selectFrom("companies")
      .selectAll()
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();
    const client = await trx
      .selectFrom("clients")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("id", "=", doc.clientId)
      .executeTakeFirstOrThrow();
    // A draft saved with VAT before its client came under reverse charge (or before this rule) is
    // not issued with it either.
    if (company.isVatRegistered && NO_VAT_TREATMENTS.includes(client.vatTreatment)) {
      const charged = lines.flatMap((line, position) =>
        line.vatRate !== null && line.vatRate > 0 ? [position] : [],
      );
      if (charged.length) {
        const message = noVatMessage(client.vatTreatment);
        throw new AppError(
          `Документът не е издаден: ${message} Ред ${charged.map((p) => p + 1).join(", ")}. Поправете черновата.`,
          400,
          Object.fromEntries(charged.map((p) => [`lines.${p}.vatRate`, message])),
        );
      }
    }
    const number = await allocateNumber(trx, companyId, seriesOf(doc.type));
    await refuseOutOfOrder(trx, companyId, doc);
    const issued = await trx
      .updateTable("documents")
      .set({
        status: "issued",
        number,
        issuedAt: new Date(),
        // The person who issues it is its «Съставил» (issue #29): the issuer, not the draft's author.
        ...(issuer?.id && { issuedBy: issuer.id, authorName: issuer.name || doc.authorName }),
        supplierSnapshot: JSON.stringify(supplierSnapshot(company)),
        clientSnapshot: JSON.stringify(clientSnapshot(client)),
        updatedAt: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Its entry in the books, in this transaction (decision 057).
    await postDocument(trx, companyId, id, issuer ?? AUTOMATIC);
    await recordCompanyAudit(trx, {
      companyId,
      actor: issuer ?? AUTOMATIC,
      action: "document.issue",
      target: documentTarget(issued),
      details: {
        number,
        total: centsToDecimal(issued.totalCents),
        currency: issued.currency,
        client: client.name,
        ...(issuer?.name && { issuer: issuer.name }),
      },
    });
    return issued;
  });
}

/** Cancels an issued document: it keeps its number, with the reason and the time; its entry reversed. */
export async function cancelDocument(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  reason: string,
  who: { id: string | null; name: string | null } | null = null,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("documents")
      .set({
        status: "cancelled",
        cancelledAt: new Date(),
        cancelReason: reason,
        updatedAt: new Date(),
      })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .where("status", "=", "issued")
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("Само издаден документ може да бъде анулиран", 409);
    if (row.advance) await advances.refuseCancellingDeducted(trx, companyId, id);
    // Cancelling zeroes it in its month's sales journal: that month must be open.
    await assertPeriodOpen(trx, companyId, row.issueDate);
    await postDocument(trx, companyId, id, who);
    return row;
  });
}
