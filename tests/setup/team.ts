import type { Kysely } from "kysely";
import { expect } from "vitest";
import { type Capability, can, type MemberRole } from "~/modules/auth/capabilities";
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

/**
 * A staff member of `companyId` and an invitation waiting in it (the team's calls act on them):
 * the member's login and the invitation's id. `tag` makes the token hash unique per caller.
 */
export async function colleagueAndInvitation(db: Kysely<Database>, companyId: string, tag: string) {
  const colleague = await createUser(db);
  await db
    .insertInto("companyMembers")
    .values({ companyId, userId: colleague.id, role: "staff" })
    .execute();
  const invitation = await db
    .insertInto("companyInvitations")
    .values({
      companyId,
      email: "invited@example.bg",
      role: "viewer",
      tokenHash: `${tag}-${colleague.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { colleague, invitationId: invitation.id };
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
export async function strangersOf(
  db: Kysely<Database>,
  mine: { companyId: string },
  options: { plan?: "basic" | "standard" | "full" } = {},
) {
  const owner = await createUser(db, { plan: options.plan ?? "basic" });
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
      // The company the login works in (its own company is another one still).
      companyId: owner.companyId,
      cookie: member.cookie,
      bearer: member.bearer,
    });
  }
  return strangers;
}

/**
 * What an outsider of the given role gets from a call that needs `capability` on another
 * company's id: 404 when the role has the capability (the id is not theirs), else the role's
 * refusal — 403 from the API and from a page opened (GET: the page says which right the role
 * lacks, issue #41 item 14), the redirect to /dashboard from a form posted to a page.
 */
export function outsiderStatus(
  role: MemberRole,
  capability: Capability,
  kind: "api" | "page" | "form" = "api",
): number {
  if (can({ companyRole: role }, capability)) return 404;
  return kind === "form" ? 302 : 403;
}

/**
 * Sends an outsider's calls in turn and expects each answer: 404 where the role may do it (the
 * id is another company's), the role's refusal where it may not (outsiderStatus).
 */
export async function expectOutsider(
  stranger: { label: string; role: MemberRole },
  calls: [Capability, "api" | "page" | "form", () => Promise<Response>][],
) {
  const got: number[] = [];
  for (const [, , send] of calls) got.push((await send()).status);
  expect(got, stranger.label).toEqual(
    calls.map(([capability, kind]) => outsiderStatus(stranger.role, capability, kind)),
  );
}
