import { type Kysely, sql } from "kysely";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { isBookDate, isIsoDate } from "~/utils/dates";
import { isOwnKey, ownValue } from "~/utils/own-keys";
import { isSafeText } from "~/utils/safe-text";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import {
  AUDIT_GROUPS,
  AUDIT_PAGE_SIZE,
  type AuditGroup,
  COMPANY_AUDIT_ACTIONS,
  type CompanyAuditAction,
} from "./constants";

/*
 * The company's audit trail (issue #29 item 5, decision 028): append-only rows (a trigger refuses
 * every change) of who did what, when, from which company. Names are kept as text so the rows
 * outlive the logins they name; the trail is kept with the company (at least two years).
 */

/** Who did it: the login and their role in the company, the admin in a customer's view, where from. */
export interface Actor {
  id: string | null;
  email: string | null;
  name: string | null;
  role: string | null;
  impersonatorEmail: string | null;
  ip: string | null;
}

export interface CompanyAuditEntry {
  companyId: string;
  actor: Actor;
  action: CompanyAuditAction;
  /** What it was done to: a document, a member, a file. */
  target?: { type: string; id?: string | null; label?: string | null };
  /** What changed, as { field: { from, to } } or plain facts. */
  details?: Record<string, unknown>;
}

/** Writes one row; `db` may be the transaction that made the change it records. */
export async function recordCompanyAudit(
  db: Kysely<Database>,
  entry: CompanyAuditEntry,
): Promise<void> {
  await db
    .insertInto("companyAudit")
    .values({
      companyId: entry.companyId,
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      actorName: entry.actor.name,
      actorRole: entry.actor.role,
      impersonatorEmail: entry.actor.impersonatorEmail,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      targetLabel: entry.target?.label?.slice(0, 300) ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.actor.ip,
    })
    .execute();
}

export interface AuditFilters {
  group?: AuditGroup;
  action?: CompanyAuditAction;
  actorId?: string;
  targetId?: string;
  /** yyyy-mm-dd, days in Sofia, both included. */
  from?: string;
  to?: string;
}

export interface AuditRowJson {
  id: string;
  createdAt: string;
  action: CompanyAuditAction;
  actionLabel: string;
  actor: {
    id: string | null;
    email: string | null;
    name: string | null;
    role: string | null;
    impersonatorEmail: string | null;
  };
  target: { type: string | null; id: string | null; label: string | null };
  details: Record<string, unknown> | null;
  ip: string | null;
}

const isId = (part: string) => /^[0-9]{1,18}$/.test(part);

/**
 * The filters of the page and of GET /api/audit from the query: a group or an act by key
 * (isOwnKey: nothing else reaches SQL), a member's id, a target's id, a period of days.
 * Returns the Bulgarian message of each part that is not right.
 */
export function auditFiltersFromSearch(params: URLSearchParams): {
  filters: AuditFilters;
  errors: Record<string, string>;
} {
  const filters: AuditFilters = {};
  const errors: Record<string, string> = {};
  const group = params.get("group");
  if (group) {
    if (isOwnKey(AUDIT_GROUPS, group)) filters.group = group;
    else errors.group = "Непозната група действия";
  }
  const action = params.get("action");
  if (action) {
    if (isOwnKey(COMPANY_AUDIT_ACTIONS, action)) filters.action = action;
    else errors.action = "Няма такъв вид запис в одитната следа";
  }
  const actorId = params.get("actorId");
  if (actorId) {
    if (isUuid(actorId)) filters.actorId = actorId;
    else errors.actorId = "Непознат член";
  }
  const targetId = params.get("targetId");
  if (targetId) {
    if (targetId.length <= 100 && isSafeText(targetId)) filters.targetId = targetId;
    else errors.targetId = "Невалиден обект";
  }
  for (const key of ["from", "to"] as const) {
    const day = params.get(key);
    if (!day) continue;
    if (isIsoDate(day) && isBookDate(day)) filters[key] = day;
    else errors[key] = "Датата трябва да е във вида гггг-мм-дд";
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.to = "Крайната дата е преди началната";
  }
  return { filters, errors };
}

/** One page of the company's trail, newest first, filtered; keyset pages on the id. */
export async function listCompanyAudit(
  db: Kysely<Database>,
  companyId: string,
  filters: AuditFilters,
  options: { after?: string | null; limit?: number } = {},
): Promise<{ rows: AuditRowJson[]; nextCursor: string | null }> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  let query = db
    .selectFrom("companyAudit")
    .select([
      "id",
      "createdAt",
      "action",
      "actorId",
      "actorEmail",
      "actorName",
      "actorRole",
      "impersonatorEmail",
      "targetType",
      "targetId",
      "targetLabel",
      "details",
      "ip",
    ])
    .where("companyId", "=", companyId);
  if (filters.action) query = query.where("action", "=", filters.action);
  else if (filters.group) query = query.where("action", "in", AUDIT_GROUPS[filters.group].actions);
  if (filters.actorId && isUuid(filters.actorId)) {
    query = query.where("actorId", "=", filters.actorId);
  }
  if (filters.targetId) query = query.where("targetId", "=", filters.targetId);
  if (filters.from) {
    query = query.where(
      "createdAt",
      ">=",
      sql<Date>`(${filters.from}::date)::timestamp at time zone 'Europe/Sofia'`,
    );
  }
  if (filters.to) {
    query = query.where(
      "createdAt",
      "<",
      sql<Date>`(${filters.to}::date + 1)::timestamp at time zone 'Europe/Sofia'`,
    );
  }
  const cursor = decodeCursor(options.after, [isId]);
  if (cursor) query = query.where("id", "<", Number(cursor[0]));
  const rows = await query
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      action: row.action as CompanyAuditAction,
      actionLabel: labelOf(row.action),
      actor: {
        id: row.actorId,
        email: row.actorEmail,
        name: row.actorName,
        role: row.actorRole,
        impersonatorEmail: row.impersonatorEmail,
      },
      target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
      details: row.details,
      ip: row.ip,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([String(last.id)]) : null,
  };
}

function labelOf(action: string): string {
  return ownValue(COMPANY_AUDIT_ACTIONS, action) ?? action;
}
