import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileLanguage, STATEMENT_MESSAGES } from "~/modules/statements/schema";
import { AppError, NotFoundError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";
import { actPdfAnswer } from "~/web/statements/files.server";

/**
 * GET /clients/{id}/reconciliation.pdf?act=&lang=bg|en — «акт за сверка» as PDF (decision 070):
 * the balance per the company's books at the act's date, the documents open then, the client's
 * answer (or the place for it) and both sides' signatures.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  refuseOwnDocumentsOnly(user);
  const search = new URL(request.url).searchParams;
  const lang = fileLanguage(search);
  if (!lang) throw new AppError(STATEMENT_MESSAGES.lang, 400);
  const actId = search.get("act");
  if (!isUuid(actId)) throw new NotFoundError();
  const scope = { companyId: user.companyId, clientId: params.id ?? "" };
  return actPdfAnswer(context.db, scope, actId, lang);
}
