import { errors, ref } from "./openapi-parts";

/* The payments to НАП of a month's payroll (issue #27 item 3, decision 025; full plan). */

const month = {
  name: "month",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example: "2026-10" },
  description: "The payroll month (yyyy-MM)",
};

export const napPaymentPaths = {
  "/api/salaries/month/{month}/payments": {
    get: {
      summary:
        "The month's payment orders to НАП as a CSV for the bank's import: one line per obligation (ДОО, ДЗПО, ЗО, the tax of чл. 42 ЗДДФЛ) with НАП's IBAN at the БНБ, the amount of обр. 6, the reason and the due date (the 25th of the next month)",
      description:
        "Windows-1251, fields in double quotes separated by «;», CR LF, a header row. Columns: Платец; ЕИК на платеца; IBAN на платеца; Получател; IBAN на получателя; Сума (1234.56); Валута (EUR); Основание; Още пояснения; Вид плащане (empty: optional since 10.2023); Дата на плащане (dd.mm.yyyy). The amounts add up to обр. 6 to the cent; an obligation with nothing to pay has no line.",
      parameters: [month],
      responses: {
        "200": {
          description: "The CSV",
          content: { "text/csv": { schema: { type: "string", format: "binary" } } },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": {
          description: 'The plan does not include salaries: {message, requiredPlan: "full"}',
          content: { "application/json": { schema: ref("Error") } },
        },
        "409": {
          description:
            "Not ready: no approved salaries, a draft, a check of the declarations failing, or an account of НАП missing or failing its IBAN check digits — {success: false, message, problems: [{who, message, href}]}",
          content: { "application/json": { schema: { type: "object" } } },
        },
      },
    },
  },
};
