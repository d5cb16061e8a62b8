import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  jsonRefusal,
  notReadyJsonSchema,
  parseDeclarationMonth,
} from "~/web/salaries/nap-download.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "The month's payment orders to НАП as a CSV for the bank's import: one line per obligation (ДОО, ДЗПО, ЗО, the tax of чл. 42 ЗДДФЛ) with НАП's IBAN at the БНБ, the amount of обр. 6, the reason and the due date (the 25th of the next month)",
    description:
      "Windows-1251, fields in double quotes separated by «;», CR LF, a header row. Columns: Платец; ЕИК на платеца; IBAN на платеца; Получател; IBAN на получателя; Сума (1234.56); Валута (EUR); Основание; Още пояснения; Вид плащане (empty: optional since 10.2023); Дата на плащане (dd.mm.yyyy). The amounts add up to обр. 6 to the cent; an obligation with nothing to pay has no line.",
    request: {
      params: z.object({
        month: month().describe("The payroll month (yyyy-MM)").openapi({ example: "2026-10" }),
      }),
    },
    responses: {
      "200": {
        description: "The CSV",
        content: { "text/csv": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
      "409": answer(
        "Not ready: no approved salaries, a draft, a check of the declarations failing, or an account of НАП missing or failing its IBAN check digits — {success: false, message, problems: [{who, message, href}]}",
        notReadyJsonSchema,
      ),
    },
  },
}));
