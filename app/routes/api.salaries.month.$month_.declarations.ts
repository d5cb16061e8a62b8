import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  declarationDownload,
  jsonRefusal,
  notReadyJsonSchema,
  parseDeclarationMonth,
  wantsRegular,
} from "~/web/salaries/nap-download.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/salaries/month/{yyyy-MM}/declarations — обр. 1 and обр. 6 for НАП in one zip (issue
 * #27, decision 024; full plan only, 403 below it); 409 with the problems while a check fails.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "salaries", "payroll.files");
  const { companyId } = user;
  const month = parseDeclarationMonth(params.month);
  if (!month) return jsonRefusal(400, DECLARATION_MESSAGES.month);
  const answer = await declarationDownload(
    context.db,
    user,
    companyId,
    month,
    "zip",
    jsonRefusal,
    wantsRegular(request.url),
  );
  return recordDownload(context, user, "payroll.files", answer, `НАП-${month}-${"zip"}`, {
    month,
    file: "zip",
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "Декларации обр. 1 and обр. 6 of the month's approved salaries for НАП, both files in one zip (issue #27, decision 024)",
    description:
      "EMPL2021.TXT (обр. 1, one record per person) and NRA62007.TXT (обр. 6, the per-fund totals); the names and versions are dated data. Windows-1251, CR LF after every record, comma-separated, text in double quotes in upper case, amounts with two decimals. Offered only when every check passes (ЕГН/ЛНЧ, names, вид осигурен, days against the working days of the employment, rates, no drafts). Every file given is recorded (who, when, SHA-256). Once a month's files were given, a changed month gives corrections instead: in обр. 1 a К record (all items) per changed person, a З record (т. 2–5.1 only) per person no longer declared, a regular record per new one; in обр. 6 only the changed columns (an increase as код 0 with the difference, a decrease as код 1 with the right amounts). Downloading a correction again gives the same correction.",
    request: {
      params: z.object({ month: month() }),
      query: z.object({
        regular: z
          .enum(["1"])
          .describe(
            "1: the regular files with every record even after an earlier download (the earlier files were never filed at НАП)",
          )
          .optional(),
      }),
    },
    responses: {
      "200": {
        description: "The zip (NAP-yyyy-MM.zip)",
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
      "409": answer(
        "Not ready: a check failed — {success: false, message, problems: [{who, message, href}]} (href: the page where it is fixed)",
        notReadyJsonSchema,
      ),
    },
  },
}));
