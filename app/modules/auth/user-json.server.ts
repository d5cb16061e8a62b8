import { ROLE_LABELS } from "./capabilities";
import type { SessionUser } from "./session.server";

/**
 * The user as the JSON API shows it (spec §3 User): `role` stays the account's role; `company` is
 * the company the session works in and the role in it (decision 028), null without one.
 */
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
    company:
      user.companyId && user.companyRole
        ? {
            id: user.companyId,
            name: user.companyName,
            role: user.companyRole,
            roleLabel: ROLE_LABELS[user.companyRole],
            ownDocumentsOnly: user.ownDocumentsOnly,
          }
        : null,
  };
}
