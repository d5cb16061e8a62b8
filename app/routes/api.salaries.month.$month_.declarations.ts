import type { LoaderFunctionArgs } from "@remix-run/node";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  declarationDownload,
  jsonRefusal,
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
