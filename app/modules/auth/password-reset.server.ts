import type { AppLoadContext } from "@remix-run/node";
import { sendMail } from "~/modules/mail/mailer.server";
import { passwordResetMail } from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { AppError } from "~/utils/errors";
import { runAfterResponse } from "~/utils/later.server";
import { hashPassword } from "./password.server";
import { hit, LIMITS } from "./rate-limit.server";
import { deleteUserSessions } from "./session.server";
import { consumeToken, issueToken } from "./tokens.server";

export const MAIL_THROTTLED = "Твърде много имейли за кратко време. Опитайте отново след час.";

/**
 * Counts a mail asked for to `email` from this address against both limits; AppError 429 when
 * either is spent. Depends only on what was typed, so it says nothing about which accounts exist.
 */
export async function limitAccountMail(context: AppLoadContext, email: string): Promise<void> {
  const [account, address] = await Promise.all([
    hit(context.db, `mail:${email.toLowerCase()}`, LIMITS.mailPerAccount),
    hit(context.db, `mail-address:${context.clientIp}`, LIMITS.mailPerAddress),
  ]);
  if (!account.allowed || !address.allowed) throw new AppError(MAIL_THROTTLED, 429);
}

/**
 * Sends a reset link when the e-mail belongs to an account. The answer is the same either way and
 * takes the same time: looking the account up and sending happen after the answer (no account
 * discovery by content or by timing). Throws AppError 429 past the mail limits.
 */
export async function requestPasswordReset(context: AppLoadContext, email: string): Promise<void> {
  await limitAccountMail(context, email);
  runAfterResponse("Password reset mail", async () => {
    const user = await context.db
      .selectFrom("users")
      .select(["id", "email", "firstName"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .where("anonymizedAt", "is", null)
      .executeTakeFirst();
    if (!user) return;
    const { token } = await issueToken(context.db, user.id, "reset_password");
    await sendMail(
      context.config,
      passwordResetMail({
        to: user.email,
        firstName: user.firstName,
        link: `${context.config.appUrl}/reset-password/${token}`,
        logoUrl: await emailLogoUrl(context),
      }),
    );
  });
}

/** Sets the new password with a live token (used once) and ends every session of the user. */
export async function resetPassword(
  context: AppLoadContext,
  token: string,
  password: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return context.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, token, "reset_password");
    if (!userId) return false;
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: new Date() })
      .where("id", "=", userId)
      .execute();
    await deleteUserSessions(trx, userId);
    return true;
  });
}
