import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, errors, refusal, z } from "~/modules/api/describe";
import { SAFT_MESSAGES } from "~/modules/saft/constants";
import { monthlySaft, parseSaftMonth } from "~/modules/saft/file.server";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { textFileResponse } from "~/utils/text-stream.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/saft/{yyyy-MM}: the monthly SAF-T AuditFile of the company (decision 063), streamed
 * as it is written; 409 with the problems (each with its Bulgarian message and the page to fix
 * it) while the month cannot be written. Whoever reads the ledger (owner, accountant); plan
 * «Стандартен», as the ledger.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const month = parseSaftMonth(params.month, today);
  if (!month) {
    return jsonError(SAFT_MESSAGES.month, 400);
  }
  const result = await monthlySaft(context.db, user.companyId, month, today);
  if ("problems" in result) {
    return Response.json(
      {
        message: SAFT_MESSAGES.problems,
        problems: result.problems,
      },
      { status: 409 },
    );
  }
  return textFileResponse(result.chunks, {
    name: result.fileName,
    contentType: "application/xml; charset=utf-8",
  });
}

const problem = z.object({
  what: z.string().describe("The account, document or part of the file"),
  message: z.string().describe("What is wrong, in Bulgarian"),
  href: z.string().describe("The page where it is fixed"),
});

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "The monthly SAF-T file (НАП's BG_SAFT_Schema_V_1.0.1, monthly AuditFile): Header, MasterFilesMonthly, GeneralLedgerEntries and SourceDocumentsMonthly, streamed",
    request: {
      params: z.object({
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
          .describe("The month (yyyy-MM), from 2026-01 to the current month")
          .openapi({ example: "2026-10" }),
      }),
    },
    responses: {
      "200": {
        description: "The AuditFile (UTF-8 XML)",
        content: { "application/xml": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not read the ledger (staff), or the plan is below «Стандартен»"),
      "409": {
        description: "The month cannot be written yet: the problems, each with the page to fix it",
        content: {
          "application/json": {
            schema: z.object({ message: z.string(), problems: z.array(problem) }),
          },
        },
      },
    },
  },
}));
