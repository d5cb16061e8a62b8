import type { AppLoadContext } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { createAccountLogin } from "~/modules/accounts/service.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { actorOf } from "~/modules/auth/acts.server";
import { CUSTOMER_VIEW_READ_ONLY, ROLE_LABELS, ROLE_RANK } from "~/modules/auth/capabilities";
import { hashPassword } from "~/modules/auth/password.server";
import type { CompanyUser, SessionUser } from "~/modules/auth/session.server";
import { MailError, sendMail } from "~/modules/mail/mailer.server";
import { teamInvitationMail } from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { formatDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database, InvitedRole } from "~db/types";
import {
  INVITATION_DAYS,
  INVITATION_STATES,
  type InvitationState,
  TEAM_MESSAGES,
} from "./constants";
import type { InviteInput } from "./schema";
import { requireFreeSeat, requireSeatsKept } from "./seats.server";

/*
 * Invitations by e-mail (issue #29 item 2, decision 028): a random token e-mailed once and kept
 * as its SHA-256, valid 14 days, spent by one atomic UPDATE, revocable; «Поканен» until accepted.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationRow {
  id: string;
  email: string;
  role: InvitedRole;
  roleLabel: string;
  ownDocumentsOnly: boolean;
  createdAt: string;
  expiresAt: string;
  state: InvitationState;
  stateLabel: string;
}

function stateOf(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }) {
  if (row.acceptedAt) return "accepted" as const;
  if (row.revokedAt) return "revoked" as const;
  return row.expiresAt <= new Date() ? ("expired" as const) : ("live" as const);
}

/** The company's invitations not yet accepted (live, expired or revoked in the last 30 days). */
export async function listInvitations(
  db: Kysely<Database>,
  companyId: string,
): Promise<InvitationRow[]> {
  const rows = await db
    .selectFrom("companyInvitations")
    .select([
      "id",
      "email",
      "role",
      "ownDocumentsOnly",
      "createdAt",
      "expiresAt",
      "acceptedAt",
      "revokedAt",
    ])
    .where("companyId", "=", companyId)
    .where("acceptedAt", "is", null)
    .where("createdAt", ">", new Date(Date.now() - 30 * DAY_MS))
    .orderBy("createdAt", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => {
    const state = stateOf(row);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      roleLabel: ROLE_LABELS[row.role],
      ownDocumentsOnly: row.role === "staff" && row.ownDocumentsOnly,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      state,
      stateLabel: INVITATION_STATES[state],
    };
  });
}

/**
 * Invites an address with a role: refused for a member already there, a role above the
 * inviter's, or no free seat (accountants use none). A live invitation to the same address is
 * replaced. The mail goes out before the answer; when it cannot be sent the invitation is taken
 * back (503), so the form can simply be sent again.
 */
export async function inviteMember(
  context: AppLoadContext,
  by: CompanyUser,
  input: InviteInput,
): Promise<InvitationRow> {
  const { db } = context;
  if (ROLE_RANK[input.role] > ROLE_RANK[by.companyRole]) {
    throw new AppError(TEAM_MESSAGES.aboveOwn, 403, { role: TEAM_MESSAGES.aboveOwn });
  }
  const member = await db
    .selectFrom("companyMembers")
    .innerJoin("users", "users.id", "companyMembers.userId")
    .select("users.id")
    .where("companyMembers.companyId", "=", by.companyId)
    .where((eb) => eb(eb.fn("lower", ["users.email"]), "=", input.email.toLowerCase()))
    .executeTakeFirst();
  if (member)
    throw new AppError(TEAM_MESSAGES.alreadyMember, 400, { email: TEAM_MESSAGES.alreadyMember });

  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  const ownDocumentsOnly = input.role === "staff" && input.ownDocumentsOnly;
  const created = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("companyInvitations")
      .set({ revokedAt: new Date() })
      .where("companyId", "=", by.companyId)
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()))
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .execute();
    if (input.role !== "accountant") await requireFreeSeat(trx, by.companyId, todayInSofia());
    return trx
      .insertInto("companyInvitations")
      .values({
        companyId: by.companyId,
        email: input.email.toLowerCase(),
        role: input.role,
        ownDocumentsOnly,
        tokenHash: sha256(token),
        invitedBy: by.id,
        expiresAt,
      })
      .returning(["id", "createdAt"])
      .executeTakeFirstOrThrow();
  });

  try {
    await sendMail(
      context.config,
      teamInvitationMail({
        to: input.email,
        companyName: by.companyName ?? "",
        inviterName: `${by.firstName} ${by.lastName}`.trim() || by.email,
        roleLabel: ROLE_LABELS[input.role],
        link: `${context.config.appUrl}/invite/${token}`,
        validUntil: formatDate(expiresAt.toISOString()),
        logoUrl: await emailLogoUrl(context),
      }),
    );
  } catch (error) {
    await db.deleteFrom("companyInvitations").where("id", "=", created.id).execute();
    if (error instanceof MailError) throw new AppError(error.message, 503);
    throw error;
  }
  await recordCompanyAudit(db, {
    companyId: by.companyId,
    actor: actorOf(by, context),
    action: "team.invite",
    target: { type: "invitation", id: created.id, label: input.email },
    details: { role: input.role, ownDocumentsOnly, expiresAt: expiresAt.toISOString() },
  });
  return {
    id: created.id,
    email: input.email.toLowerCase(),
    role: input.role,
    roleLabel: ROLE_LABELS[input.role],
    ownDocumentsOnly,
    createdAt: created.createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    state: "live",
    stateLabel: INVITATION_STATES.live,
  };
}

/** Takes a live invitation back: its link stops working (404 for another company's or a spent one). */
export async function revokeInvitation(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  by: CompanyUser,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw new AppError(TEAM_MESSAGES.invitationNotFound, 404);
  await context.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("companyInvitations")
      .set({ revokedAt: new Date() })
      .where("id", "=", id)
      .where("companyId", "=", by.companyId)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .returning(["email", "role"])
      .executeTakeFirst();
    if (!row) throw new AppError(TEAM_MESSAGES.invitationNotFound, 404);
    await recordCompanyAudit(trx, {
      companyId: by.companyId,
      actor: actorOf(by, context),
      action: "team.invite-revoke",
      target: { type: "invitation", id, label: row.email },
      details: { role: row.role },
    });
  });
}

/** What an invitation's page shows, without spending it; null for an unknown token. */
export async function peekInvitation(db: Kysely<Database>, token: string) {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("companyInvitations")
    .innerJoin("companies", "companies.id", "companyInvitations.companyId")
    .leftJoin("users as inviter", "inviter.id", "companyInvitations.invitedBy")
    .select([
      "companyInvitations.id",
      "companyInvitations.companyId",
      "companyInvitations.email",
      "companyInvitations.role",
      "companyInvitations.expiresAt",
      "companyInvitations.acceptedAt",
      "companyInvitations.revokedAt",
      "companies.name as companyName",
      "inviter.firstName as inviterFirstName",
      "inviter.lastName as inviterLastName",
    ])
    .where("companyInvitations.tokenHash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const login = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", row.email.toLowerCase()))
    .where("anonymizedAt", "is", null)
    .executeTakeFirst();
  const state = stateOf(row);
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    email: row.email,
    role: row.role,
    roleLabel: ROLE_LABELS[row.role],
    inviterName: `${row.inviterFirstName ?? ""} ${row.inviterLastName ?? ""}`.trim() || null,
    expiresAt: row.expiresAt.toISOString(),
    state,
    /** Whether a login with the invited address exists (it signs in to accept). */
    hasLogin: login !== undefined,
  };
}
export type InvitationView = NonNullable<Awaited<ReturnType<typeof peekInvitation>>>;

const REFUSALS: Record<Exclude<InvitationState, "live">, string> = {
  accepted: TEAM_MESSAGES.invitationUsed,
  expired: TEAM_MESSAGES.invitationExpired,
  revoked: TEAM_MESSAGES.invitationRevoked,
};

/**
 * Spends the invitation (one atomic UPDATE: used once, within 14 days, not revoked) and makes the
 * login a member with its role, recorded in the company's trail. An unknown token is 404, a spent,
 * expired or revoked one 410 with what it is.
 */
async function spend(
  trx: Transaction<Database>,
  token: string,
  login: { id: string; email: string; firstName: string; lastName: string },
  ip: string,
  impersonatorEmail: string | null,
) {
  const row = await trx
    .updateTable("companyInvitations")
    .set({ acceptedAt: new Date(), acceptedBy: login.id })
    .where("tokenHash", "=", sha256(token))
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .returning(["id", "companyId", "email", "role", "ownDocumentsOnly", "invitedBy"])
    .executeTakeFirst();
  if (!row) {
    const seen = await trx
      .selectFrom("companyInvitations")
      .select(["acceptedAt", "revokedAt", "expiresAt"])
      .where("tokenHash", "=", sha256(token))
      .executeTakeFirst();
    if (!seen) throw new AppError(TEAM_MESSAGES.invitationNotFound, 404);
    const state = stateOf(seen);
    throw new AppError(state === "live" ? TEAM_MESSAGES.invitationUsed : REFUSALS[state], 410);
  }
  // Already a member (invited twice, or joined otherwise): the membership stays as it is.
  const joined = await trx
    .insertInto("companyMembers")
    .values({
      companyId: row.companyId,
      userId: login.id,
      role: row.role,
      ownDocumentsOnly: row.role === "staff" && row.ownDocumentsOnly,
      invitedBy: row.invitedBy,
    })
    .onConflict((oc) => oc.columns(["companyId", "userId"]).doNothing())
    .returning("role")
    .executeTakeFirst();
  // The seat the invitation held becomes the member's: checked again, the plan may have shrunk.
  if (joined && row.role !== "accountant") {
    await requireSeatsKept(trx, row.companyId, todayInSofia());
  }
  await recordCompanyAudit(trx, {
    companyId: row.companyId,
    actor: {
      id: login.id,
      email: login.email,
      name: `${login.firstName} ${login.lastName}`.trim(),
      role: row.role,
      impersonatorEmail,
      ip,
    },
    action: "team.join",
    target: { type: "invitation", id: row.id, label: row.email },
    details: {
      role: row.role,
      invitedEmail: row.email,
      ...(login.email.toLowerCase() !== row.email.toLowerCase() && { acceptedAs: login.email }),
      ...(joined ? {} : { alreadyMember: true }),
    },
  });
  return { companyId: row.companyId, invitedEmail: row.email };
}

/**
 * A signed-in person accepts into their login. Signed in with another address than invited, it
 * needs `confirmed` (the page asked first): otherwise 409 with the question's message.
 */
export async function acceptInvitation(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser,
  token: string,
  confirmed: boolean,
): Promise<{ companyId: string }> {
  // An admin's view of a customer never joins the login to another company (issue #43 item 1).
  if (user.impersonator) throw new AppError(CUSTOMER_VIEW_READ_ONLY, 403);
  const view = await peekInvitation(context.db, token);
  if (!view) throw new AppError(TEAM_MESSAGES.invitationNotFound, 404);
  if (view.state !== "live") throw new AppError(REFUSALS[view.state], 410);
  if (view.email.toLowerCase() !== user.email.toLowerCase() && !confirmed) {
    throw new AppError(TEAM_MESSAGES.otherEmail, 409);
  }
  return context.db
    .transaction()
    .execute((trx) => spend(trx, token, user, context.clientIp, user.impersonator?.email ?? null));
}

/**
 * A new person accepts by creating only a login (names and password; the invited address,
 * verified by the link): no company of their own. 409 when a login has the address already.
 */
export async function acceptAsNewLogin(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  token: string,
  input: { firstName: string; lastName: string; password: string },
): Promise<{ userId: string; companyId: string }> {
  const view = await peekInvitation(context.db, token);
  if (!view) throw new AppError(TEAM_MESSAGES.invitationNotFound, 404);
  if (view.state !== "live") throw new AppError(REFUSALS[view.state], 410);
  if (view.hasLogin) throw new AppError(TEAM_MESSAGES.loginExists, 409);
  // argon2 takes its time outside the transaction.
  const passwordHash = await hashPassword(input.password);
  return context.db.transaction().execute(async (trx) => {
    const login = await createAccountLogin(trx, {
      email: view.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      companyId: view.companyId,
    });
    const { companyId } = await spend(trx, token, login, context.clientIp, null);
    return { userId: login.id, companyId };
  });
}
