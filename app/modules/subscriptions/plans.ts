import type { Plan, UserRole } from "~db/types";

/** Plans and what they open; shared by the server (gates) and the browser (locks, labels). */

export const PLANS = ["basic", "standard", "full"] as const;
export type EffectivePlan = Plan | "admin";

export const PLAN_RANK: Record<Plan, number> = { basic: 0, standard: 1, full: 2 };

export const PLAN_NAMES: Record<Plan, string> = {
  basic: "Основен",
  standard: "Стандартен",
  full: "Пълен",
};

/** The plan-locked button's badge (spec §9): 'Пълен' for the full plan, 'Стандартен' otherwise. */
export const planBadge = (needed: Plan) => (needed === "full" ? "Пълен" : "Стандартен");

export const PLAN_FEATURES: Record<Plan, string[]> = {
  basic: ["Клиенти", "Фактури, проформи и известия", "PDF и изпращане по имейл"],
  standard: ["Всичко от Основен", "Разходи", "Банкови извлечения", "Счетоводство"],
  full: ["Всичко от Стандартен", "Заплати", "Анализи"],
};

/** Which plan a feature needs (the admin role opens everything). */
export const FEATURE_PLANS = {
  expenses: "standard",
  bank: "standard",
  /** The books (decision 057): where the expenses and the bank already are. */
  ledger: "standard",
  salaries: "full",
  analytics: "full",
} as const satisfies Record<string, Plan>;
export type Feature = keyof typeof FEATURE_PLANS;

export function effectivePlan(role: UserRole, plan: Plan | null | undefined): EffectivePlan {
  return role === "admin" ? "admin" : (plan ?? "basic");
}

/** Whether the user's plan (or the admin role) opens what needs `needed`. */
export function hasPlan(user: { role: UserRole; plan: Plan }, needed: Plan): boolean {
  return user.role === "admin" || PLAN_RANK[user.plan] >= PLAN_RANK[needed];
}

/**
 * The pending downgrade (spec §4): an active subscription marked canceled moves, at the end of
 * the period, to the previous plan when the current plan is full and a previous one is known,
 * otherwise to basic.
 */
export function pendingDowngradeTo(state: {
  plan: Plan;
  status: string;
  isCanceled: boolean;
  previousPlan: Plan | null;
}): Plan | null {
  if (!state.isCanceled || state.status !== "active" || state.plan === "basic") return null;
  if (state.plan === "full" && state.previousPlan && state.previousPlan !== "full") {
    return state.previousPlan;
  }
  return "basic";
}

/**
 * The spec's English notices (§8), each shown with a Bulgarian line beside it, so the page reads
 * naturally in Bulgarian while the spec's words stay where it names them.
 */
/**
 * A notice as a toast (issue #41, item 9): the Bulgarian first, with the detail, and the spec's
 * English words beside it (shown with lang="en").
 */
export function noticeToast(notice: { en: string; bg: string }, detail?: string) {
  return {
    title: notice.bg,
    ...(detail ? { description: detail } : {}),
    english: notice.en,
  };
}

export const NOTICES = {
  upgradeComplete: { en: "Upgrade Complete!", bg: "Надграждането е завършено." },
  downgradeScheduled: { en: "Downgrade Scheduled", bg: "Промяната на плана е насрочена." },
  upgradeRequired: { en: "Upgrade Required", bg: "Необходим е по-висок план." },
  connectionFailed: {
    en: "Real-time Connection Failed",
    detail: "Switched to polling mode...",
    bg: "Връзката в реално време прекъсна: данните се обновяват на всеки 30 секунди.",
  },
} as const;
