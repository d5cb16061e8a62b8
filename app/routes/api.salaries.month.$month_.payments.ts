import type { LoaderFunctionArgs } from "@remix-run/node";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import { jsonRefusal, parseDeclarationMonth } from "~/web/salaries/nap-download.server";
import { paymentsDownload } from "~/web/salaries/payments-download.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/salaries/month/{yyyy-MM}/payments — the month's payment orders to НАП (ДОО, ДЗПО, ЗО,
 * the tax) as a CSV for the bank's import, Windows-1251 (issue #27 item 3, decision 025; full
 * plan only, 403 below it); 409 with the problems while a check of the declarations or of НАП's
 * accounts fails.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "salaries", "payroll.files");
  const month = parseDeclarationMonth(params.month);
  if (!month) return jsonRefusal(400, DECLARATION_MESSAGES.month);
  const answer = await paymentsDownload(context.db, user.companyId, month);
  return recordDownload(context, user, "payroll.files", answer, `Плащания-НАП-${month}.csv`, {
    month,
  });
}
