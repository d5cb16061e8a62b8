import type { AppLoadContext } from "@remix-run/node";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { findLivePortalLink, type LivePortalLink } from "~/modules/portal/links.server";
import { sha256 } from "~/utils/crypto.server";

/*
 * The door of the client portal (issue #47 item 2, decision 069): no session, a token in the
 * address. Every request counts against its address and its link before the link is looked up;
 * an unknown, expired or revoked link gets the same answer, so none of the three is revealed.
 */

/** Headers of every portal answer: the token in the address goes nowhere, nothing is kept. */
export const PORTAL_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export type PortalOpening =
  | { link: LivePortalLink }
  | { refused: "invalid"; status: 404 }
  | { refused: "limited"; status: 429; retryAfter: number };

/** The live link a token opens, or why not (too many requests: 429; anything else: 404). */
export async function openPortal(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  token: string,
): Promise<PortalOpening> {
  const address = await hit(context.db, `portal:ip:${context.clientIp}`, LIMITS.portalAddress);
  if (!address.allowed) return { refused: "limited", status: 429, retryAfter: address.retryAfter };
  // The token is a secret: the counter's key is its hash (the rate_limits table is no vault).
  const key = `portal:link:${sha256(token.slice(0, 200))}`;
  const perLink = await hit(context.db, key, LIMITS.portalLink);
  if (!perLink.allowed) return { refused: "limited", status: 429, retryAfter: perLink.retryAfter };
  const link = await findLivePortalLink(context.db, token);
  return link ? { link } : { refused: "invalid", status: 404 };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The refusal of a file (PDF, UBL) as a small Bulgarian page, with the portal's headers. */
export function portalRefusalPage(opening: Exclude<PortalOpening, { link: LivePortalLink }>) {
  const message = opening.refused === "limited" ? PORTAL_MESSAGES.limited : PORTAL_MESSAGES.invalid;
  const html = `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Портал за клиента | Сметка</title></head><body><main><h1>Портал за клиента</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return new Response(html, {
    status: opening.status,
    headers: {
      ...PORTAL_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      ...(opening.refused === "limited" ? { "Retry-After": String(opening.retryAfter) } : {}),
    },
  });
}

/** A file's answer with the portal's headers on top of its own. */
export function withPortalHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(PORTAL_HEADERS)) response.headers.set(name, value);
  return response;
}
