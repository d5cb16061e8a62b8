import { type AppLoadContext, createCookie, json } from "@remix-run/node";
import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import {
  clearSessionCookie,
  commitSessionCookie,
  createSession,
  defaultCompanyId,
  deleteSession,
  findSessionUser,
  IMPERSONATION_MS,
  readSessionToken,
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

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The admin's own session token while they look as a customer; sent only to /admin-return. */
function adminReturnCookie(config: AppLoadContext["config"]) {
  const key = `${config.sessionSecret}|${config.secureCookies}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__admin_return", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/admin-return",
      maxAge: IMPERSONATION_MS / 1000,
      secrets: [config.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

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

async function openCustomerSession(
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

/**
 * Opens the customer's view in this browser: the Set-Cookie headers that sign it in as the
 * customer and keep the admin's token for the way back.
 */
export async function startImpersonation(
  context: AppLoadContext,
  request: Request,
  admin: SessionUser,
  userId: string,
  companyId?: string | null,
): Promise<Headers> {
  const { token } = await openCustomerSession(
    context,
    admin,
    userId,
    request.headers.get("User-Agent"),
    companyId,
  );
  return customerViewCookies(context, request, token);
}

/**
 * The cookies of a customer's view opened in this browser: the customer's session, and the
 * admin's own token (when this browser is signed in as an admin) kept for /admin-return.
 */
export async function customerViewCookies(
  context: AppLoadContext,
  request: Request,
  customerToken: string,
): Promise<Headers> {
  const current = await readSessionToken(request, context);
  const admin = current ? await findSessionUser(context.db, current) : null;
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(context, customerToken));
  if (current && admin?.role === "admin") {
    headers.append("Set-Cookie", await adminReturnCookie(context.config).serialize(current));
  }
  return headers;
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
 * Ends the customer's view: the impersonated session (if still open) is deleted and recorded,
 * and the admin's own session comes back when its token is still good. Returns where to go and
 * the Set-Cookie headers.
 */
export async function endImpersonation(
  context: AppLoadContext,
  request: Request,
  customerId: string | null,
): Promise<{ to: string; headers: Headers }> {
  const token = await readSessionToken(request, context);
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
  const returnCookie = adminReturnCookie(context.config);
  const kept = await returnCookie.parse(request.headers.get("Cookie"));
  const admin = typeof kept === "string" && kept ? await findSessionUser(context.db, kept) : null;
  const headers = new Headers();
  headers.append("Set-Cookie", await returnCookie.serialize("", { maxAge: 0 }));
  if (admin?.role !== "admin") {
    // No admin session to return to (another browser, or it expired): sign in again.
    if (current?.impersonator) {
      headers.append("Set-Cookie", await clearSessionCookie(context));
    }
    return { to: "/hatterscastle/login", headers };
  }
  headers.append("Set-Cookie", await commitSessionCookie(context, kept as string));
  const back = customerId ?? current?.id;
  return { to: back ? `/hatterscastle/users/${back}` : "/hatterscastle", headers };
}

/**
 * What a session opened as a customer may not do (password, e-mail, deletion, billing): throws
 * the refusal — an AppError (403) a page turns into its form answer, or, for the API, 403 JSON.
 */
export function refuseWhileImpersonating(user: SessionUser, api = false): void {
  if (!user.impersonator) return;
  if (api) throw json({ message: IMPERSONATION_MESSAGES.forbidden }, { status: 403 });
  throw new AppError(IMPERSONATION_MESSAGES.forbidden, 403);
}
