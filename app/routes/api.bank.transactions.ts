import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { API_PAGE_SIZE, TRANSACTION_STATUSES } from "~/modules/bank/constants";
import { bankTransactionJsonSchema } from "~/modules/bank/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "Movements with their state, ranked suggestions and matches (100 a page)",
    request: {
      query: z.object({
        status: z.enum(["unmatched", "suggested", "matched"]).optional(),
        statementId: z.string().uuid().optional(),
        cursor: z.string().optional(),
      }),
    },
    responses: {
      "200": answer(
        "{transactions, nextCursor}",
        z.object({
          transactions: z.array(bankTransactionJsonSchema).optional(),
          nextCursor: z.string().nullable().optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal(
        "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
      ),
      "404": refusal("No such statement in your company"),
    },
  },
}));
