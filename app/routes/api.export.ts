import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { companyExportJsonSchema } from "~/modules/export/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's latest exports, newest first",
    responses: {
      "200": answer(
        "Up to five exports",
        z.object({ exports: z.array(companyExportJsonSchema).optional() }),
      ),
      "401": errors["401"],
      "403": refusal("The role in the company may not export (decision 028)"),
    },
  },
  post: {
    summary:
      "Asks for the company's whole export: every issued document as PDF (the stored one) and UBL, the VAT files of each month, clients, items, expenses, salaries and payments as CSV, the receipts, and README.txt — built in the background; an e-mail with the link follows. No body.",
    responses: {
      "202": {
        ...answer(
          "Accepted: follow it at the Location (also `statusUrl`)",
          companyExportJsonSchema,
        ),
        headers: z.object({ Location: z.string() }),
      },
      "401": errors["401"],
      "403": refusal("The role in the company may not export (decision 028)"),
      "409": refusal("Another export of the company is being made"),
    },
  },
}));
