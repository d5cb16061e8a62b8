import { can, ROLE_LABELS } from "~/modules/auth/capabilities";
import type { SessionUser } from "~/modules/auth/session.server";
import type { Plan, UserRole } from "~db/types";

/* What the app's shell (app-shell.tsx) shows of the signed-in person and their companies. */

/** The sections the role in the active company opens (the menu hides the rest; decision 028). */
export type ShellSections = Record<
  | "clients"
  | "documents"
  | "catalogue"
  | "expenses"
  | "bank"
  | "salaries"
  | "analytics"
  | "vat"
  | "calendar"
  | "settings"
  | "billing"
  | "team"
  | "audit"
  | "periods"
  | "ledger"
  | "taxes",
  boolean
>;

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  plan: Plan;
  emailVerified: boolean;
  deletionScheduledAt: string | null;
  /** The company the session works in, always shown in the header. */
  company: { name: string; roleLabel: string } | null;
  may: ShellSections;
  /** This month has no salaries, last month had, the banner is not dismissed (full plan). */
  salaryReminder?: boolean;
}

/** One of the login's companies, for the header's switcher (shown from two). */
export interface ShellCompany {
  id: string;
  name: string;
  roleLabel: string;
  active: boolean;
}

/** What the shell shows of the signed-in person (from the session's user). */
export function shellUser(
  user: Pick<
    SessionUser,
    | "firstName"
    | "lastName"
    | "email"
    | "role"
    | "plan"
    | "emailVerified"
    | "deletionScheduledAt"
    | "companyName"
    | "companyRole"
  >,
): ShellUser {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    plan: user.plan,
    emailVerified: user.emailVerified,
    deletionScheduledAt: user.deletionScheduledAt,
    company:
      user.companyRole && user.companyName
        ? { name: user.companyName, roleLabel: ROLE_LABELS[user.companyRole] }
        : null,
    may: {
      clients: can(user, "clients.view"),
      documents: can(user, "documents.view"),
      catalogue: can(user, "catalogue.view"),
      expenses: can(user, "expenses.view"),
      bank: can(user, "bank.view"),
      salaries: can(user, "salaries.view"),
      analytics: can(user, "analytics.view"),
      vat: can(user, "vat.view"),
      calendar: can(user, "dashboard.figures"),
      settings: can(user, "settings"),
      billing: can(user, "billing"),
      team: can(user, "team"),
      audit: can(user, "audit.view"),
      periods: can(user, "periods"),
      ledger: can(user, "ledger.view"),
      taxes: can(user, "taxes"),
    },
  };
}
