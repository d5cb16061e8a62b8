import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordDownload } from "~/modules/auth/acts.server";
import { renderInPool } from "~/modules/pdf/pool.server";
import { currentMonth } from "~/modules/salaries/form.server";
import { paymentDueDate } from "~/modules/salaries/payroll";
import { payrollSheet, payslip } from "~/modules/salaries/print";
import { payrollCompany } from "~/modules/salaries/print.server";
import { getSalary, monthSalaries } from "~/modules/salaries/salaries.server";
import { MONTH } from "~/modules/salaries/schema";
import { requireFeature } from "~/modules/subscriptions/gate.server";
import { contentDisposition } from "~/utils/content-disposition";
import { printDate } from "~/utils/dates";

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
  let name: string;
  const one = url.searchParams.get("id");
  if (one !== null) {
    const salary = await getSalary(context.db, user.companyId, one);
    if (!salary) throw new Response("Not Found", { status: 404 });
    bytes = await renderInPool(user.companyId, {
      kind: "payslips",
      models: [payslip(company, salary.month, salary)],
    });
    name = `Фиш-${salary.month}.pdf`;
  } else {
    const { salaries } = await monthSalaries(context.db, user.companyId, month);
    if (url.searchParams.get("payslips") === "1") {
      bytes = await renderInPool(user.companyId, {
        kind: "payslips",
        models: salaries.map((s) => payslip(company, month, s)),
      });
      name = `Фишове-${month}.pdf`;
    } else {
      bytes = await renderInPool(user.companyId, {
        kind: "payroll",
        model: payrollSheet(company, month, salaries, printDate(paymentDueDate(month))),
      });
      name = `Ведомост-${month}.pdf`;
    }
  }
  const answer = new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(name, "inline"),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
  return recordDownload(context, user, "payroll.files", answer, name, { month });
}
