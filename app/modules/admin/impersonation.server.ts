import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import {
  createSession,
  defaultCompanyId,
  deleteSession,
  findSessionUser,
  type SessionUser,
} from "~/modules/auth/session.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { recordAudit } from "./audit.server";
import { IMPERSONATION_MESSAGES } from "./impersonation";

/*
 * "View as customer" (spec §1, issue #14). The admin's own session stays alive while they look:
 * its token moves into a second cookie that only /admin-return receives, and the browser's
 * session cookie carries a new session of the customer marked with the admin's id. Returning ends
 * that session and puts the admin's token back. A one-time link does the same from another
 * browser: short-lived, single use, bound to the admin who made it and to the customer.
 */

export const DIRECT_TOKEN_MINUTES = 5;

export { IMPERSONATION_MESSAGES };

/**
 * The member an admin may look as: a live, unlocked login of a customer (not an admin), in one
 * of its companies — the one asked for (a customer's page lists each company's members, decision
 * 028) or the login's own by default. `companyId` is null when it belongs to none.
 */
export async function impersonationTarget(
  db: Kysely<Database>,
  userId: string,
  companyId?: string | null,
) {
  const user = await db
    .selectFrom("users")
    .select([
      "users.id",
      "users.email",
      "users.role",
      "users.firstName",
      "users.lastName",
      "users.lockedAt",
      "users.anonymizedAt",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const company = isUuid(companyId)
    ? companyId
    : isUuid(userId)
      ? await defaultCompanyId(db, userId)
      : null;
  const membership = company
    ? await db
        .selectFrom("companyMembers")
        .innerJoin("companies", "companies.id", "companyMembers.companyId")
        .select(["companies.id", "companies.name", "companyMembers.role"])
        .where("companyMembers.userId", "=", userId)
        .where("companyMembers.companyId", "=", company)
        .executeTakeFirst()
    : undefined;
  const allowed =
    user.role === "user" && membership !== undefined && !user.lockedAt && !user.anonymizedAt;
  return {
    ...user,
    companyId: membership?.id ?? null,
    companyName: membership?.name ?? null,
    companyRole: membership?.role ?? null,
    allowed,
  };
}

/** Opens a customer's session for an admin, recorded; its token and whom it shows. */
export async function openCustomerSession(
  context: AppLoadContext,
  admin: { id: string; email: string },
  userId: string,
  userAgent: string | null,
  companyId?: string | null,
) {
  const target = await impersonationTarget(context.db, userId, companyId);
  if (!target?.allowed || !target.companyId) {
    throw new AppError(IMPERSONATION_MESSAGES.notCustomer, 409);
  }
  const token = await createSession(context.db, target.id, {
    kind: "browser",
    ip: context.clientIp,
    userAgent,
    impersonatorId: admin.id,
    companyId: target.companyId,
  });
  // The company's own trail says an admin opened this member's view (issue #29 item 6).
  await recordCompanyAudit(context.db, {
    companyId: target.companyId,
    actor: {
      id: target.id,
      email: target.email,
      name: `${target.firstName} ${target.lastName}`.trim(),
      role: target.companyRole,
      impersonatorEmail: admin.email,
      ip: context.clientIp,
    },
    action: "impersonation.start",
    target: { type: "member", id: target.id, label: target.email },
  });
  await recordAudit(context.db, {
    admin,
    action: "impersonation.start",
    target: target.email,
    asUserId: target.id,
    companyId: target.companyId,
    ip: context.clientIp,
  });
  return { token, target };
}

/** A one-time link's token for looking as `userId` from another browser. */
export async function createDirectToken(
  context: AppLoadContext,
  admin: SessionUser,
  userId: string,
): Promise<string> {
  const target = await impersonationTarget(context.db, userId);
  if (!target?.allowed) throw new AppError(IMPERSONATION_MESSAGES.notCustomer, 409);
  const token = randomToken();
  await context.db
    .insertInto("directAuthTokens")
    .values({
      tokenHash: sha256(token),
      adminId: admin.id,
      userId,
      expiresAt: new Date(Date.now() + DIRECT_TOKEN_MINUTES * 60 * 1000),
    })
    .execute();
  await recordAudit(context.db, {
    admin: { id: admin.id, email: admin.email },
    action: "impersonation.link",
    target: target.email,
    asUserId: target.id,
    companyId: target.companyId,
    ip: context.clientIp,
  });
  return token;
}

/**
 * Spends a one-time token (atomically: a second use finds it used) and opens the customer's
 * session for the admin who made it — still an admin, not locked. `userId`, when given, must be
 * the customer the token was made for. Returns the new session's token, or throws 401.
 */
export async function redeemDirectToken(
  context: AppLoadContext,
  token: string,
  userId: string | null,
  userAgent: string | null,
): Promise<{ sessionToken: string; user: { id: string; email: string } }> {
  const spent = await context.db
    .updateTable("directAuthTokens")
    .set({ usedAt: new Date() })
    .where("tokenHash", "=", sha256(token))
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .returning(["adminId", "userId"])
    .executeTakeFirst();
  if (!spent || (userId !== null && spent.userId !== userId)) {
    throw new AppError(IMPERSONATION_MESSAGES.badLink, 401);
  }
  const admin = await context.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "=", spent.adminId)
    .where("role", "=", "admin")
    .where("lockedAt", "is", null)
    .where("anonymizedAt", "is", null)
    .executeTakeFirst();
  if (!admin) throw new AppError(IMPERSONATION_MESSAGES.badLink, 401);
  const { token: sessionToken, target } = await openCustomerSession(
    context,
    admin,
    spent.userId,
    userAgent,
  );
  return { sessionToken, user: { id: target.id, email: target.email } };
}

/**
 * What a session opened as a customer may not do (password, e-mail, deletion, billing): throws
 * the refusal, an AppError (403) that a page turns into its form answer and the API into 403 JSON.
 */
export function refuseWhileImpersonating(user: SessionUser): void {
  if (!user.impersonator) return;
  throw new AppError(IMPERSONATION_MESSAGES.forbidden, 403);
}

/**
 * Ends the customer's view in the domain: the impersonated session of `token` (if still open) is
 * deleted and recorded. Returns who the token signed in, or null.
 */
export async function closeCustomerView(
  context: AppLoadContext,
  token: string | null,
): Promise<SessionUser | null> {
  const current = token ? await findSessionUser(context.db, token) : null;
  if (current?.impersonator) {
    await deleteSession(context.db, current.sessionId);
    await recordAudit(context.db, {
      admin: current.impersonator,
      action: "impersonation.end",
      target: current.email,
      asUserId: current.id,
      companyId: current.companyId,
      ip: context.clientIp,
    });
  }
  return current;
}
