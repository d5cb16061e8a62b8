import type { LoaderFunctionArgs } from "@remix-run/node";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { recordDownload } from "~/web/auth/downloads.server";
import {
  declarationDownload,
  parseDeclarationMonth,
  parseDownload,
  textRefusal,
  wantsRegular,
} from "~/web/salaries/nap-download.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/*
 * /salaries/declarations/files/{zip|1|6}?month=yyyy-MM: the month's обр. 1 and обр. 6 for НАП
 * zipped, or one of them (linked from /salaries/declarations). While a check fails the answer is
 * 409 with the list (the page shows it with links), never a file with a wrong record.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "payroll.files");
  const which = parseDownload(params.name);
  if (!which) return textRefusal(404, DECLARATION_MESSAGES.noSuchFile);
  const month = parseDeclarationMonth(new URL(request.url).searchParams.get("month"));
  if (!month) return textRefusal(400, DECLARATION_MESSAGES.month);
  const answer = await declarationDownload(
    context.db,
    user,
    user.companyId,
    month,
    which,
    textRefusal,
    wantsRegular(request.url),
  );
  return recordDownload(context, user, "payroll.files", answer, `НАП-${month}-${which}`, {
    month,
    file: which,
  });
}
