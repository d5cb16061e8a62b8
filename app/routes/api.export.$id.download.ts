import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, errors, idParams, refusal, z } from "~/modules/api/describe";
import { exportDownload } from "~/modules/export/service.server";
import { contentDisposition } from "~/utils/content-disposition";
import { apiErrorResponse } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/export/{id}/download: the finished ZIP, streamed from DATA_DIR/exports (a cookie or a
 * bearer token; this company's only: 404 for another's, 409 before it is ready, 410 once expired).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "exports");
  try {
    const file = await exportDownload(context, user.companyId, params.id);
    const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.size),
        "Content-Disposition": contentDisposition(file.name, "attachment", file.asciiName),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The finished ZIP (ZIP64 past 65,535 files), streamed",
    request: { params: idParams() },
    responses: {
      "200": {
        description: "The ZIP",
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "401": errors["401"],
      "403": refusal("The role in the company may not export (decision 028)"),
      "404": refusal("No such export in your company (another company's id, a malformed id)"),
      "409": refusal("Not ready yet"),
      "410": refusal("Expired (deleted after its 30 days)"),
    },
  },
}));
