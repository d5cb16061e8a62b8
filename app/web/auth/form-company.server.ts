import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { actorOf } from "~/modules/auth/acts.server";
import {
  COMPANY_FIELD,
  COMPANY_HEADER,
  type CompanyMismatch,
  companyMismatchMessage,
  FORM_KEY_FIELD,
  SWITCH_FIELD,
} from "~/modules/auth/form-company";
import { type SessionUser, setSessionCompany } from "~/modules/auth/session.server";
import { ANY_FORM, type FormAnswer } from "~/utils/forms";
import { echoedValues } from "~/utils/forms.server";
import { ReturnedAnswer } from "~/utils/http.server";
import { isUuid } from "~/utils/uuid";
import type { Database, MemberRole } from "~db/types";

/*
 * Issue #41 item 1: the company a form was opened for. Every form of a company's pages posts it
 * first (`_company`, CompanyField); a submission for another company than the session's current one
 * (the person switched in another tab) is answered on its own page, writes nothing, and offers to
 * switch back and save. The API's header `X-Company-Id` is checked the same way.
 */

/** What a page form posted about its company: read once per request. */
interface PostedCompany {
  company: string | null;
  switchTo: string | null;
  formKey: string | null;
  rvfFormId: string | null;
}

const posted = new WeakMap<Request, Promise<PostedCompany>>();

// The fields CompanyField puts first in a form; a multipart body is read only this far.
const PEEK_LIMIT = 64 * 1024;
const WANTED = new Set([COMPANY_FIELD, SWITCH_FIELD, FORM_KEY_FIELD, "__rvfInternalFormId"]);

/** The company fields of a page form, without consuming the body the action reads. */
function postedCompany(request: Request): Promise<PostedCompany> {
  let found = posted.get(request);
  if (!found) {
    found = readPostedCompany(request);
    posted.set(request, found);
  }
  return found;
}

async function readPostedCompany(request: Request): Promise<PostedCompany> {
  const none: PostedCompany = { company: null, switchTo: null, formKey: null, rvfFormId: null };
  const type = request.headers.get("Content-Type") ?? "";
  if (!request.body || request.bodyUsed) return none;
  let fields: Map<string, string>;
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    // Bounded by the body limit at the edge; the clone leaves the action its own body.
    const text = await request.clone().text();
    fields = new Map();
    for (const [key, value] of new URLSearchParams(text)) {
      if (WANTED.has(key) && !fields.has(key)) fields.set(key, value);
    }
  } else if (/^multipart\/form-data/i.test(type)) {
    fields = await peekMultipart(request.clone(), type);
  } else {
    return none;
  }
  const uuid = (value: string | undefined) => (value && isUuid(value) ? value : null);
  const text = (value: string | undefined) => (value ? value.slice(0, 100) : null);
  return {
    company: uuid(fields.get(COMPANY_FIELD)),
    switchTo: uuid(fields.get(SWITCH_FIELD)),
    formKey: text(fields.get(FORM_KEY_FIELD)),
    rvfFormId: text(fields.get("__rvfInternalFormId")),
  };
}

/**
 * The first text parts of a multipart body (CompanyField's come first in tree order), read up to
 * PEEK_LIMIT bytes and then left: an upload is never held twice for this.
 */
async function peekMultipart(request: Request, type: string): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker || !request.body) return fields;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < PEEK_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      // Enough once the first three parts are whole (the company, the form's key, one more).
      const seen = Buffer.concat(chunks).toString("latin1").split(`--${marker}`).length - 1;
      if (seen >= 4) break;
    }
  } finally {
    // Not awaited: a branch of a teed body is cancelled for good only with the other one, which
    // the action still reads.
    reader.cancel().catch(() => {});
  }
  const text = Buffer.concat(chunks).toString("latin1");
  for (const part of text.split(`--${marker}`).slice(1)) {
    const end = part.indexOf("\r\n\r\n");
    if (end < 0) continue;
    const head = part.slice(0, end);
    if (/filename=/i.test(head)) continue;
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name || !WANTED.has(name) || fields.has(name)) continue;
    const body = part.slice(end + 4);
    const close = body.lastIndexOf("\r\n");
    if (close < 0) continue;
    fields.set(name, Buffer.from(body.slice(0, close), "latin1").toString("utf8"));
  }
  return fields;
}

/** The login's membership in a company: its name and role, or undefined. */
async function membership(db: Kysely<Database>, userId: string, companyId: string) {
  return db
    .selectFrom("companyMembers")
    .innerJoin("companies", "companies.id", "companyMembers.companyId")
    .select([
      "companies.id",
      "companies.name",
      "companies.subscriptionPlan",
      "companyMembers.role",
      "companyMembers.ownDocumentsOnly",
    ])
    .where("companyMembers.userId", "=", userId)
    .where("companyMembers.companyId", "=", companyId)
    .executeTakeFirst();
}

/** The same login as it works in another of its companies (its role and plan there). */
export async function userInCompany(
  db: Kysely<Database>,
  user: SessionUser,
  companyId: string,
): Promise<SessionUser | null> {
  const member = await membership(db, user.id, companyId);
  if (!member) return null;
  const role = member.role as MemberRole;
  return {
    ...user,
    companyId: member.id,
    companyName: member.name,
    companyRole: role,
    ownDocumentsOnly: role === "staff" && member.ownDocumentsOnly === true,
    plan: member.subscriptionPlan ?? "basic",
    // The banner of a payment waiting for 3-D Secure is the session's company's.
    shell: { ...user.shell, pendingPayment: null },
  };
}

// A request refused for its company: its loaders draw the page as it was, in the form's company.
const pageCompanies = new WeakMap<AppLoadContext, string>();

/** The company a refused form's page is drawn in (the loaders of the same request), if any. */
export function pageCompanyOf(context: AppLoadContext): string | undefined {
  return pageCompanies.get(context);
}

/**
 * The check of a page form's company, for a user working in a company: the user to act as (the
 * same, or — when the person pressed «Превключи и запиши» — the session moved back to the form's
 * company), or a ReturnedAnswer (409) the route returns, so the page shows the form as typed.
 * A form that names no company (a script, an old page) is taken for the session's company.
 */
export async function checkFormCompany(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
): Promise<SessionUser> {
  if (request.method === "GET" || request.method === "HEAD") return user;
  const form = await postedCompany(request);
  if (!form.company || form.company === user.companyId) return user;
  const { db } = context;
  const formCompany = await membership(db, user.id, form.company);
  const active = user.companyId ? await membership(db, user.id, user.companyId) : undefined;
  if (formCompany && form.switchTo === form.company && !user.impersonator) {
    const switched = await userInCompany(db, user, form.company);
    if (switched) {
      await setSessionCompany(db, user.sessionId, form.company);
      await recordCompanyAudit(db, {
        companyId: form.company,
        actor: { ...actorOf(user, context), role: switched.companyRole },
        action: "company.switch",
        target: { type: "company", id: form.company, label: formCompany.name },
        details: { from: user.companyName, fromId: user.companyId, form: true },
      });
      // Every reference the request holds to its user now works in the form's company.
      Object.assign(user, switched);
      return user;
    }
  }
  const mismatch: CompanyMismatch = {
    form: formCompany ? { id: formCompany.id, name: formCompany.name } : null,
    active: { id: user.companyId ?? "", name: active?.name ?? user.companyName ?? "" },
    canSwitch: Boolean(formCompany) && !user.impersonator,
  };
  // The page is drawn again in the form's company, as the person had it, with what was typed.
  if (formCompany) pageCompanies.set(context, formCompany.id);
  const typed = await typedFields(request);
  const answer: FormAnswer & { companyMismatch: CompanyMismatch; formKey: string | null } = {
    formId: form.rvfFormId ?? ANY_FORM,
    fieldErrors: {},
    repopulateFields: echoedValues(typed),
    companyMismatch: mismatch,
    formKey: form.formKey,
  };
  throw new ReturnedAnswer(json(answer, { status: 409 }));
}

/** The text fields as typed (the page shows them again); the body is not read by the action. */
async function typedFields(request: Request): Promise<Record<string, string>> {
  try {
    const form = await request.formData();
    const values: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string" || key === SWITCH_FIELD) continue;
      // Passwords and card numbers are never sent back.
      if (/password|card/i.test(key)) continue;
      values[key] = value;
    }
    return values;
  } catch {
    return {};
  }
}

/**
 * The API's check: a call that names its company (`X-Company-Id`) for another company than the
 * session's is refused with 409 and both companies, and nothing is written.
 */
export async function checkApiCompany(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
): Promise<void> {
  const named = request.headers.get(COMPANY_HEADER)?.trim().toLowerCase();
  if (!named || named === user.companyId) return;
  const formCompany = isUuid(named) ? await membership(context.db, user.id, named) : undefined;
  const mismatch: CompanyMismatch = {
    form: formCompany ? { id: formCompany.id, name: formCompany.name } : null,
    active: { id: user.companyId ?? "", name: user.companyName ?? "" },
    canSwitch: false,
  };
  throw json(
    {
      message: companyMismatchMessage(mismatch, "api"),
      companyId: named,
      activeCompany: mismatch.active,
    },
    { status: 409 },
  );
}
