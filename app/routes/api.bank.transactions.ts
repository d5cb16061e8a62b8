import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { API_PAGE_SIZE, TRANSACTION_STATUSES } from "~/modules/bank/constants";
import { listTransactions, transactionJson } from "~/modules/bank/queries.server";
import { jsonError } from "~/utils/http.server";
import { isOwnKey } from "~/utils/own-keys";
import { isUuid } from "~/utils/uuid";
import { requireBankApi } from "~/web/bank/access.server";

/**
 * GET /api/bank/transactions?status=unmatched|suggested|matched&statementId=&cursor= — the
 * company's movements (a statement's by line, else newest first), 100 a page, each with its
 * state, ranked suggestions and standing matches; `nextCursor` for the next page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireBankApi(request, context, "view");
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  if (status !== null && !isOwnKey(TRANSACTION_STATUSES, status)) {
    return jsonError("Невалидно състояние: unmatched, suggested или matched", 400);
  }
  const statementId = url.searchParams.get("statementId");
  if (statementId !== null && !isUuid(statementId)) {
    return jsonError("Извлечението не е намерено", 404);
  }
  const { transactions, nextCursor } = await listTransactions(context.db, user.companyId, {
    statementId: statementId ?? undefined,
    status: status ?? undefined,
    cursor: url.searchParams.get("cursor"),
    limit: API_PAGE_SIZE,
  });
  return json({ transactions: transactions.map(transactionJson), nextCursor });
}
