import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { auditEntryJsonSchema } from "~/modules/audit/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's audit trail, newest first (owner and accountant)",
    request: {
      query: z.object({
        group: z.enum(["access", "team", "documents", "payments", "files"]).optional(),
        action: z.string().openapi({ example: "document.issue" }).optional(),
        actorId: z.string().uuid().optional(),
        targetId: z.string().max(100).describe("e.g. a document's id").optional(),
        from: z.string().date().optional(),
        to: z.string().date().optional(),
        cursor: z.string().describe("nextCursor of the previous page").optional(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    },
    responses: {
      "200": answer(
        "One page",
        z.object({
          entries: z.array(auditEntryJsonSchema).optional(),
          nextCursor: z.string().nullable().optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal(
        "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
      ),
    },
  },
}));
