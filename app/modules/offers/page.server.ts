import type { Kysely } from "kysely";
import { documentVisibleTo } from "~/modules/invoices/visibility.server";
import type { Database } from "~db/types";
import { getOffer, isExpired } from "./queries.server";
import { listOfferEmails, offerClientEmails } from "./send.server";

/**
 * What an offer's page shows: the offer, its lines, the draft it became (if any), when and to whom
 * it was last e-mailed, its e-mails (each send, newest first, with its state: decision 078) and
 * the client's addresses (the send form's default).
 */
export async function offerPageData(
  db: Kysely<Database>,
  companyId: string,
  createdBy: string | null,
  id: string | undefined,
) {
  const offer = await getOffer(db, companyId, createdBy, id);
  const [clientEmails, emails] = await Promise.all([
    offerClientEmails(db, companyId, offer.clientId),
    listOfferEmails(db, companyId, offer.id),
  ]);
  // The draft it became, as reading the document: none named that the person gets 404 on.
  const made = offer.documentId
    ? await db
        .selectFrom("documents")
        .select("type")
        .where(documentVisibleTo(companyId, createdBy))
        .where("id", "=", offer.documentId)
        .executeTakeFirst()
    : undefined;
  return {
    id: offer.id,
    number: offer.number,
    clientName: offer.clientName,
    issueDate: offer.issueDate,
    validUntil: offer.validUntil,
    status: offer.status,
    becomes: offer.becomes,
    currency: offer.currency,
    netCents: Number(offer.netCents),
    vatCents: Number(offer.vatCents),
    totalCents: Number(offer.totalCents),
    documentId: made ? offer.documentId : null,
    documentType: made?.type ?? null,
    answerNote: offer.answerNote,
    expired: isExpired(offer),
    sentAt: offer.sentAt ? new Date(offer.sentAt).toISOString() : null,
    sentTo: offer.sentTo,
    clientEmails,
    emails,
    lines: offer.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      netCents: Number(line.netCents),
    })),
  };
}
