import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { createDraftDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { OFFER_MESSAGES, type OfferBecomesKey } from "./constants";
import {
  isExpired,
  lockOffer,
  type OfferLineRow,
  type OfferRow,
  offerTarget,
} from "./queries.server";

/*
 * The client's answer to an offer (issue #48 item 1, decision 077). Accepting makes the draft
 * (invoice or proforma) with the offer's lines in the same transaction that marks the offer
 * accepted, under the offer row's lock: a second acceptance, or one racing the first, waits for
 * the lock, then finds the offer answered and is refused — one offer, one draft.
 */

export interface OfferAnswerBy {
  companyId: string;
  /** The portal link's client: only that client's offers are answered through it. */
  clientId?: string;
  /** Staff limited to their own documents: only their offers (null: any of the company's). */
  createdBy: string | null;
  /** The login answering for the client (accepted by phone), or null (the portal). */
  userId: string | null;
  actor: Actor;
  via: "portal" | "company";
}

/** Why an offer cannot be answered now, or nothing when it is open and within its day. */
function refusal(offer: OfferRow, today: string): string | null {
  if (offer.status === "accepted") return OFFER_MESSAGES.alreadyAccepted;
  if (offer.status === "declined") return OFFER_MESSAGES.alreadyDeclined;
  if (offer.status === "withdrawn") return OFFER_MESSAGES.withdrawn;
  if (isExpired(offer, today)) return OFFER_MESSAGES.expired(printDate(offer.validUntil));
  return null;
}

async function lockForAnswer(trx: Kysely<Database>, by: OfferAnswerBy, offerId: string) {
  const offer = await lockOffer(trx, by.companyId, by.createdBy, offerId);
  if (by.clientId && offer.clientId !== by.clientId) {
    throw new AppError(OFFER_MESSAGES.notFound, 404);
  }
  const why = refusal(offer, todayInSofia());
  if (why) throw new AppError(why, 409);
  return offer;
}

/** The editor's values of the draft an offer becomes: its client, language, currency and lines. */
export function draftInputOf(offer: OfferRow, lines: OfferLineRow[], issueDate: string) {
  return documentSchema.parse({
    type: offer.becomes,
    clientId: offer.clientId,
    language: offer.language,
    issueDate,
    currency: offer.currency,
    eurRate: offer.eurRate,
    vatGround: offer.vatGround,
    authorName: offer.authorName,
    notes: offer.notes,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      discount: line.discountPercent,
      vatRate: line.vatRate,
      catalogueItemId: line.catalogueItemId,
    })),
  });
}

/**
 * Accepts an open offer and makes its draft, once: the draft's id and type. `becomes` (the API's
 * convert) makes a draft of that kind instead of the one chosen on the offer.
 */
export async function acceptOffer(
  db: Kysely<Database>,
  by: OfferAnswerBy,
  offerId: string,
  note: string | null = null,
  becomes?: OfferBecomesKey,
) {
  return db.transaction().execute(async (trx) => {
    const offer = await lockForAnswer(trx, by, offerId);
    const lines = await trx
      .selectFrom("offerLines")
      .selectAll()
      .where("companyId", "=", by.companyId)
      .where("offerId", "=", offer.id)
      .orderBy("position")
      .execute();
    const draft = await createDraftDocument(
      trx,
      by.companyId,
      by.userId ?? offer.createdBy,
      draftInputOf(becomes ? { ...offer, becomes } : offer, lines, todayInSofia()),
    );
    await trx
      .updateTable("offers")
      .set({ status: "accepted", answeredAt: new Date(), answerNote: note, documentId: draft.id })
      .where("id", "=", offer.id)
      .execute();
    await recordCompanyAudit(trx, {
      companyId: by.companyId,
      actor: by.actor,
      action: "offer.accept",
      target: offerTarget(offer),
      details: { via: by.via, document: draft.id, type: draft.type, ...(note ? { note } : {}) },
    });
    return { offerId: offer.id, number: offer.number, documentId: draft.id, type: draft.type };
  });
}

/** Declines an open offer (the client's «Отказвам»). */
export async function declineOffer(
  db: Kysely<Database>,
  by: OfferAnswerBy,
  offerId: string,
  note: string | null = null,
) {
  return db.transaction().execute(async (trx) => {
    const offer = await lockForAnswer(trx, by, offerId);
    await trx
      .updateTable("offers")
      .set({ status: "declined", answeredAt: new Date(), answerNote: note })
      .where("id", "=", offer.id)
      .execute();
    await recordCompanyAudit(trx, {
      companyId: by.companyId,
      actor: by.actor,
      action: "offer.decline",
      target: offerTarget(offer),
      details: { via: by.via, ...(note ? { note } : {}) },
    });
    return { offerId: offer.id, number: offer.number };
  });
}

/** The link's client's offers in the portal: open ones to answer, answered ones as they ended. */
export async function portalOffers(db: Kysely<Database>, companyId: string, clientId: string) {
  const today = todayInSofia();
  const rows = await db
    .selectFrom("offers")
    .select([
      "id",
      "number",
      "issueDate",
      "validUntil",
      "status",
      "becomes",
      "currency",
      "totalCents",
    ])
    .where("companyId", "=", companyId)
    .where("clientId", "=", clientId)
    .where("status", "!=", "withdrawn")
    .orderBy("issueDate", "desc")
    .orderBy("number", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, expired: isExpired(row, today) }));
}

/** One of the link's client's offers (for its PDF in the portal); withdrawn ones are gone. */
export async function portalOfferId(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  id: string,
) {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom("offers")
    .select("id")
    .where("companyId", "=", companyId)
    .where("clientId", "=", clientId)
    .where("id", "=", id)
    .where("status", "!=", "withdrawn")
    .executeTakeFirst();
  return row?.id;
}
