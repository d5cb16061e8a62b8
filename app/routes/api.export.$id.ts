import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_MESSAGES } from "~/modules/export/constants";
import { findExport } from "~/modules/export/service.server";
import { jsonError } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/export/{id}: an export's state and progress, and `downloadUrl` once it is ready;
 * 404 for another company's export or a malformed id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "exports");
  const found = await findExport(context.db, user.companyId, params.id);
  if (!found) return jsonError(EXPORT_MESSAGES.notFound, 404);
  return json({
    ...found,
    statusUrl: `/api/export/${found.id}`,
    downloadUrl: found.state === "ready" ? `/api/export/${found.id}/download` : null,
  });
}
