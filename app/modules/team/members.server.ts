import type { AppLoadContext } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { actorOf } from "~/modules/auth/acts.server";
import { type MemberRole, ROLE_LABELS, ROLE_RANK } from "~/modules/auth/capabilities";
import type { CompanyUser } from "~/modules/auth/session.server";
import {
  defaultCompanyId,
  deleteMemberSessions,
  type SessionUser,
  setSessionCompany,
} from "~/modules/auth/session.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { TEAM_MESSAGES } from "./constants";
import type { MemberRoleInput } from "./schema";
import { requireFreeSeat } from "./seats.server";

/*
 * A company's members (issue #29, decision 028). The route checks the capability («team»: the
 * owner); the rules below hold whatever the table says: nobody grants a role above their own,
 * changes their own, or edits someone ranked at or above them; the owner stays until ownership
 * is transferred; a removal or a lowered role ends that login's sessions for the company at once.
 */

type Context = Pick<AppLoadContext, "db" | "clientIp">;

export interface Member {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  roleLabel: string;
  ownDocumentsOnly: boolean;
  joinedAt: string;
}

/** The company's members, owner first, then by rank and name. */
export async function listMembers(db: Kysely<Database>, companyId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("companyMembers")
    .innerJoin("users", "users.id", "companyMembers.userId")
    .select([
      "users.id as userId",
      "users.email",
      "users.firstName",
      "users.lastName",
      "companyMembers.role",
      "companyMembers.ownDocumentsOnly",
      "companyMembers.createdAt",
    ])
    .where("companyMembers.companyId", "=", companyId)
    .execute();
  return rows
    .map((row) => ({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      roleLabel: ROLE_LABELS[row.role],
      ownDocumentsOnly: row.role === "staff" && row.ownDocumentsOnly,
      joinedAt: row.createdAt.toISOString(),
    }))
    .sort(
      (a, b) =>
        ROLE_RANK[b.role] - ROLE_RANK[a.role] ||
        `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, "bg") ||
        a.email.localeCompare(b.email),
    );
}

async function lockedMember(trx: Transaction<Database>, companyId: string, userId: string) {
  if (!isUuid(userId) || !isUuid(companyId)) return undefined;
  return trx
    .selectFrom("companyMembers")
    .innerJoin("users", "users.id", "companyMembers.userId")
    .select([
      "companyMembers.role",
      "companyMembers.ownDocumentsOnly",
      "users.email",
      "users.firstName",
      "users.lastName",
    ])
    .where("companyMembers.companyId", "=", companyId)
    .where("companyMembers.userId", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

const nameOf = (m: { firstName: string; lastName: string; email: string }) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/**
 * Changes a member's role (and the staff's «само своите документи»). Giving «owner» transfers the
 * ownership: the owner becomes an accountant. A lower role or a narrower view ends the member's
 * sessions for the company in the same transaction.
 */
export async function changeMemberRole(
  context: Context,
  by: CompanyUser,
  userId: string,
  input: MemberRoleInput,
): Promise<void> {
  const ownDocumentsOnly = input.role === "staff" && input.ownDocumentsOnly;
  await context.db.transaction().execute(async (trx) => {
    const target = await lockedMember(trx, by.companyId, userId);
    if (!target) throw new AppError(TEAM_MESSAGES.notMember, 404);
    if (userId === by.id) throw new AppError(TEAM_MESSAGES.ownRole, 403);
    if (ROLE_RANK[target.role] >= ROLE_RANK[by.companyRole]) {
      throw new AppError(TEAM_MESSAGES.rankedAbove, 403);
    }
    if (ROLE_RANK[input.role] > ROLE_RANK[by.companyRole]) {
      throw new AppError(TEAM_MESSAGES.aboveOwn, 403);
    }
    const label = nameOf(target);
    const audit = (action: "team.role" | "team.owner", details: Record<string, unknown>) =>
      recordCompanyAudit(trx, {
        companyId: by.companyId,
        actor: actorOf(by, context),
        action,
        target: { type: "member", id: userId, label },
        details,
      });

    if (input.role === "owner") {
      if (by.companyRole !== "owner") throw new AppError(TEAM_MESSAGES.onlyOwnerTransfers, 403);
      // The old owner steps down first: the one-owner index holds at every statement.
      await trx
        .updateTable("companyMembers")
        .set({ role: "accountant", ownDocumentsOnly: false, updatedAt: new Date() })
        .where("companyId", "=", by.companyId)
        .where("userId", "=", by.id)
        .execute();
      await trx
        .updateTable("companyMembers")
        .set({ role: "owner", ownDocumentsOnly: false, updatedAt: new Date() })
        .where("companyId", "=", by.companyId)
        .where("userId", "=", userId)
        .execute();
      await audit("team.owner", {
        role: { from: target.role, to: "owner" },
        previousOwner: { id: by.id, email: by.email, to: "accountant" },
      });
      return;
    }

    if (target.role === input.role && target.ownDocumentsOnly === ownDocumentsOnly) return;
    // An accountant uses no seat; any other role does.
    if (target.role === "accountant" && input.role !== "accountant") {
      await requireFreeSeat(trx, by.companyId, todayInSofia());
    }
    await trx
      .updateTable("companyMembers")
      .set({ role: input.role, ownDocumentsOnly, updatedAt: new Date() })
      .where("companyId", "=", by.companyId)
      .where("userId", "=", userId)
      .execute();
    const lowered =
      ROLE_RANK[input.role] < ROLE_RANK[target.role] ||
      (ownDocumentsOnly && !target.ownDocumentsOnly);
    if (lowered) await deleteMemberSessions(trx, userId, by.companyId);
    await audit("team.role", {
      role: { from: target.role, to: input.role },
      ...(ownDocumentsOnly !== target.ownDocumentsOnly && {
        ownDocumentsOnly: { from: target.ownDocumentsOnly, to: ownDocumentsOnly },
      }),
      sessionsEnded: lowered,
    });
  });
}

/** Removes a member (never the owner, never oneself: that is leaving); their sessions end now. */
export async function removeMember(context: Context, by: CompanyUser, userId: string) {
  if (userId === by.id) return leaveCompany(context, by, by.companyId);
  await context.db.transaction().execute(async (trx) => {
    const target = await lockedMember(trx, by.companyId, userId);
    if (!target) throw new AppError(TEAM_MESSAGES.notMember, 404);
    if (target.role === "owner") throw new AppError(TEAM_MESSAGES.ownerStays, 409);
    if (ROLE_RANK[target.role] >= ROLE_RANK[by.companyRole]) {
      throw new AppError(TEAM_MESSAGES.rankedAbove, 403);
    }
    await trx
      .deleteFrom("companyMembers")
      .where("companyId", "=", by.companyId)
      .where("userId", "=", userId)
      .execute();
    await deleteMemberSessions(trx, userId, by.companyId);
    await recordCompanyAudit(trx, {
      companyId: by.companyId,
      actor: actorOf(by, context),
      action: "team.remove",
      target: { type: "member", id: userId, label: nameOf(target) },
      details: { role: target.role, email: target.email },
    });
  });
}

/**
 * Leaves a company (any the login belongs to); the owner cannot (transfer first). The login's
 * other sessions for it end; the asking session moves to another company of the login.
 */
export async function leaveCompany(
  context: Context,
  user: SessionUser,
  companyId: string,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, companyId, user.id);
    if (!member) throw new AppError(TEAM_MESSAGES.notMember, 404);
    if (member.role === "owner") throw new AppError(TEAM_MESSAGES.ownerStays, 409);
    await recordCompanyAudit(trx, {
      companyId,
      actor: { ...actorOf(user, context), role: member.role },
      action: "team.leave",
      target: { type: "member", id: user.id, label: nameOf(member) },
      details: { role: member.role },
    });
    await trx
      .deleteFrom("companyMembers")
      .where("companyId", "=", companyId)
      .where("userId", "=", user.id)
      .execute();
    await deleteMemberSessions(trx, user.id, companyId, user.sessionId);
    if (user.companyId === companyId) {
      await setSessionCompany(trx, user.sessionId, await defaultCompanyId(trx, user.id));
    }
  });
}
