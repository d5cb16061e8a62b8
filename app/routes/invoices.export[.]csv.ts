import type { LoaderFunctionArgs } from "@remix-run/node";
import { DOCUMENT_CSV_HEADER, documentCsvPage } from "~/modules/invoices/csv.server";
import { filtersFromSearch } from "~/modules/invoices/list.server";
import { csvStreamResponse } from "~/utils/csv.server";
import { todayInSofia } from "~/utils/dates";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /invoices/export.csv?<the list's filters> — every matching document for the accountant.
 * Bulgarian Excel opens it as is (utils/csv.server.ts), and client names cannot smuggle formulas.
 * The columns are the company export's Документи.csv (modules/invoices/csv.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "exports");
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  const today = todayInSofia();
  async function* pages() {
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof documentCsvPage>> = await documentCsvPage(
        context.db,
        user.companyId,
        filters,
        today,
        after,
      );
      yield page.rows;
      after = page.nextCursor;
    } while (after);
  }
  const csv = await csvStreamResponse(
    DOCUMENT_CSV_HEADER,
    pages(),
    `documents-${today}.csv`,
    `Документи-${today}.csv`,
  );
  return recordDownload(context, user, "export", csv, `Документи-${today}.csv`, {
    filters: new URL(request.url).search || "—",
  });
}
