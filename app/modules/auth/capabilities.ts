import type { MemberRole } from "~db/types";

/*
 * Roles in a company and what each may do (issue #29, decision 028). The table in
 * docs/decisions/028-team-and-accountant-access.md is this one: capabilities.test.ts reads the
 * decision's table and fails when the two differ. The server checks `can` in every loader, action
 * and API call through the guards (web/auth/guards.server.ts); the menu uses it only to hide
 * what would be refused. Browser-safe: no zod, no server code.
 */

export const MEMBER_ROLES = [
  "owner",
  "accountant",
  "staff",
  "viewer",
] as const satisfies readonly MemberRole[];
export type { MemberRole };

/** The roles' names on every screen and in the e-mails. */
export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Собственик",
  accountant: "Счетоводител",
  staff: "Служител",
  viewer: "Само преглед",
};

/** Higher ranks may manage lower ones; nobody grants above their own or edits someone above. */
export const ROLE_RANK: Record<MemberRole, number> = {
  owner: 4,
  accountant: 3,
  staff: 2,
  viewer: 1,
};

/** The roles an invitation may carry (ownership is only transferred between members). */
export const INVITED_ROLES = ["accountant", "staff", "viewer"] as const;

const ALL: readonly MemberRole[] = ["owner", "accountant", "staff", "viewer"];
const BOOKS: readonly MemberRole[] = ["owner", "accountant"];
const WORKERS: readonly MemberRole[] = ["owner", "accountant", "staff"];
const READERS: readonly MemberRole[] = ["owner", "accountant", "viewer"];

/**
 * What an admin's view of a customer (impersonation) may look at but never change (issue #43
 * item 1): who has access — members, roles, invitations, ownership — and the plan and card. A
 * change there would outlive the view (an invited login keeps reading after the admin is gone).
 */
export const READ_ONLY_IN_CUSTOMER_VIEW = ["team", "billing"] as const satisfies readonly string[];

export const CUSTOMER_VIEW_READ_ONLY =
  "Това действие не е позволено в клиентски изглед: паролата, имейлът, изтриването на профила, плащанията, екипът, поканите и собствеността се променят само от самия клиент.";

/** Capability → the roles that have it. */
export const CAPABILITIES = {
  /** Working in the company at all: its dashboard, its plan, the latest documents. */
  company: ALL,
  /** The dashboard's money figures (revenue, receivables, the month's costs, the VAT threshold). */
  "dashboard.figures": READERS,
  "clients.view": ALL,
  "clients.edit": WORKERS,
  "catalogue.view": ALL,
  "catalogue.edit": WORKERS,
  "documents.view": ALL,
  /** Drafts, issuing, cancelling, e-mailing, payments, notes, recurring invoices. */
  "documents.edit": WORKERS,
  "expenses.view": READERS,
  "expenses.edit": BOOKS,
  /** Bank accounts, statements and their movements (who paid what). */
  "bank.view": READERS,
  /** Importing statements, confirming and undoing matches, the rules for debits. */
  "bank.edit": BOOKS,
  "salaries.view": BOOKS,
  "salaries.edit": BOOKS,
  /** The payroll sheet and payslips, the НАП declarations and payments, the salaries' CSV. */
  "payroll.files": BOOKS,
  "analytics.view": READERS,
  "vat.view": READERS,
  /** The НАП files (journals, declaration, VIES) and who files them. */
  "vat.files": BOOKS,
  /** CSV of the lists (documents, expenses, analytics) and the company's export. */
  exports: BOOKS,
  /** The company's data, numbering, defaults for new documents, reminders, logo. */
  settings: BOOKS,
  /** Plans, card, payments to Сметка. */
  billing: ["owner"],
  /** Members, roles, invitations, ownership. */
  team: ["owner"],
  "audit.view": BOOKS,
  /** Locking and unlocking months (decision 058). */
  periods: BOOKS,
  /** The books (decision 057): the chart, the journal, the trial balance, an account's card. */
  "ledger.view": BOOKS,
  /** Manual entries, analytic accounts, renames and the posting rules. */
  "ledger.edit": BOOKS,
  /** The owner's income tax (decision 076): the advance tax, Приложение № 3 and its figures. */
  taxes: BOOKS,
} as const satisfies Record<string, readonly MemberRole[]>;

export type Capability = keyof typeof CAPABILITIES;

/** Bulgarian names of the capabilities, for the decision's table and the refusals. */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  company: "Табло и план на фирмата",
  "dashboard.figures": "Суми на таблото",
  "clients.view": "Клиенти: преглед",
  "clients.edit": "Клиенти: промяна",
  "catalogue.view": "Каталог: преглед",
  "catalogue.edit": "Каталог: промяна",
  "documents.view": "Документи: преглед",
  "documents.edit": "Документи: създаване, издаване, анулиране, плащания",
  "expenses.view": "Разходи: преглед",
  "expenses.edit": "Разходи: промяна",
  "bank.view": "Банка: извлечения и движения",
  "bank.edit": "Банка: внасяне, разнасяне, правила",
  "salaries.view": "Заплати: преглед",
  "salaries.edit": "Заплати: промяна",
  "payroll.files": "Ведомост, фишове, декларации и плащания към НАП",
  "analytics.view": "Анализи",
  "vat.view": "ДДС: дневници",
  "vat.files": "ДДС: файлове за НАП",
  exports: "Експорт (CSV, архив на фирмата)",
  settings: "Настройки и данни на фирмата",
  billing: "Планове и плащания",
  team: "Екип: покани, роли, собственост",
  "audit.view": "Одитна следа",
  periods: "Заключване на периоди",
  "ledger.view": "Счетоводство: сметкоплан, дневник, оборотна ведомост",
  "ledger.edit": "Счетоводство: ръчни статии, сметки и правила",
  taxes: "Данък върху доходите: авансов данък и годишна декларация",
};

/** What a session works with: its role in the active company (null: no company). */
export interface Membership {
  companyRole: MemberRole | null;
}

/** Whether the role in the active company has the capability. */
export function can(user: Membership, capability: Capability): boolean {
  const role = user.companyRole;
  return role !== null && (CAPABILITIES[capability] as readonly MemberRole[]).includes(role);
}

export const ACCESS_DENIED = {
  title: "Достъп отказан",
  description: "Нямате достъп до този раздел",
  /** The API's 403 message for a capability the role lacks. */
  api: "Достъп отказан: ролята ви във фирмата не позволява това",
} as const;

/** What a refused page says (issue #41 item 14): which role lacks which right, and who has it. */
export interface AccessDeniedDetails {
  roleLabel: string | null;
  capabilityLabel: string;
  /** The roles that have the right, by name. */
  allowed: string[];
  companyName: string | null;
}

/** The details of a role's refusal, for the page's 403 and the toast of a refused form. */
export function accessDeniedDetails(
  role: MemberRole | null,
  capability: Capability,
  companyName: string | null = null,
): AccessDeniedDetails & { message: string } {
  const roleLabel = role ? ROLE_LABELS[role] : null;
  const capabilityLabel = CAPABILITY_LABELS[capability];
  const allowed = (CAPABILITIES[capability] as readonly MemberRole[]).map((r) => ROLE_LABELS[r]);
  const message = roleLabel
    ? `Ролята ви «${roleLabel}»${companyName ? ` във фирма «${companyName}»` : ""} няма право «${capabilityLabel}». Имат го: ${allowed.join(", ")}.`
    : ACCESS_DENIED.description;
  return { roleLabel, capabilityLabel, allowed, companyName, message };
}
