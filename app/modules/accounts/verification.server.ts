import type { AppLoadContext } from "@remix-run/node";
import { consumeToken, consumeVerificationCode } from "~/modules/auth/tokens.server";
import { MailError } from "~/modules/mail/mailer.server";
import { markEmailVerified } from "./service.server";

export type VerifyOutcome = { userId: string; welcomeMailFailed: boolean } | null;

async function finish(context: AppLoadContext, userId: string | null): Promise<VerifyOutcome> {
  if (!userId) return null;
  try {
    await markEmailVerified(context, userId);
    return { userId, welcomeMailFailed: false };
  } catch (error) {
    // The address is verified either way; only the welcome mail is missing, and we say so.
    if (error instanceof MailError) return { userId, welcomeMailFailed: true };
    throw error;
  }
}

/** Verifies with the link's token; null when it is unknown, used or expired. */
export function verifyByToken(context: AppLoadContext, token: string): Promise<VerifyOutcome> {
  return consumeToken(context.db, token, "verify_email").then((userId) => finish(context, userId));
}

/** Verifies the signed-in user with the 6-digit code; null when it is wrong or expired. */
export async function verifyByCode(
  context: AppLoadContext,
  userId: string,
  code: string,
): Promise<VerifyOutcome> {
  return (await consumeVerificationCode(context.db, userId, code)) ? finish(context, userId) : null;
}

export const VERIFIED_TOAST = {
  type: "success" as const,
  title: "Имейлът е потвърден",
  description: "Благодарим ви!",
};
export const WELCOME_FAILED_TOAST = {
  type: "error" as const,
  title: "Имейлът е потвърден, но приветственото писмо не беше изпратено",
  description: "Имейлът не можа да бъде изпратен. Опитайте отново по-късно.",
};
