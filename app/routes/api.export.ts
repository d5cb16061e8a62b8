import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { recentExports, startExport } from "~/modules/export/service.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/*
 * The company's export (issue #28 item 3, decision 027). GET /api/export: its latest exports.
 * POST /api/export (no body): asks for a new one → 202 with its state and, in Location and
 * `statusUrl`, where to follow it; 409 while another is being made.
 */

const statusUrl = (id: string) => `/api/export/${id}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "exports");
  const exports = await recentExports(context.db, user.companyId);
  return json({ exports: exports.map((item) => ({ ...item, statusUrl: statusUrl(item.id) })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "exports");
  try {
    const made = await startExport(context, { id: user.id, companyId: user.companyId });
    const url = statusUrl(made.id);
    return json({ ...made, statusUrl: url }, { status: 202, headers: { Location: url } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
