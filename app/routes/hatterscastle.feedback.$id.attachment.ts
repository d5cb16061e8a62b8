import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFeedbackAttachment } from "~/modules/admin/settings.server";
import { contentDisposition } from "~/utils/content-disposition";
import { isUuid } from "~/utils/uuid";
import { requireAdmin } from "~/web/admin/guard.server";

/**
 * GET /hatterscastle/feedback/{id}/attachment — the file a customer attached to feedback or a
 * support request, as a download of its stored type (checked by content when it was sent).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const file = isUuid(params.id) ? await getFeedbackAttachment(context.db, params.id) : null;
  if (!file) {
    return new Response("Няма такъв файл", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // The bytes as read from the database, not copied again.
  return new Response(file.bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
