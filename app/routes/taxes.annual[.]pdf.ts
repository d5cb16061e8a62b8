import type { LoaderFunctionArgs } from "@remix-run/node";
import { taxYear } from "~/modules/income-tax/advance.server";
import { annualReturnPdf, soleTraderReturnPdf } from "~/modules/income-tax/file.server";
import { INCOME_TAX_MESSAGES, taxYearOf } from "~/modules/income-tax/rules";
import { renderInPool } from "~/modules/pdf/pool.server";
import { contentDisposition } from "~/utils/content-disposition";
import { formatDate, todayInSofia } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /taxes/annual.pdf?year=yyyy — Приложение № 3's figures for the year as PDF (decision 076),
 * drawn by the ledger's report renderer in the PDF pool; a sole trader's Приложение № 2 (decision
 * 080). 404 for anyone else.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "taxes");
  const year = taxYearOf(new URL(request.url).searchParams.get("year"), todayInSofia());
  if (year === null) throw new AppError(INCOME_TAX_MESSAGES.year, 400);
  const tax = await taxYear(context.db, user.companyId, year);
  const appendix = tax.soleTrader ? 2 : 3;
  if (!tax.annual && !tax.soleTrader) throw new NotFoundError();
  const model = tax.soleTrader
    ? soleTraderReturnPdf(tax, formatDate(new Date()))
    : annualReturnPdf(tax, formatDate(new Date()));
  const bytes = await renderInPool(user.companyId, { kind: "ledger", model });
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `приложение-${appendix}-${year}.pdf`,
        "inline",
        `prilozhenie-${appendix}-${year}.pdf`,
      ),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}
