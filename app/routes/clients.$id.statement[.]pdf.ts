import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderInPool } from "~/modules/pdf/pool.server";
import { statementPdfModel } from "~/modules/statements/files";
import { fileLanguage, STATEMENT_MESSAGES, statementPeriod } from "~/modules/statements/schema";
import { clientStatement, companyParty } from "~/modules/statements/statement.server";
import { contentDisposition } from "~/utils/content-disposition";
import { formatDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";

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
  const { db } = context;
  const statement = await clientStatement(
    db,
    user.companyId,
    params.id ?? "",
    period.from,
    period.to,
  );
  const company = await companyParty(db, user.companyId);
  const model = statementPdfModel(statement, company, lang, formatDate(new Date()));
  const bytes = await renderInPool(user.companyId, { kind: "ledger", model });
  const name = lang === "en" ? "statement-of-account" : "извлечение-по-сметка";
  const ascii = `statement-${period.from}-${period.to}.pdf`;
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `${name}-${period.from}-${period.to}.pdf`,
        "inline",
        ascii,
      ),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}
