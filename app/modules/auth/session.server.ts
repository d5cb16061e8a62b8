import { type Kysely, sql } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { notificationText } from "~/modules/settings/queries.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { isEmbedded } from "~db/client";
import type { Database, MemberRole, PendingAction, Plan, UserRole } from "~db/types";

export const SESSION_DAYS = 30;

/** The payment waiting for 3-D Secure from a subscription's pending action, if any. */
function pendingPaymentOf(pending: PendingAction | null | undefined) {
  return pending ? { clientSecret: pending.clientSecret, url: pending.url ?? null } : null;
}
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** How long an admin's view as a customer lasts before it has to be opened again. */
export const IMPERSONATION_MS = 60 * 60 * 1000;

/** The signed-in person as every page and API call sees them. */
export interface SessionUser {
  sessionId: string;
  /** browser: a sign-in page's session; api: a token from /api/login (bound to one company). */
  sessionKind: "browser" | "api";
  id: string;
  email: string;
  role: UserRole;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  deletionScheduledAt: string | null;
  /** The company this session works in (a membership of the login), or null. */
  companyId: string | null;
  companyName: string | null;
  /** The login's role in that company, read on every request (never kept in the session). */
  companyRole: MemberRole | null;
  /** Staff limited to the documents they made themselves. */
  ownDocumentsOnly: boolean;
  /** How many companies the login belongs to (the header's switcher shows from two). */
  companyCount: number;
  /** The active company's plan. */
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

/** A signed-in user working in a company, with their role there. */
export type CompanyUser = SessionUser & { companyId: string; companyRole: MemberRole };

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
    /** The company to work in; by default the login's own, else its first membership. */
    companyId?: string | null;
    /** A new session for another company (an API token switching): not a sign-in. */
    switched?: boolean;
  },
): Promise<string> {
  const token = randomToken();
  const companyId =
    details.companyId === undefined ? await defaultCompanyId(db, userId) : details.companyId;
  await db
    .insertInto("sessions")
    .values({
      tokenHash: sha256(token),
      userId,
      companyId,
      kind: details.kind,
      ip: details.ip,
      userAgent: details.userAgent?.slice(0, 500) ?? null,
      impersonatorId: details.impersonatorId ?? null,
      expiresAt: new Date(Date.now() + (details.impersonatorId ? IMPERSONATION_MS : SESSION_MS)),
    })
    .execute();
  // A sign-in is on the company's audit trail (an admin's view of it is recorded as such).
  if (companyId && !details.impersonatorId && !details.switched) {
    await recordSignIn(db, userId, companyId, details.ip, details.kind);
  }
  return token;
}

/**
 * The company a new session of the login works in: its own company while it is a member of it,
 * else the one it is owner of, else the one it joined first; null without any membership.
 */
export async function defaultCompanyId(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("companyMembers")
    .innerJoin("users", "users.id", "companyMembers.userId")
    .select("companyMembers.companyId")
    .where("companyMembers.userId", "=", userId)
    .orderBy(sql`coalesce(company_members.company_id = users.company_id, false)`, "desc")
    .orderBy(sql`company_members.role = 'owner'`, "desc")
    .orderBy("companyMembers.createdAt")
    .limit(1)
    .executeTakeFirst();
  return row?.companyId ?? null;
}

/**
 * The session's row: the login, its membership in the session's company, the view-as admin and
 * the shell's notices, in one query. `tokenHash` and `now` are its only values that change.
 */
function sessionQuery(db: Kysely<Database>, tokenHash: string, now: Date) {
  return (
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.userId")
      // The role is read with the session on every request: a removed member or a lowered role
      // takes effect at the next request, whatever the session was opened with.
      .leftJoin("companyMembers as member", (join) =>
        join
          .onRef("member.companyId", "=", "sessions.companyId")
          .onRef("member.userId", "=", "sessions.userId"),
      )
      .leftJoin("companies", "companies.id", "member.companyId")
      .leftJoin("users as admins", "admins.id", "sessions.impersonatorId")
      .select([
        "sessions.impersonatorId",
        "admins.email as impersonatorEmail",
        "admins.role as impersonatorRole",
        "admins.lockedAt as impersonatorLockedAt",
        "admins.anonymizedAt as impersonatorAnonymizedAt",
        "sessions.id as sessionId",
        "sessions.kind as sessionKind",
        "users.id",
        "users.email",
        "users.role",
        "users.firstName",
        "users.lastName",
        "users.emailVerifiedAt",
        "users.deletionScheduledAt",
        "member.companyId",
        "member.role as companyRole",
        "member.ownDocumentsOnly",
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
            .whereRef("subscriptions.companyId", "=", "member.companyId")
            .limit(1)
            .as("pendingAction"),
        (eb) =>
          eb
            .selectFrom("companyMembers as memberships")
            .select(eb.fn.countAll<number>().as("n"))
            .whereRef("memberships.userId", "=", "users.id")
            .as("companyCount"),
      ])
      .where("sessions.tokenHash", "=", tokenHash)
      .where("sessions.expiresAt", ">", now)
      .where("users.anonymizedAt", "is", null)
      .where("users.lockedAt", "is", null)
  );
}

type SessionQuery = ReturnType<typeof sessionQuery>;
type CompiledSessionQuery = ReturnType<SessionQuery["compile"]>;
type SessionRow = Awaited<ReturnType<SessionQuery["executeTakeFirstOrThrow"]>>;
const HASH_SLOT = "\u0000session-token-hash";
const NOW_SLOT = new Date(0);
const compiledSessionQueries = new WeakMap<
  Kysely<Database>,
  (tokenHash: string, now: Date) => ReturnType<SessionQuery["compile"]>
>();

/**
 * The session query compiled once per database handle, then given each request's values: it
 * runs on every signed-in request, and building and compiling it again took 0.1 ms of each
 * (decision 035). Each value is found by identity in the compiled parameters, exactly once, so a
 * change to the query keeps them right or fails loudly here.
 */
function compiledSessionQuery(db: Kysely<Database>) {
  let bind = compiledSessionQueries.get(db);
  if (!bind) {
    const compiled = sessionQuery(db, HASH_SLOT, NOW_SLOT).compile();
    const onlyOnce = (value: unknown) => {
      const at = compiled.parameters.indexOf(value);
      if (at < 0 || compiled.parameters.lastIndexOf(value) !== at) {
        throw new Error("The session query's values are not each once in its compiled parameters");
      }
      return at;
    };
    const hashAt = onlyOnce(HASH_SLOT);
    const nowAt = onlyOnce(NOW_SLOT);
    bind = (tokenHash, now) => {
      const parameters = compiled.parameters.slice();
      parameters[hashAt] = tokenHash;
      parameters[nowAt] = now;
      return { ...compiled, parameters };
    };
    compiledSessionQueries.set(db, bind);
  }
  return bind;
}

const PREPARED_NAME = "smetka_session";
const prepared = new WeakMap<Kysely<Database>, Promise<boolean>>();

/**
 * On embedded PGlite the session query is a prepared statement: PGlite plans every query anew,
 * and planning this one was 0.7–0.9 ms of its 1.8 ms (0.6–0.8 ms prepared; decision 036). PGlite
 * has no named statements in its API and refuses parameters in EXECUTE, so the values go into the
 * EXECUTE as literals, each checked to be a number or a string of a narrow alphabet (the hex hash,
 * the setting's key, an ISO time); anything else, PostgreSQL's pool, or a failing EXECUTE takes
 * the plain query.
 */
async function runSessionQuery(db: Kysely<Database>, query: CompiledSessionQuery) {
  if (!isEmbedded(db)) return db.executeQuery<SessionRow>(query);
  const literals = query.parameters.map(literal);
  if (literals.every((value) => value !== null)) {
    let ready = prepared.get(db);
    if (!ready) {
      ready = sql
        .raw(`prepare ${PREPARED_NAME} as ${query.sql}`)
        .execute(db)
        .then(
          () => true,
          // Another handle on the same engine prepared it already: the same query, so use it.
          (error: { code?: string }) => error?.code === "42P05",
        );
      prepared.set(db, ready);
    }
    if (await ready) {
      try {
        return await db.executeQuery<SessionRow>({
          ...query,
          sql: `execute ${PREPARED_NAME}(${literals.join(", ")})`,
          parameters: [],
        });
      } catch (error) {
        console.error(`The prepared session query failed, the plain one is used: ${error}`);
        prepared.set(db, Promise.resolve(false));
      }
    }
  }
  return db.executeQuery<SessionRow>(query);
}

/** A value as an SQL literal when it can only be one (no quote, no backslash), else null. */
function literal(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  return typeof text === "string" && /^[\w.:+-]*$/.test(text) ? `'${text}'` : null;
}

/** The user of a live session token, or null. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
): Promise<SessionUser | null> {
  const { rows } = await runSessionQuery(db, compiledSessionQuery(db)(sha256(token), new Date()));
  const row = rows[0];
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
    sessionKind: row.sessionKind,
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
    deletionScheduledAt: row.deletionScheduledAt?.toISOString() ?? null,
    companyId: row.companyId,
    companyName: row.companyName,
    companyRole: row.companyRole,
    ownDocumentsOnly: row.companyRole === "staff" && row.ownDocumentsOnly === true,
    companyCount: Number(row.companyCount ?? 0),
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

/** A sign-in, recorded in the company the new session works in. */
async function recordSignIn(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  ip: string,
  kind: "browser" | "api",
): Promise<void> {
  const who = await db
    .selectFrom("users")
    .innerJoin("companyMembers", "companyMembers.userId", "users.id")
    .select(["users.email", "users.firstName", "users.lastName", "companyMembers.role"])
    .where("users.id", "=", userId)
    .where("companyMembers.companyId", "=", companyId)
    .executeTakeFirst();
  if (!who) return;
  await recordCompanyAudit(db, {
    companyId,
    actor: {
      id: userId,
      email: who.email,
      name: `${who.firstName} ${who.lastName}`.trim(),
      role: who.role,
      impersonatorEmail: null,
      ip,
    },
    action: "auth.sign-in",
    details: { kind },
  });
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

/**
 * Ends a login's sessions and API tokens working in one company (a member removed or a role
 * lowered): their next request is refused and signs them in again.
 */
export async function deleteMemberSessions(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  keep?: string,
): Promise<void> {
  let query = db
    .deleteFrom("sessions")
    .where("userId", "=", userId)
    .where("companyId", "=", companyId);
  if (keep) query = query.where("id", "!=", keep);
  await query.execute();
}

/** Moves a session to another company of its login (or to none). */
export async function setSessionCompany(
  db: Kysely<Database>,
  sessionId: string,
  companyId: string | null,
): Promise<void> {
  await db.updateTable("sessions").set({ companyId }).where("id", "=", sessionId).execute();
}
