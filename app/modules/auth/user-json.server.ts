import type { SessionUser } from "./session.server";

/** The user as the JSON API shows it (spec §3 User). */
export function userJson(user: SessionUser) {
  const pending = user.deletionScheduledAt !== null;
  return {
    id: user.id,
    username: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    accountDeletionRequested: pending,
    accountStatus: pending ? ("pending_deletion" as const) : ("active" as const),
    accountScheduledForDeletion: user.deletionScheduledAt,
    subscriptionPlan: user.plan,
    companyName: user.companyName,
  };
}
