import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileLanguage, STATEMENT_MESSAGES, statementPeriod } from "~/modules/statements/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";
import { statementPdfAnswer } from "~/web/statements/files.server";

/**
 * GET /clients/{id}/statement.pdf?from=&to=&lang=bg|en — the statement of account as PDF
 * (decision 070), drawn by the ledger's report renderer in the PDF pool.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  refuseOwnDocumentsOnly(user);
  const search = new URL(request.url).searchParams;
  const period = statementPeriod(search, todayInSofia());
  if (!period) throw new AppError(STATEMENT_MESSAGES.period, 400);
  const lang = fileLanguage(search);
  if (!lang) throw new AppError(STATEMENT_MESSAGES.lang, 400);
  const scope = { companyId: user.companyId, clientId: params.id ?? "" };
  return statementPdfAnswer(context.db, scope, period, lang);
}
