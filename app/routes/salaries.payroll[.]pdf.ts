import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderInPool } from "~/modules/pdf/pool.server";
import { employeeIdNumbers } from "~/modules/salaries/employees.server";
import { paymentDueDate } from "~/modules/salaries/payroll";
import { payrollSheet, payslip } from "~/modules/salaries/print";
import { payrollCompany } from "~/modules/salaries/print.server";
import { getSalary, monthSalaries } from "~/modules/salaries/salaries.server";
import { contentDisposition } from "~/utils/content-disposition";
import { printDate } from "~/utils/dates";
import { MONTH } from "~/utils/periods";
import { recordDownload } from "~/web/auth/downloads.server";
import { currentMonth } from "~/web/salaries/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /salaries/payroll.pdf?month=yyyy-MM — the month's payroll sheet; with &payslips=1 the
 * payslips of the month (one page each), or &id= one salary's payslip. Rendered in the PDF pool.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "payroll.files");
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth();
  const company = await payrollCompany(context.db, user.companyId);
  let bytes: Buffer;
  // The Cyrillic name (filename*, RFC 8187/5987) and a readable Latin one for old clients, not
  // «________.pdf»; a draft month says so in both (issue #31 item 10).
  let name: { bg: string; ascii: string };
  const one = url.searchParams.get("id");
  if (one !== null) {
    const salary = await getSalary(context.db, user.companyId, one);
    if (!salary) throw new Response("Not Found", { status: 404 });
    bytes = await renderInPool(user.companyId, {
      kind: "payslips",
      models: [payslip(company, salary.month, salary)],
    });
    const draft = salary.status === "draft";
    name = fileName(["Фиш", "fish"], salary.month, draft);
  } else {
    const { salaries } = await monthSalaries(context.db, user.companyId, month);
    const draft = salaries.some((s) => s.status === "draft");
    if (url.searchParams.get("payslips") === "1") {
      bytes = await renderInPool(user.companyId, {
        kind: "payslips",
        models: salaries.map((s) => payslip(company, month, s)),
      });
      name = fileName(["Фишове", "fishove"], month, draft);
    } else {
      const ids = await employeeIdNumbers(
        context.db,
        user.companyId,
        salaries.map((s) => s.employeeId),
      );
      bytes = await renderInPool(user.companyId, {
        kind: "payroll",
        model: payrollSheet(company, month, salaries, printDate(paymentDueDate(month)), ids),
      });
      name = fileName(["Ведомост", "vedomost"], month, draft);
    }
  }
  const answer = new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(name.bg, "inline", name.ascii),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
  return recordDownload(context, user, "payroll.files", answer, name.bg, { month });
}

/** «Ведомост-2026-11.pdf» / «vedomost-2026-11.pdf», with «-чернова» / «-chernova» for a draft. */
function fileName([bg, ascii]: [string, string], month: string, draft: boolean) {
  return {
    bg: `${bg}-${month}${draft ? "-чернова" : ""}.pdf`,
    ascii: `${ascii}-${month}${draft ? "-chernova" : ""}.pdf`,
  };
}
