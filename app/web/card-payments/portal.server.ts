import type { AppLoadContext } from "@remix-run/node";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { cardKeys } from "~/modules/card-payments/accounts.server";
import { applySession, stripeSessionNow } from "~/modules/card-payments/apply.server";
import { portalCardPayment, takesCards } from "~/modules/card-payments/checkout.server";
import { CARD_PAYMENT_MESSAGES } from "~/modules/card-payments/constants";
import { companyStripe } from "~/modules/card-payments/stripe.server";
import type { LivePortalLink } from "~/modules/portal/links.server";
import { PORTAL_HEADERS } from "~/web/portal/access.server";

/*
 * Pay by card on the client portal (issue #47 item 3, decision 071), the HTTP side: what the
 * portal page shows (whether the company takes cards, the message after a payment), the card
 * attempts' limit, and the refusal page of a payment that cannot start.
 */

/** What the portal page draws of card payments. */
export interface PortalCardState {
  takesCards: boolean;
  notice: { tone: "success" | "info" | "error"; text: string } | null;
}

/**
 * The portal's card state. Back from Stripe Checkout (`?payment=`), a payment still open is read
 * from Stripe at once, so the client sees it paid without waiting for the webhook.
 */
export async function portalCardState(
  context: Pick<AppLoadContext, "db" | "config">,
  link: LivePortalLink,
  url: URL,
): Promise<PortalCardState> {
  const accepts = await takesCards(context.db, link.companyId, context.config);
  let payment = await portalCardPayment(context.db, link, url.searchParams.get("payment"));
  const cancelled = url.searchParams.get("cancelled") === "1";
  if (payment?.provider === "stripe" && payment.status === "open" && !cancelled) {
    try {
      const keys = await cardKeys(context.db, link.companyId, context.config.sessionSecret);
      if (keys?.provider === "stripe") {
        const stripe = companyStripe(keys.secretKey, context.config.billing.stripe?.apiBase);
        const now = await stripeSessionNow(stripe, payment.sessionId);
        await applySession(context.db, link.companyId, "stripe", now, null);
        payment = await portalCardPayment(context.db, link, payment.id);
      }
    } catch (error) {
      // The webhook will bring it: the page says it is being processed.
      console.warn(`Card payment ${payment?.id}: not read from Stripe on return`, error);
    }
  }
  let notice: PortalCardState["notice"] = null;
  if (payment) {
    const { status } = payment;
    notice =
      status === "paid"
        ? { tone: "success", text: CARD_PAYMENT_MESSAGES.paid }
        : status === "failed"
          ? { tone: "error", text: CARD_PAYMENT_MESSAGES.failed }
          : status === "expired" || cancelled
            ? { tone: "info", text: CARD_PAYMENT_MESSAGES.cancelled }
            : { tone: "info", text: CARD_PAYMENT_MESSAGES.processing };
  }
  return { takesCards: accepts, notice };
}

/** Counts a card payment started or a card tried through a link; false when over the limit. */
export async function cardAttemptAllowed(
  context: Pick<AppLoadContext, "db">,
  link: LivePortalLink,
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const result = await hit(context.db, `portal:card:${link.id}`, LIMITS.portalCard);
  return result.allowed ? { allowed: true } : { allowed: false, retryAfter: result.retryAfter };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A card payment that cannot start, as a small Bulgarian page with the way back to the portal. */
export function cardRefusalPage(
  message: string,
  status: number,
  back: string,
  retryAfter?: number,
) {
  const html = `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Плащане с карта | Сметка</title></head><body><main><h1>Плащане с карта</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Обратно към документите</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...PORTAL_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}),
    },
  });
}
