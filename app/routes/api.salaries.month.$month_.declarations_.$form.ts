import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  declarationDownload,
  jsonRefusal,
  notReadyJsonSchema,
  parseDeclarationMonth,
  parseDownload,
  wantsRegular,
} from "~/web/salaries/nap-download.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/salaries/month/{yyyy-MM}/declarations/{1|6} — обр. 1 (EMPL2021.TXT) or обр. 6
 * (NRA62007.TXT) alone, Windows-1251 (full plan only); 409 with the problems while a check fails.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "salaries", "payroll.files");
  const { companyId } = user;
  const month = parseDeclarationMonth(params.month);
  if (!month) return jsonRefusal(400, DECLARATION_MESSAGES.month);
  const form = parseDownload(params.form);
  if (form !== "1" && form !== "6") return jsonRefusal(404, DECLARATION_MESSAGES.noSuchFile);
  const answer = await declarationDownload(
    context.db,
    user,
    companyId,
    month,
    form,
    jsonRefusal,
    wantsRegular(request.url),
  );
  return recordDownload(context, user, "payroll.files", answer, `НАП-${month}-${form}`, {
    month,
    file: form,
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One of the month's declarations for НАП alone: обр. 1 or обр. 6 (Windows-1251 text)",
    description:
      "Every file given is recorded (who, when, SHA-256). Once a month's files were given, a changed month gives corrections instead: in обр. 1 a К record (all items) per changed person, a З record (т. 2–5.1 only) per person no longer declared, a regular record per new one; in обр. 6 only the changed columns (an increase as код 0 with the difference, a decrease as код 1 with the right amounts). Downloading a correction again gives the same correction.",
    request: {
      params: z.object({
        month: month(),
        form: z.enum(["1", "6"]).describe("1: обр. 1 (EMPL2021.TXT); 6: обр. 6 (NRA62007.TXT)"),
      }),
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
        description: "The file, text/plain; charset=windows-1251",
        content: { "text/plain": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
      "404": refusal("No such form (only 1 and 6)"),
      "409": answer(
        "Not ready: a check failed — {success: false, message, problems: [{who, message, href}]} (href: the page where it is fixed); or, for обр. 6 after a download, no column of обр. 6 changed (nothing to correct)",
        notReadyJsonSchema,
      ),
    },
  },
}));
