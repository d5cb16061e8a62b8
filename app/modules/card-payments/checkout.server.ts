import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { PROFORMA_CONVERTED } from "~/modules/invoices/list.server";
import type { LivePortalLink } from "~/modules/portal/links.server";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { CardPaymentStatus, CardProvider, Database, DocumentType } from "~db/types";
import { type CardServer, cardKeys, providerUsable } from "./accounts.server";
import { CARD_PAYMENT_MESSAGES } from "./constants";
import { companyStripe } from "./stripe.server";

/*
 * A client's card payment of one document from the portal (issue #47 item 3, decision 071):
 * only a document of the link's client and company, issued, with an amount due
 * (documents.due_cents, the figure of the portal and the QR code, decisions 042/068), and only
 * when the company has connected card payments. The payment starts as a Checkout Session in the
 * company's own Stripe, or as the local provider's card page.
 */

type Link = Pick<LivePortalLink, "id" | "companyId" | "clientId">;

const DOCUMENT_NAMES: Record<DocumentType, string> = {
  invoice: "Фактура",
  proforma: "Проформа фактура",
  debit_note: "Дебитно известие",
  credit_note: "Кредитно известие",
};

/** A document of the link the client may pay now: its number, currency and amount due. */
export async function payableDocument(
  db: Kysely<Database>,
  link: Pick<Link, "companyId" | "clientId">,
  documentId: string,
) {
  if (!isUuid(documentId)) return undefined;
  const doc = await db
    .selectFrom("documents")
    .select(["id", "type", "number", "currency", "dueCents", PROFORMA_CONVERTED.as("converted")])
    .where("companyId", "=", link.companyId)
    .where("clientId", "=", link.clientId)
    .where("id", "=", documentId)
    .where("status", "=", "issued")
    .where("type", "in", ["invoice", "debit_note", "proforma"])
    .where("dueCents", ">", 0)
    .executeTakeFirst();
  // A proforma already made into an invoice is paid through the invoice.
  return doc && !doc.converted ? doc : undefined;
}

/**
 * Whether the company takes cards on this server — the portal's, the e-mail's and the settings
 * page's rule, as `startCardPayment` checks it: a provider connected whose keys open (not sealed
 * under a server secret since changed), and the local provider's test cards only on a server
 * without Stripe (decision 071).
 */
export async function takesCards(
  db: Kysely<Database>,
  companyId: string,
  server: CardServer,
): Promise<boolean> {
  const keys = await cardKeys(db, companyId, server.sessionSecret).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  return keys ? providerUsable(keys.provider, server) : false;
}

interface StartOptions {
  serverSecret: string;
  appUrl: string;
  apiBase?: string;
  /** The portal's token: where the client comes back to (the link is their only credential). */
  token: string;
  /** Whether the server has Stripe's keys: the local provider pays only without (`takesCards`). */
  server: CardServer;
}

/**
 * Starts paying a document's whole amount due: answers where the client goes next — Stripe
 * Checkout (3-D Secure is Stripe's there) or the local provider's card page.
 */
export async function startCardPayment(
  db: Kysely<Database>,
  link: Link,
  documentId: string,
  options: StartOptions,
): Promise<{ id: string; url: string }> {
  const keys = await cardKeys(db, link.companyId, options.serverSecret);
  if (!keys || !providerUsable(keys.provider, options.server)) {
    throw new AppError(CARD_PAYMENT_MESSAGES.notConnected, 409);
  }
  const doc = await payableDocument(db, link, documentId);
  if (!doc) throw new AppError(CARD_PAYMENT_MESSAGES.notPayable, 409);
  const id = randomUUID();
  const portal = `${options.appUrl}/portal/${options.token}`;
  const amount = Number(doc.dueCents);
  let sessionId = `cs_local_${id.replaceAll("-", "")}`;
  let url = `/portal/${options.token}/pay/${id}`;
  if (keys.provider === "stripe") {
    const session = await companyStripe(keys.secretKey, options.apiBase).checkout.sessions.create(
      {
        mode: "payment",
        allowed_payment_method_types: ["card"],
        locale: "bg",
        client_reference_id: id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: doc.currency.toLowerCase(),
              unit_amount: amount,
              product_data: { name: `${DOCUMENT_NAMES[doc.type]} № ${doc.number ?? ""}`.trim() },
            },
          },
        ],
        metadata: { company_id: link.companyId, document_id: doc.id, card_payment_id: id },
        payment_intent_data: {
          description: `${DOCUMENT_NAMES[doc.type]} № ${doc.number ?? ""}`.trim(),
          metadata: { company_id: link.companyId, document_id: doc.id, card_payment_id: id },
        },
        success_url: `${portal}?payment=${id}`,
        cancel_url: `${portal}?payment=${id}&cancelled=1`,
        expires_at: Math.floor(Date.now() / 1000) + 60 * 60,
      },
      { idempotencyKey: `smetka-card-${id}` },
    );
    if (!session.url) throw new AppError(CARD_PAYMENT_MESSAGES.stripeDown, 503);
    sessionId = session.id;
    url = session.url;
  }
  await db
    .insertInto("cardPayments")
    .values({
      id,
      companyId: link.companyId,
      documentId: doc.id,
      linkId: link.id,
      provider: keys.provider,
      sessionId,
      checkoutUrl: keys.provider === "stripe" ? url : null,
      amountCents: amount,
      currency: doc.currency,
    })
    .execute();
  return { id, url };
}

/** A card payment as the portal shows it. */
export interface PortalCardPayment {
  id: string;
  provider: CardProvider;
  sessionId: string;
  status: CardPaymentStatus;
  amountCents: number;
  currency: string;
  documentId: string;
  documentNumber: string;
}

/**
 * One of the link's client's card payments (any of the client's links of the company), or
 * undefined: another client's, another company's, not an id.
 */
export async function portalCardPayment(
  db: Kysely<Database>,
  link: Pick<Link, "companyId" | "clientId">,
  id: string | null | undefined,
): Promise<PortalCardPayment | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom("cardPayments")
    .innerJoin("documents", (join) =>
      join
        .onRef("documents.id", "=", "cardPayments.documentId")
        .onRef("documents.companyId", "=", "cardPayments.companyId"),
    )
    .select([
      "cardPayments.id",
      "cardPayments.provider",
      "cardPayments.sessionId",
      "cardPayments.status",
      "cardPayments.amountCents",
      "cardPayments.currency",
      "cardPayments.documentId",
      "documents.number",
    ])
    .where("cardPayments.companyId", "=", link.companyId)
    .where("documents.clientId", "=", link.clientId)
    .where("cardPayments.id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, documentNumber: row.number ?? "" } : undefined;
}
