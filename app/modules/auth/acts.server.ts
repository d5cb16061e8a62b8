import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { CompanyAuditAction } from "~/modules/audit/constants";
import { type Actor, recordCompanyAudit } from "~/modules/audit/trail.server";
import type { Database } from "~db/types";
import type { SessionUser } from "./session.server";

/** Who is acting, for the company's audit trail: the login, its role, the admin in their view. */
export function actorOf(user: SessionUser, context: Pick<AppLoadContext, "clientIp">): Actor {
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role: user.companyRole,
    impersonatorEmail: user.impersonator?.email ?? null,
    ip: context.clientIp,
  };
}

/**
 * Records an act of the signed-in user in the company they work in (issue #29 item 5). `db` may
 * be the transaction that made the change; by default the request's database.
 */
export async function recordAct(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser & { companyId: string },
  action: CompanyAuditAction,
  target?: { type: string; id?: string | null; label?: string | null },
  details?: Record<string, unknown>,
  db: Kysely<Database> = context.db,
): Promise<void> {
  await recordCompanyAudit(db, {
    companyId: user.companyId,
    actor: actorOf(user, context),
    action,
    target,
    details,
  });
}
