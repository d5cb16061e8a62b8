import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, idParams, refusal } from "~/modules/api/describe";
import { EXPORT_MESSAGES } from "~/modules/export/constants";
import { companyExportJsonSchema } from "~/modules/export/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "An export's state and progress, and its download once ready",
    request: { params: idParams() },
    responses: {
      "200": answer("The export", companyExportJsonSchema),
      "401": errors["401"],
      "403": refusal("The role in the company may not export (decision 028)"),
      "404": refusal("No such export in your company (another company's id, a malformed id)"),
    },
  },
}));
