import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, refusal, UNSPECIFIED, z } from "~/modules/api/describe";
import {
  getReceiptFile,
  RECEIPT_MESSAGES,
  removeReceipt,
} from "~/modules/expenses/attachments.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { fileResponse } from "~/web/expenses/downloads.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/**
 * GET /api/expenses/{id}/attachments/{attachmentId} → the file (?inline=1 to show it in the
 * browser, as the receipts' thumbnails do); 404 JSON for anything not the company's.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const file = await getReceiptFile(context.db, companyId, params.id, params.attachmentId);
  if (!file) return json({ message: RECEIPT_MESSAGES.notFound }, { status: 404 });
  if (request.headers.get("If-None-Match") === `"${file.sha256.trim()}"`) {
    return new Response(null, { status: 304 });
  }
  return fileResponse(file, new URL(request.url).searchParams.get("inline") === "1");
}

/** DELETE removes the attachment → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  try {
    await removeReceipt(context.db, companyId, params.id, params.attachmentId);
    return new Response(null, { status: 204 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The file (?inline=1 to show it in a browser); ETag is its SHA-256",
    request: {
      params: z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() }),
      query: z.object({ inline: z.enum(["1"]).optional() }),
    },
    responses: {
      "200": {
        description: "The file",
        content: {
          "image/jpeg": { schema: UNSPECIFIED },
          "image/png": { schema: UNSPECIFIED },
          "application/pdf": { schema: UNSPECIFIED },
        },
      },
      "404": refusal("No such expense in your company"),
    },
  },
  delete: {
    summary: "Remove an attachment",
    request: { params: z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() }) },
    responses: {
      "204": { description: "Removed" },
      "404": refusal("No such expense in your company"),
    },
  },
}));
