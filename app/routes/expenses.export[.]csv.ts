import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPENSE_CSV_HEADER, expenseCsvPage } from "~/modules/expenses/csv.server";
import { expenseFiltersFromSearch } from "~/modules/expenses/queries.server";
import { csvStreamResponse } from "~/utils/csv.server";
import { todayInSofia } from "~/utils/dates";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /expenses/export.csv?<the list's filters> — every matching expense for the accountant, in the
 * list's order; Bulgarian Excel opens it as is, and supplier names cannot smuggle formulas.
 * The columns are the company export's Разходи.csv (modules/expenses/csv.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "exports");
  const filters = expenseFiltersFromSearch(new URL(request.url).searchParams);
  const today = todayInSofia();
  async function* pages() {
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof expenseCsvPage>> = await expenseCsvPage(
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
    EXPENSE_CSV_HEADER,
    pages(),
    `expenses-${today}.csv`,
    `Разходи-${today}.csv`,
  );
  return recordDownload(context, user, "export", csv, `Разходи-${today}.csv`, {
    filters: new URL(request.url).search || "—",
  });
}
