import type { LoaderFunctionArgs } from "@remix-run/node";
import { SAFT_MESSAGES } from "~/modules/saft/constants";
import { monthlySaft, parseSaftMonth } from "~/modules/saft/file.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { textFileResponse } from "~/utils/text-stream.server";
import { redirectWithToast } from "~/utils/toast.server";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /ledger/saft.xml?month=yyyy-MM — the monthly SAF-T file for the browser (decision 063): the
 * same bytes as GET /api/saft/{month}, streamed as they are written, and kept in the audit trail.
 * While the month cannot be written, back to /ledger/saft with a toast: the page lists what to fix.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const month = parseSaftMonth(new URL(request.url).searchParams.get("month"), today);
  if (!month) throw new AppError(SAFT_MESSAGES.month, 400);
  const result = await monthlySaft(context.db, user.companyId, month, today);
  if ("problems" in result) {
    return redirectWithToast(`/ledger/saft?month=${month}`, {
      type: "error",
      title: SAFT_MESSAGES.problems,
      description: `За поправяне: ${result.problems.length}`,
    });
  }
  const answer = textFileResponse(result.chunks, {
    name: result.fileName,
    contentType: "application/xml; charset=utf-8",
  });
  return recordDownload(context, user, "export", answer, result.fileName, {
    month,
    report: "saft",
  });
}
