import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/web/admin/guard.server";

/** GET /api/admin/auth-check (spec): whether the caller has an admin session; 401/403 otherwise. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request, context);
  return json({
    success: true,
    data: { id: admin.id, username: admin.email, role: admin.role },
  });
}
