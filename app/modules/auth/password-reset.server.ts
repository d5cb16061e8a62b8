import type { AppLoadContext } from "@remix-run/node";
import { sendMail } from "~/modules/mail/mailer.server";
import { passwordResetMail } from "~/modules/mail/templates.server";
import { hashPassword } from "./password.server";
import { deleteUserSessions } from "./session.server";
import { consumeToken, issueToken } from "./tokens.server";

/**
 * Sends a reset link when the e-mail belongs to an account. The answer is the same either
 * way (no account discovery); a failed send throws MailError, which the page shows.
 */
export async function requestPasswordReset(context: AppLoadContext, email: string): Promise<void> {
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
    }),
  );
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
