import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { type Actor, recordCompanyAudit } from "~/modules/audit/trail.server";
import { AppError } from "~/utils/errors";
import { seal, unseal } from "~/utils/sealed.server";
import type { CardProvider, Database } from "~db/types";
import { CARD_PAYMENT_MESSAGES } from "./constants";
import type { CardConnectInput } from "./schema";
import { companyStripe, stripeStatus } from "./stripe.server";

/*
 * A company's card payments provider (issue #47 item 3, decision 071): its own Stripe account by
 * a restricted key, kept sealed with the webhook's signing secret; or, on a server without
 * Stripe, the local provider. Connecting makes the webhook endpoint in the company's Stripe;
 * disconnecting deletes it. Both are in the company's audit trail.
 */

const KEY_PURPOSE = "card.stripe-key";
const WEBHOOK_PURPOSE = "card.stripe-webhook";

/** The Stripe events a card payment needs. */
export const CARD_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
] as const;

/** What the settings page shows (never a key). */
export interface CardAccountView {
  provider: CardProvider;
  keyHint: string | null;
  connectedAt: Date;
  connectedByName: string | null;
}

/** The company's card payments provider, or undefined when none is connected. */
export async function getCardAccount(
  db: Kysely<Database>,
  companyId: string,
): Promise<CardAccountView | undefined> {
  const row = await db
    .selectFrom("cardAccounts")
    .leftJoin("users", "users.id", "cardAccounts.connectedBy")
    .select([
      "cardAccounts.provider",
      "cardAccounts.keyHint",
      "cardAccounts.connectedAt",
      "users.firstName",
      "users.lastName",
    ])
    .where("cardAccounts.companyId", "=", companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    provider: row.provider,
    keyHint: row.keyHint,
    connectedAt: row.connectedAt,
    connectedByName:
      row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ""}`.trim(),
  };
}

/** The keys to speak to a company's provider with. */
export type CardKeys =
  | { provider: "local" }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; endpointId: string | null };

/** The company's opened keys; undefined when not connected, 409 when they cannot be opened. */
export async function cardKeys(
  db: Kysely<Database>,
  companyId: string,
  serverSecret: string,
): Promise<CardKeys | undefined> {
  const row = await db
    .selectFrom("cardAccounts")
    .select(["provider", "secretKeySealed", "webhookSecretSealed", "webhookEndpointId"])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.provider === "local") return { provider: "local" };
  const secretKey = row.secretKeySealed && unseal(serverSecret, KEY_PURPOSE, row.secretKeySealed);
  const webhookSecret =
    row.webhookSecretSealed && unseal(serverSecret, WEBHOOK_PURPOSE, row.webhookSecretSealed);
  if (!secretKey || !webhookSecret) throw new AppError(CARD_PAYMENT_MESSAGES.keysUnreadable, 409);
  return { provider: "stripe", secretKey, webhookSecret, endpointId: row.webhookEndpointId };
}

/**
 * This server's side of card payments (decision 071): whether it has Stripe's keys of its own,
 * and the secret a company's Stripe keys are sealed with.
 */
export type CardServer = Pick<AppLoadContext["config"], "billing" | "sessionSecret">;

/**
 * Whether a connected provider takes cards on this server: Stripe always, the local provider's
 * test cards only on a server without Stripe (they would mark real invoices paid; decision 071).
 */
export const providerUsable = (provider: CardProvider, server: CardServer) =>
  provider === "stripe" || !server.billing.stripe;

/** What the page shows of a key: its kind and last four characters. */
export const keyHint = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;

interface ConnectOptions {
  serverSecret: string;
  appUrl: string;
  apiBase?: string;
  actor: Actor;
}

async function refuseIfConnected(db: Kysely<Database>, companyId: string) {
  if (await getCardAccount(db, companyId)) {
    throw new AppError(CARD_PAYMENT_MESSAGES.alreadyConnected, 409);
  }
}

/**
 * Connects the company's own Stripe account: the key is tried by making the webhook endpoint
 * (which also proves its permissions), then the key and the endpoint's secret are kept sealed.
 */
export async function connectStripe(
  db: Kysely<Database>,
  companyId: string,
  input: CardConnectInput,
  options: ConnectOptions,
): Promise<CardAccountView> {
  await refuseIfConnected(db, companyId);
  const stripe = companyStripe(input.secretKey, options.apiBase);
  let endpoint: { id: string; secret?: string };
  try {
    endpoint = await stripe.webhookEndpoints.create({
      url: `${options.appUrl}/api/stripe/card-webhook/${companyId}`,
      enabled_events: [...CARD_WEBHOOK_EVENTS],
      description: "Сметка: плащания с карта от портала за клиента",
      metadata: { company_id: companyId },
    });
  } catch (error) {
    const status = stripeStatus(error);
    const message =
      status === 401
        ? CARD_PAYMENT_MESSAGES.keyRefused
        : status === 403
          ? CARD_PAYMENT_MESSAGES.keyPermissions
          : CARD_PAYMENT_MESSAGES.stripeDown;
    throw new AppError(message, status === 401 || status === 403 ? 400 : 503, {
      secretKey: message,
    });
  }
  if (!endpoint.secret) throw new AppError(CARD_PAYMENT_MESSAGES.stripeDown, 503);
  const hint = keyHint(input.secretKey);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("cardAccounts")
      .values({
        companyId,
        provider: "stripe",
        secretKeySealed: seal(options.serverSecret, KEY_PURPOSE, input.secretKey),
        webhookSecretSealed: seal(options.serverSecret, WEBHOOK_PURPOSE, endpoint.secret!),
        keyHint: hint,
        webhookEndpointId: endpoint.id,
        connectedBy: options.actor.id,
      })
      .execute();
    await recordCompanyAudit(trx, {
      companyId,
      actor: options.actor,
      action: "card.connect",
      target: { type: "card_account", id: null, label: "Stripe" },
      details: { key: hint },
    });
  });
  return (await getCardAccount(db, companyId)) as CardAccountView;
}

/** Connects the local provider (a server without Stripe: demos and tests). */
export async function connectLocal(
  db: Kysely<Database>,
  companyId: string,
  options: { server: CardServer; actor: Actor },
): Promise<CardAccountView> {
  if (!providerUsable("local", options.server)) {
    throw new AppError(CARD_PAYMENT_MESSAGES.localOnly, 409);
  }
  await refuseIfConnected(db, companyId);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("cardAccounts")
      .values({ companyId, provider: "local", connectedBy: options.actor.id })
      .execute();
    await recordCompanyAudit(trx, {
      companyId,
      actor: options.actor,
      action: "card.connect",
      target: { type: "card_account", id: null, label: "Тестов доставчик" },
    });
  });
  return (await getCardAccount(db, companyId)) as CardAccountView;
}

/**
 * Disconnects card payments: the webhook endpoint is deleted from the company's Stripe (when the
 * key still works; a revoked key leaves it there, harmless), the sealed keys are deleted. Payments
 * started before stay as they are; the portal stops offering «Плати с карта».
 */
export async function disconnectCard(
  db: Kysely<Database>,
  companyId: string,
  options: { serverSecret: string; apiBase?: string; actor: Actor },
): Promise<void> {
  const account = await getCardAccount(db, companyId);
  if (!account) throw new AppError(CARD_PAYMENT_MESSAGES.notConnectedYet, 409);
  const keys = await cardKeys(db, companyId, options.serverSecret).catch(() => undefined);
  if (keys?.provider === "stripe" && keys.endpointId) {
    await companyStripe(keys.secretKey, options.apiBase)
      .webhookEndpoints.del(keys.endpointId)
      .catch((error: unknown) => {
        console.warn(`Card payments of ${companyId}: the webhook endpoint was not deleted`, error);
      });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("cardAccounts").where("companyId", "=", companyId).execute();
    await recordCompanyAudit(trx, {
      companyId,
      actor: options.actor,
      action: "card.disconnect",
      target: {
        type: "card_account",
        id: null,
        label: account.provider === "stripe" ? "Stripe" : "Тестов доставчик",
      },
      details: account.keyHint ? { key: account.keyHint } : undefined,
    });
  });
}
