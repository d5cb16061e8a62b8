import type { LoaderFunctionArgs } from "@remix-run/node";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  declarationDownload,
  jsonRefusal,
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
