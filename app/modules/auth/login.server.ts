import type { AppLoadContext } from "@remix-run/node";
import { randomToken } from "~/utils/crypto.server";
import { AppError } from "~/utils/errors";
import { hashPassword, verifyPassword } from "./password.server";
import { recordLoginAttempt, startLoginAttempt, THROTTLED_MESSAGE } from "./throttle.server";

export const INVALID_LOGIN = "Невалиден имейл или парола";
export const LOCKED_LOGIN =
  "Профилът е блокиран от администратор. Свържете се с поддръжката, за да бъде отключен.";

// A real hash of a random password: unknown e-mails cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;

/**
 * Checks e-mail and password with throttling; returns the user id, or throws an AppError
 * (401 with one message for unknown e-mail and wrong password alike, 429 when throttled).
 */
export async function checkCredentials(
  context: AppLoadContext,
  email: string,
  password: string,
): Promise<{ userId: string; role: "user" | "admin"; email: string }> {
  const { db, clientIp } = context;
  const attempt = await startLoginAttempt(db, email.toLowerCase(), clientIp);
  if (attempt.throttled) throw new AppError(THROTTLED_MESSAGE, 429);
  const user = await db
    .selectFrom("users")
    .select(["id", "role", "email", "passwordHash", "lockedAt"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("anonymizedAt", "is", null)
    .executeTakeFirst();
  dummyHash ??= hashPassword(randomToken());
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  await recordLoginAttempt(db, {
    email: email.toLowerCase(),
    ip: clientIp,
    succeeded: Boolean(user && valid),
  });
  if (!user || !valid) throw new AppError(INVALID_LOGIN, 401);
  // Said only to whoever knows the password, so a lock reveals nothing to a guesser.
  if (user.lockedAt) throw new AppError(LOCKED_LOGIN, 403);
  await attempt.succeeded();
  return { userId: user.id, role: user.role, email: user.email };
}
