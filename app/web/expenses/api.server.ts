import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import { EXPENSE_MESSAGES } from "~/modules/expenses/schema";
import {
  DuplicateExpenseError,
  type ExpenseWithDetails,
  getExpense,
} from "~/modules/expenses/service.server";
import { apiErrorResponse } from "~/utils/http.server";
import type { Database } from "~db/types";

/** The company's expense named by the path, or the API's 404 (also for another company's). */
export async function requireApiExpense(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
): Promise<ExpenseWithDetails> {
  const expense = await getExpense(db, companyId, id);
  if (!expense) throw json({ message: EXPENSE_MESSAGES.notFound }, { status: 404 });
  return expense;
}

/**
 * A refusal of POST/PUT as JSON: a duplicate is 409 with the expense it repeats (send
 * confirmDuplicate: true to record it anyway); other AppErrors as the API answers them.
 */
export function expenseRefusal(error: unknown) {
  if (error instanceof DuplicateExpenseError) {
    return json(
      {
        message: error.message,
        duplicateOf: {
          id: error.duplicate.id,
          documentNumber: error.duplicate.documentNumber,
          documentDate: error.duplicate.documentDate,
          url: `/api/expenses/${error.duplicate.id}`,
        },
        errors: { confirmDuplicate: { _errors: [EXPENSE_MESSAGES.duplicate] } },
      },
      { status: 409 },
    );
  }
  return apiErrorResponse(error);
}
