import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { auditFiltersFromSearch, listCompanyAudit } from "~/modules/audit/trail.server";
import { jsonError } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/audit?group=&action=&actorId=&targetId=&from=&to=&cursor=&limit= → {entries,
 * nextCursor}: the company's audit trail, newest first, keyset pages (limit 1–200, default 50).
 * Owner and accountant. A filter that is not right is 400 with its message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "audit.view");
  const params = new URL(request.url).searchParams;
  const { filters, errors } = auditFiltersFromSearch(params);
  const limitText = params.get("limit");
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    errors.limit = "Броят на редовете е от 1 до 200";
  }
  if (Object.keys(errors).length) return jsonError("Невалидни данни", 400, errors);
  const page = await listCompanyAudit(context.db, user.companyId, filters, {
    after: params.get("cursor"),
    limit,
  });
  return json(
    { entries: page.rows, nextCursor: page.nextCursor },
    { headers: { "Cache-Control": "no-store" } },
  );
}
