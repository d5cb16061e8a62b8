import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { actorOf } from "~/modules/auth/acts.server";
import { requestUser } from "~/modules/auth/request-user.server";
import type { SessionUser } from "~/modules/auth/session.server";
import type { Database } from "~db/types";

/*
 * The audit log (issue #14): everything an admin does in the back office, and every page and
 * action of a session opened as a customer. Rows keep the admin's e-mail as text, so they outlive
 * the accounts they name.
 */

export interface AuditEntry {
  admin: { id: string; email: string };
  /** What was done, as a stable key (see AUDIT_ACTIONS), or "request" for an impersonated one. */
  action: string;
  /** What it was done to: a path, an id, an e-mail. */
  target?: string | null;
  /** The customer whose view the admin was in, or the user acted on. */
  asUserId?: string | null;
  companyId?: string | null;
  ip: string;
  details?: Record<string, unknown>;
}

/** Bulgarian names of the recorded acts, for the log's table. */
export const AUDIT_ACTIONS: Record<string, string> = {
  request: "Страница или действие в клиентски изглед",
  "impersonation.start": "Отвори клиентски изглед",
  "impersonation.link": "Създаде еднократна връзка за клиентски изглед",
  "impersonation.end": "Върна се в администрацията",
  "customer.create": "Създаде клиент",
  "customer.update": "Промени данни на фирма",
  "plan.grant": "Предостави план без плащане",
  "plan.revoke": "Отне предоставен план",
  "plan.seats": "Промени местата в план",
  "user.create": "Създаде потребител",
  "user.update": "Промени потребител",
  "user.lock": "Блокира потребител",
  "user.unlock": "Отблокира потребител",
  "user.schedule-deletion": "Насрочи изтриване на профил",
  "user.cancel-deletion": "Отмени изтриване на профил",
  "admin.create": "Създаде администратор",
  "admin.update": "Промени администратор",
  "admin.reset-password": "Изпрати връзка за нова парола на администратор",
  "settings.notification": "Промени съобщението до клиентите",
  "settings.email-logo": "Промени логото в имейлите",
  "settings.support-email": "Промени адреса за поддръжка",
  "settings.operator": "Промени данните на оператора за фактурите",
  "vat.rate": "Промени ставка на ДДС",
  "vat.ground": "Промени основание по ЗДДС",
  "ecb.fetch": "Изтегли курсовете на ЕЦБ",
  "invoice-defaults": "Промени настройките за нови фирми",
  "payroll.parameters": "Промени осигурителните параметри",
  "payroll.sick-leave-rule": "Промени дните болничен за сметка на работодателя",
  "nap.format": "Добави формат на декларациите към НАП",
  "nap.account": "Добави сметка на НАП",
};

/** Writes one entry; `db` may be the transaction that made the change it records. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      adminId: entry.admin.id,
      adminEmail: entry.admin.email,
      action: entry.action,
      target: entry.target?.slice(0, 500) ?? null,
      asUserId: entry.asUserId ?? null,
      companyId: entry.companyId ?? null,
      ip: entry.ip,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** The entry's who and where for an admin acting in the back office. */
export function byAdmin(admin: SessionUser, context: AppLoadContext) {
  return { admin: { id: admin.id, email: admin.email }, ip: context.clientIp };
}

// Layout loaders fetched beside a page's own (client navigation): the page's entry says it all.
const LAYOUT_DATA = new Set(["root", "routes/_app", "routes/hatterscastle"]);

/**
 * What the page asks for by itself while it is open — the live events' stream and the polls of
 * the plan's status, the admins' message and the payment's state — is no act of the admin's and
 * no page view (issue #31 item 11): not recorded.
 */
const BACKGROUND = new Set([
  "/api/subscription/events",
  "/api/subscription/events/test",
  "/api/subscription/status",
  "/api/subscription/payment-method/validate",
  "/api/subscription/incomplete-3ds/check",
  "/api/settings/notification",
]);

/**
 * Called by the server after each answer: a request made in a session an admin opened as a
 * customer is recorded with its method, path and status, whatever route answered it.
 */
export async function auditImpersonatedRequest(
  context: AppLoadContext,
  request: { method: string; url: string },
  status: number,
): Promise<void> {
  const user = requestUser(context);
  if (!user?.impersonator) return;
  const url = new URL(request.url);
  const data = url.searchParams.get("_data");
  if (request.method === "GET" && data && LAYOUT_DATA.has(data)) return;
  if (request.method === "GET" && BACKGROUND.has(url.pathname)) return;
  url.searchParams.delete("_data");
  await recordAudit(context.db, {
    admin: user.impersonator,
    action: "request",
    target: `${request.method} ${url.pathname}${url.search}`,
    asUserId: user.id,
    companyId: user.companyId,
    ip: context.clientIp,
    details: { status },
  });
  // What the admin did (not what they looked at) is in the company's own trail too, where the
  // customer reads it (issue #43 item 1).
  if (request.method === "GET" || request.method === "HEAD" || !user.companyId) return;
  await recordCompanyAudit(context.db, {
    companyId: user.companyId,
    actor: actorOf(user, context),
    action: "impersonation.request",
    target: { type: "request", id: null, label: `${request.method} ${url.pathname}${url.search}` },
    details: { status },
  });
}

export interface AuditRow {
  id: string;
  createdAt: string;
  adminEmail: string;
  asUser: string | null;
  action: string;
  actionLabel: string;
  target: string | null;
  ip: string | null;
  status: number | null;
}

/** The newest entries about one company (its users and what was done as them), newest first. */
export async function listCompanyAudit(
  db: Kysely<Database>,
  companyId: string,
  limit = 100,
): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom("auditLog")
    .leftJoin("users", "users.id", "auditLog.asUserId")
    .select([
      "auditLog.id",
      "auditLog.createdAt",
      "auditLog.adminEmail",
      "users.email as asUser",
      "auditLog.action",
      "auditLog.target",
      "auditLog.ip",
      "auditLog.details",
    ])
    .where("auditLog.companyId", "=", companyId)
    .orderBy("auditLog.createdAt", "desc")
    .orderBy("auditLog.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    adminEmail: row.adminEmail,
    asUser: row.asUser,
    action: row.action,
    actionLabel: AUDIT_ACTIONS[row.action] ?? row.action,
    target: row.target,
    ip: row.ip,
    status: typeof row.details?.status === "number" ? row.details.status : null,
  }));
}
