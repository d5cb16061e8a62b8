import type { Kysely } from "kysely";
import type { MemberRole } from "~/modules/auth/capabilities";
import type { Database } from "~db/types";
import { createUser } from "./factories";
import { signInApi } from "./routes";

/*
 * Team members for tests (issue #29): a login with a role in a company, signed in and working in
 * it — a member of another company as each role sees it in the isolation tests.
 */

/** The roles a member other than the owner can have. */
export const MEMBER_ROLES_BUT_OWNER = ["accountant", "staff", "viewer"] as const;

/**
 * A login that is `role` in `companyId` (besides the owner of a company of its own), signed in
 * with its session working in `companyId`: the cookie and the bearer header.
 */
export async function memberOf(
  db: Kysely<Database>,
  companyId: string,
  role: MemberRole,
  options: { ownDocumentsOnly?: boolean } = {},
) {
  const user = await createUser(db);
  await db
    .insertInto("companyMembers")
    .values({
      companyId,
      userId: user.id,
      role,
      ownDocumentsOnly: options.ownDocumentsOnly ?? false,
    })
    .execute();
  const session = await signInApi(db, user);
  await workIn(db, user.id, companyId);
  return { user, ...session };
}

/** Moves every session of the login to one of its companies (as the switcher would). */
export async function workIn(db: Kysely<Database>, userId: string, companyId: string) {
  await db.updateTable("sessions").set({ companyId }).where("userId", "=", userId).execute();
}

/**
 * The outsiders of an isolation test: the owner of another company, and for each role a login
 * that is that role in another company and ALSO an accountant of `mine` — but working in the
 * other one. Another company's ids must be 404 to each (or refused by the role), whatever the
 * login can do elsewhere.
 */
export async function strangersOf(db: Kysely<Database>, mine: { companyId: string }) {
  const owner = await createUser(db);
  const strangers = [
    {
      label: "owner of another company",
      role: "owner" as MemberRole,
      ...owner,
      ...(await signInApi(db, owner)),
    },
  ];
  for (const role of MEMBER_ROLES_BUT_OWNER) {
    const member = await memberOf(db, owner.companyId!, role);
    await db
      .insertInto("companyMembers")
      .values({ companyId: mine.companyId, userId: member.user.id, role: "accountant" })
      .execute();
    strangers.push({
      label: `${role} of another company (also an accountant of mine, working there)`,
      role,
      ...member.user,
      cookie: member.cookie,
      bearer: member.bearer,
    });
  }
  return strangers;
}
