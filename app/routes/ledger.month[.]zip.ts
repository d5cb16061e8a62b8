import type { LoaderFunctionArgs } from "@remix-run/node";
import { MONTH_END_MESSAGES } from "~/modules/month-end/constants";
import { monthZip } from "~/modules/month-end/zip.server";
import { contentDisposition } from "~/utils/content-disposition";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { MONTH } from "~/utils/periods";
import { zipStream } from "~/utils/zip-stream.server";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /ledger/month.zip?month=yyyy-MM — everything for the month in one ZIP (issue #46 item 3):
 * ПРОЧЕТИ.txt with the month's state, the VAT and payroll files for НАП when they are ready, the
 * journal and the trial balance as CSV. Streamed: the journal is read page by page as the ZIP is.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const month = new URL(request.url).searchParams.get("month") ?? "";
  if (!MONTH.test(month) || month > today.slice(0, 7)) {
    throw new AppError(MONTH_END_MESSAGES.month, 400);
  }
  const { names, entries } = await monthZip(
    context.db,
    { id: user.companyId, plan: user.plan },
    month,
    today,
    user,
  );
  const answer = new Response(zipStream(entries), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(names.bg, "attachment", names.ascii),
      "Cache-Control": "private, no-store",
    },
  });
  return recordDownload(context, user, "export", answer, names.bg, { month, report: "month" });
}
