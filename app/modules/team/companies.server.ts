import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { actorOf } from "~/modules/auth/acts.server";
import { type MemberRole, ROLE_LABELS } from "~/modules/auth/capabilities";
import { createSession, type SessionUser, setSessionCompany } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { TEAM_MESSAGES } from "./constants";

/*
 * One login, many companies (issue #29 item 4): the login's companies with their roles, and the
 * switch of the company a session works in. A browser session switches in place; an API token
 * belongs to one company, so switching one gives a new token and leaves the old one bound.
 */

export interface LoginCompany {
  id: string;
  name: string;
  eik: string;
  role: MemberRole;
  roleLabel: string;
  ownDocumentsOnly: boolean;
  active: boolean;
}

/** The login's companies (the one the session works in marked), by name. */
export async function listLoginCompanies(
  db: Kysely<Database>,
  user: Pick<SessionUser, "id" | "companyId">,
): Promise<LoginCompany[]> {
  const rows = await db
    .selectFrom("companyMembers")
    .innerJoin("companies", "companies.id", "companyMembers.companyId")
    .select([
      "companies.id",
      "companies.name",
      "companies.eik",
      "companyMembers.role",
      "companyMembers.ownDocumentsOnly",
    ])
    .where("companyMembers.userId", "=", user.id)
    .orderBy("companies.name")
    .orderBy("companies.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    roleLabel: ROLE_LABELS[row.role],
    ownDocumentsOnly: row.role === "staff" && row.ownDocumentsOnly,
    active: row.id === user.companyId,
  }));
}

/**
 * Switches the session to another of the login's companies (404 for any other id) and records it
 * in that company's trail. Returns the company, and for an API token the new token.
 */
export async function switchCompany(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser,
  companyId: string,
  userAgent: string | null,
): Promise<{ company: { id: string; name: string; role: MemberRole }; token: string | null }> {
  const { db } = context;
  // An admin's view is of one member in one company (decision 012, 028).
  if (user.impersonator) throw new AppError(TEAM_MESSAGES.switchImpersonating, 403);
  const target = isUuid(companyId)
    ? await db
        .selectFrom("companyMembers")
        .innerJoin("companies", "companies.id", "companyMembers.companyId")
        .select(["companies.id", "companies.name", "companyMembers.role"])
        .where("companyMembers.userId", "=", user.id)
        .where("companyMembers.companyId", "=", companyId)
        .executeTakeFirst()
    : undefined;
  if (!target) throw new AppError(TEAM_MESSAGES.noCompany, 404);
  let token: string | null = null;
  if (user.sessionKind === "api") {
    token = await createSession(db, user.id, {
      kind: "api",
      ip: context.clientIp,
      userAgent,
      companyId: target.id,
      switched: true,
    });
  } else {
    await setSessionCompany(db, user.sessionId, target.id);
  }
  await recordCompanyAudit(db, {
    companyId: target.id,
    actor: { ...actorOf(user, context), role: target.role },
    action: "company.switch",
    target: { type: "company", id: target.id, label: target.name },
    details: { from: user.companyName, fromId: user.companyId, apiToken: token !== null },
  });
  return { company: { id: target.id, name: target.name, role: target.role }, token };
}
