import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { hmac, safeEqual } from "~/utils/crypto.server";

// Two bot checks behind one call. With RECAPTCHA_* keys: Google reCAPTCHA v2, verified on the
// server. Without: a local check a person can pass — tick «Не съм робот» and leave the hidden
// honeypot empty — proven by a signed, short-lived token that can be used once.

export const LOCAL_SITE_KEY = "local";
const LOCAL_TOKEN_TTL_MS = 30 * 60 * 1000;
const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

/** The local check's own words: no reCAPTCHA is on the page to speak of. */
export const LOCAL_BOT_MESSAGE = "Моля, отбележете «Не съм робот».";

/**
 * The message of a failed bot check on a page: the spec's words (which name reCAPTCHA) when
 * reCAPTCHA is on the page, the checkbox's own words with the local check.
 */
export function botCheckMessage(context: AppLoadContext, recaptchaMessage: string): string {
  return context.config.recaptcha ? recaptchaMessage : LOCAL_BOT_MESSAGE;
}

/** What the page needs to draw the widget: the site key, or a fresh local token. */
export function botCheckWidget(context: AppLoadContext): { siteKey: string; token: string | null } {
  const { recaptcha } = context.config;
  if (recaptcha) return { siteKey: recaptcha.siteKey, token: null };
  return { siteKey: LOCAL_SITE_KEY, token: issueLocalToken(context.config.sessionSecret) };
}

export function issueLocalToken(secret: string, now = Date.now()): string {
  const payload = `${randomBytes(12).toString("base64url")}.${now + LOCAL_TOKEN_TTL_MS}`;
  return `${payload}.${hmac(`bot-check|${secret}`, payload)}`;
}

/**
 * True when the submission passed the bot check. For forms, `notRobot` is the checkbox;
 * JSON API calls send only the token. Each local token is accepted once.
 */
export async function verifyBotCheck(
  context: AppLoadContext,
  input: {
    recaptchaToken?: string | undefined;
    notRobot?: string | undefined;
    website?: string | undefined;
    fromForm: boolean;
  },
): Promise<boolean> {
  if (input.website) return false; // the honeypot was filled: a bot
  const token = input.recaptchaToken?.trim();
  if (!token) return false;
  const { recaptcha } = context.config;
  if (recaptcha) return verifyRecaptcha(recaptcha.secretKey, token, context.clientIp);
  if (input.fromForm && input.notRobot !== "on") return false;
  return spendLocalToken(context, token);
}

async function spendLocalToken(context: AppLoadContext, token: string): Promise<boolean> {
  const [nonce, expires, signature] = token.split(".");
  if (!nonce || !expires || !signature) return false;
  const expected = hmac(`bot-check|${context.config.sessionSecret}`, `${nonce}.${expires}`);
  if (!safeEqual(signature, expected)) return false;
  const expiresAt = Number(expires);
  if (!Number.isFinite(expiresAt) || expiresAt < Date.now()) return false;
  const { db } = context;
  const spent = await db
    .insertInto("botCheckNonces")
    .values({ nonce, expiresAt: new Date(expiresAt) })
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .returning("nonce")
    .executeTakeFirst();
  return spent !== undefined;
}

async function verifyRecaptcha(
  secret: string,
  response: string,
  remoteip: string,
): Promise<boolean> {
  try {
    const answer = await fetch(RECAPTCHA_VERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret, response, remoteip }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) return false;
    const body = (await answer.json()) as { success?: boolean };
    return body.success === true;
  } catch (error) {
    console.error("reCAPTCHA verification failed:", error);
    return false;
  }
}
