import type { ExpressionBuilder, Kysely, Selectable, Transaction } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { getClient } from "~/modules/clients/queries.server";
import { DOCUMENT_MESSAGES } from "~/modules/invoices/constants";
import { priceLines } from "~/modules/invoices/documents.server";
import { NO_VAT_TREATMENTS, noVatMessage } from "~/modules/invoices/editor";
import { formatNumber, MAX_NUMBER } from "~/modules/invoices/numbering.server";
import {
  CLIENT_NOT_FOUND,
  documentVisibleTo,
  refuseForeignItems,
} from "~/modules/invoices/visibility.server";
import { VAT_MESSAGES } from "~/modules/reference/vat";
import { invalidLineRates } from "~/modules/reference/vat.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database, OfferLines, Offers } from "~db/types";
import { OFFER_MESSAGES } from "./constants";
import type { OfferInput } from "./schema";

/*
 * Offers (issue #48 item 1, decision 077): their own tables and series, never `documents` rows,
 * so nothing that sums documents (VAT journals, books, receivables, bank matching) sees one.
 */

export type OfferRow = Selectable<Offers>;
export type OfferLineRow = Selectable<OfferLines>;
export type OfferWithLines = OfferRow & { lines: OfferLineRow[]; clientName: string };

/** The one rule of which offers a person reads: the documents' (staff limited to their own). */
export function offerVisibleTo(companyId: string, createdBy: string | null) {
  return (eb: ExpressionBuilder<Database, "offers">) =>
    createdBy
      ? eb.and([eb("offers.companyId", "=", companyId), eb("offers.createdBy", "=", createdBy)])
      : eb("offers.companyId", "=", companyId);
}

/**
 * The draft an accepted offer became, as the person reads documents (documentVisibleTo): null for
 * staff limited to their own documents when another made it (the owner accepting their offer) —
 * they see the offer accepted, never an id they get 404 on.
 */
export function madeDocumentId<A extends string>(
  companyId: string,
  createdBy: string | null,
  alias: A,
) {
  return (eb: ExpressionBuilder<Database, "offers">) =>
    eb
      .selectFrom("documents")
      .select("documents.id")
      .whereRef("documents.id", "=", "offers.documentId")
      .where(documentVisibleTo(companyId, createdBy))
      .as(alias);
}

/** An open offer whose «Валидна до» day has passed (Sofia's today). */
export const isExpired = (offer: Pick<OfferRow, "status" | "validUntil">, today = todayInSofia()) =>
  offer.status === "open" && offer.validUntil < today;

/** The next number of the company's offer series, under the counter row's lock (no gaps). */
async function allocateOfferNumber(trx: Transaction<Database>, companyId: string) {
  await trx
    .insertInto("offerCounters")
    .values({ companyId })
    .onConflict((c) => c.column("companyId").doNothing())
    .execute();
  const row = await trx
    .updateTable("offerCounters")
    .set((eb) => ({ lastNumber: eb("lastNumber", "+", 1) }))
    .where("companyId", "=", companyId)
    .where("lastNumber", "<", MAX_NUMBER)
    .returning("lastNumber")
    .executeTakeFirst();
  if (!row) throw new AppError(OFFER_MESSAGES.counterExhausted, 409);
  return formatNumber(Number(row.lastNumber));
}

/** What the schema cannot see: the client and catalogue items are the company's, rates hold. */
async function prepare(db: Kysely<Database>, companyId: string, input: OfferInput) {
  const company = await db
    .selectFrom("companies")
    .select(["isVatRegistered"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const client = await getClient(db, companyId, input.clientId);
  if (!client) throw new AppError(CLIENT_NOT_FOUND, 404, { clientId: CLIENT_NOT_FOUND });
  const { lines, totals } = priceLines(input.lines, company.isVatRegistered);
  await refuseForeignItems(db, companyId, lines);
  const badRates = await invalidLineRates(db, input.issueDate, lines);
  if (Object.keys(badRates).length) throw new AppError(VAT_MESSAGES.notValidOnDate, 400, badRates);
  // The invoice it becomes must be issuable: a reverse-charge or export client is charged no VAT.
  if (company.isVatRegistered && NO_VAT_TREATMENTS.includes(client.vatTreatment)) {
    const message = noVatMessage(client.vatTreatment);
    const charged = lines.filter((line) => line.vatRate !== null && line.vatRate > 0);
    if (charged.length) {
      const fields = Object.fromEntries(
        charged.map((line) => [`lines.${line.position}.vatRate`, message]),
      );
      throw new AppError(message, 400, fields);
    }
  }
  if (
    company.isVatRegistered &&
    lines.some((l) => l.vatRate === 0 || l.vatRate === null) &&
    !input.vatGround
  ) {
    throw new AppError(DOCUMENT_MESSAGES.vatGround, 400, {
      vatGround: DOCUMENT_MESSAGES.vatGround,
    });
  }
  const columns = {
    clientId: client.id,
    issueDate: input.issueDate,
    validUntil: input.validUntil,
    language: input.language,
    currency: input.currency,
    eurRate: input.currency === "EUR" ? null : input.eurRate,
    becomes: input.becomes,
    vatGround: input.vatGround,
    authorName: input.authorName,
    notes: input.notes,
    netCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
  };
  return { columns, lines, clientName: client.name };
}

async function insertLines(
  trx: Kysely<Database>,
  companyId: string,
  offerId: string,
  lines: Awaited<ReturnType<typeof prepare>>["lines"],
) {
  return (
    trx
      .insertInto("offerLines")
      // An offer deducts no advance (decision 074): the invoice's line has that column, not the offer's.
      .values(lines.map(({ advanceId: _none, ...line }) => ({ ...line, offerId, companyId })))
      .returningAll()
      .execute()
  );
}

const offerTarget = (offer: Pick<OfferRow, "id" | "number">) => ({
  type: "offer",
  id: offer.id,
  label: `Оферта № ${offer.number}`,
});

/** A new offer, numbered at once in the company's offer series (it is sent as it is made). */
export async function createOffer(
  db: Kysely<Database>,
  companyId: string,
  actor: Actor,
  input: OfferInput,
): Promise<OfferRow> {
  const { columns, lines } = await prepare(db, companyId, input);
  return db.transaction().execute(async (trx) => {
    const number = await allocateOfferNumber(trx, companyId);
    const offer = await trx
      .insertInto("offers")
      .values({ ...columns, companyId, number, createdBy: actor.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertLines(trx, companyId, offer.id, lines);
    await recordCompanyAudit(trx, {
      companyId,
      actor,
      action: "offer.create",
      target: offerTarget(offer),
    });
    return offer;
  });
}

/** Changes an open offer (its number stays); an answered or withdrawn one is not changed. */
export async function updateOffer(
  db: Kysely<Database>,
  companyId: string,
  createdBy: string | null,
  actor: Actor,
  id: string,
  input: OfferInput,
) {
  const { columns, lines } = await prepare(db, companyId, input);
  await db.transaction().execute(async (trx) => {
    const offer = await lockOffer(trx, companyId, createdBy, id);
    if (offer.status !== "open") throw new AppError(OFFER_MESSAGES.notOpen, 409);
    await trx.updateTable("offers").set(columns).where("id", "=", offer.id).execute();
    await trx.deleteFrom("offerLines").where("offerId", "=", offer.id).execute();
    await insertLines(trx, companyId, offer.id, lines);
    await recordCompanyAudit(trx, {
      companyId,
      actor,
      action: "offer.update",
      target: offerTarget(offer),
    });
  });
}

/** The company takes an open offer back: the client can no longer accept it. */
export async function withdrawOffer(
  db: Kysely<Database>,
  companyId: string,
  createdBy: string | null,
  actor: Actor,
  id: string,
) {
  await db.transaction().execute(async (trx) => {
    const offer = await lockOffer(trx, companyId, createdBy, id);
    if (offer.status !== "open") throw new AppError(OFFER_MESSAGES.notOpen, 409);
    await trx
      .updateTable("offers")
      .set({ status: "withdrawn" })
      .where("id", "=", offer.id)
      .execute();
    await recordCompanyAudit(trx, {
      companyId,
      actor,
      action: "offer.withdraw",
      target: offerTarget(offer),
    });
  });
}

/** The offer row, locked until the transaction ends (FOR UPDATE): one answer at a time. */
export async function lockOffer(
  trx: Kysely<Database>,
  companyId: string,
  createdBy: string | null,
  id: string,
): Promise<OfferRow> {
  const offer = isUuid(id)
    ? await trx
        .selectFrom("offers")
        .selectAll()
        .where(offerVisibleTo(companyId, createdBy))
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!offer) throw new AppError(OFFER_MESSAGES.notFound, 404);
  return offer;
}

export { offerTarget };

/**
 * One offer with its lines and client's name; another company's (or a hidden one) is 404. Its
 * `documentId` is null when the person does not read the draft it became (`madeDocumentId`).
 */
export async function getOffer(
  db: Kysely<Database>,
  companyId: string,
  createdBy: string | null,
  id: string | undefined,
): Promise<OfferWithLines> {
  const offer = isUuid(id)
    ? await db
        .selectFrom("offers")
        .innerJoin("clients", (join) =>
          join
            .onRef("clients.companyId", "=", "offers.companyId")
            .onRef("clients.id", "=", "offers.clientId"),
        )
        .selectAll("offers")
        .select("clients.name as clientName")
        .select(madeDocumentId(companyId, createdBy, "madeDocumentId"))
        .where(offerVisibleTo(companyId, createdBy))
        .where("offers.id", "=", id as string)
        .executeTakeFirst()
    : undefined;
  if (!offer) throw new AppError(OFFER_MESSAGES.notFound, 404);
  const lines = await db
    .selectFrom("offerLines")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("offerId", "=", offer.id)
    .orderBy("position")
    .execute();
  // `documentId` is the draft as the person reads it (`madeDocumentId`): null when hidden.
  const { madeDocumentId: documentId, ...row } = offer;
  return { ...row, documentId, lines };
}
