import { type AppLoadContext, createCookie } from "@remix-run/node";
import type { Kysely } from "kysely";
import { notificationText } from "~/modules/settings/queries.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import type { Database, PendingAction, Plan, UserRole } from "~db/types";

export const SESSION_DAYS = 30;

/** The payment waiting for 3-D Secure from a subscription's pending action, if any. */
function pendingPaymentOf(pending: PendingAction | null | undefined) {
  return pending ? { clientSecret: pending.clientSecret, url: pending.url ?? null } : null;
}
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** How long an admin's view as a customer lasts before it has to be opened again. */
export const IMPERSONATION_MS = 60 * 60 * 1000;

/** The signed-in person as every page and API call sees them. */
export interface SessionUser {
  sessionId: string;
  id: string;
  email: string;
  role: UserRole;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  deletionScheduledAt: string | null;
  companyId: string | null;
  companyName: string | null;
  plan: Plan;
  /** The admin looking at the app as this customer (impersonation), or null. */
  impersonator: { id: string; email: string } | null;
  /**
   * What every page's shell shows besides the user, read in the same query as the session so a
   * page costs one query before its own (issue #17): the banner for all customers and a payment
   * waiting for 3-D Secure.
   */
  shell: {
    notification: string | null;
    pendingPayment: { clientSecret: string; url: string | null } | null;
  };
}

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The session cookie: HttpOnly, SameSite=Lax, Secure behind https, signed; holds only the token. */
export function sessionCookie(config: AppLoadContext["config"]) {
  const key = `${config.sessionSecret}|${config.secureCookies}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      maxAge: SESSION_MS / 1000,
      secrets: [config.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** Opens a session for the user; returns the token for the cookie or the bearer header. */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
  details: {
    kind: "browser" | "api";
    ip: string;
    userAgent: string | null;
    /** An admin opening the customer's view (impersonation): such a session lasts an hour. */
    impersonatorId?: string;
  },
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("sessions")
    .values({
      tokenHash: sha256(token),
      userId,
      kind: details.kind,
      ip: details.ip,
      userAgent: details.userAgent?.slice(0, 500) ?? null,
      impersonatorId: details.impersonatorId ?? null,
      expiresAt: new Date(Date.now() + (details.impersonatorId ? IMPERSONATION_MS : SESSION_MS)),
    })
    .execute();
  return token;
}

/** The session token of a request: the bearer token first, then the cookie. */
export async function readSessionToken(
  request: Request,
  context: AppLoadContext,
): Promise<string | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  const value = await sessionCookie(context.config).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The user of a live session token, or null. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .leftJoin("companies", "companies.id", "users.companyId")
    .leftJoin("users as admins", "admins.id", "sessions.impersonatorId")
    .select([
      "sessions.impersonatorId",
      "admins.email as impersonatorEmail",
      "admins.role as impersonatorRole",
      "admins.lockedAt as impersonatorLockedAt",
      "admins.anonymizedAt as impersonatorAnonymizedAt",
      "sessions.id as sessionId",
      "users.id",
      "users.email",
      "users.role",
      "users.firstName",
      "users.lastName",
      "users.emailVerifiedAt",
      "users.deletionScheduledAt",
      "users.companyId",
      "companies.name as companyName",
      "companies.subscriptionPlan",
      (eb) =>
        eb
          .selectFrom("appSettings")
          .select("value")
          .where("key", "=", "notification")
          .as("notificationSetting"),
      (eb) =>
        eb
          .selectFrom("subscriptions")
          .select("pendingAction")
          .whereRef("subscriptions.companyId", "=", "users.companyId")
          .limit(1)
          .as("pendingAction"),
    ])
    .where("sessions.tokenHash", "=", sha256(token))
    .where("sessions.expiresAt", ">", new Date())
    .where("users.anonymizedAt", "is", null)
    .where("users.lockedAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  // A customer's view lives only while the admin who opened it is an admin who may sign in:
  // once they are locked, demoted or gone, the view ends at its next request.
  if (
    row.impersonatorId &&
    (row.impersonatorRole !== "admin" ||
      row.impersonatorLockedAt !== null ||
      row.impersonatorAnonymizedAt !== null)
  ) {
    await deleteSession(db, row.sessionId);
    return null;
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
    deletionScheduledAt: row.deletionScheduledAt?.toISOString() ?? null,
    companyId: row.companyId,
    companyName: row.companyName,
    plan: row.subscriptionPlan ?? "basic",
    impersonator:
      row.impersonatorId && row.impersonatorEmail
        ? { id: row.impersonatorId, email: row.impersonatorEmail }
        : null,
    shell: {
      notification: notificationText(row.notificationSetting),
      pendingPayment: pendingPaymentOf(row.pendingAction),
    },
  };
}

/** Ends one session (logout). */
export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/**
 * Ends every session of a user, e.g. after a password reset, and every customer's view they
 * opened as an admin; keeps one if given.
 */
export async function deleteUserSessions(db: Kysely<Database>, userId: string, keep?: string) {
  let query = db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("userId", "=", userId), eb("impersonatorId", "=", userId)]));
  if (keep) query = query.where("id", "!=", keep);
  await query.execute();
}

/** Set-Cookie value that signs the browser in with this token. */
export function commitSessionCookie(context: AppLoadContext, token: string): Promise<string> {
  return sessionCookie(context.config).serialize(token);
}

/** Set-Cookie value that forgets the session. */
export function clearSessionCookie(context: AppLoadContext): Promise<string> {
  return sessionCookie(context.config).serialize("", { maxAge: 0 });
}
