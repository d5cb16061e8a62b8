import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, idParams, refusal, z } from "~/modules/api/describe";
import { statementJson, statementJsonSchema } from "~/modules/statements/json.server";
import { STATEMENT_MESSAGES, statementPeriod } from "~/modules/statements/schema";
import { clientStatement } from "~/modules/statements/statement.server";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";

/**
 * GET /api/clients/{id}/statement?from=YYYY-MM-DD&to=YYYY-MM-DD → the client's statement of
 * account per currency (decision 070): opening, every issued invoice, debit note, credit note and
 * payment with the running balance, closing, as decimal strings. Roles that read all documents.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  refuseOwnDocumentsOnly(user);
  const period = statementPeriod(new URL(request.url).searchParams, todayInSofia());
  if (!period) return jsonError(STATEMENT_MESSAGES.period, 400);
  const statement = await clientStatement(
    context.db,
    user.companyId,
    params.id ?? "",
    period.from,
    period.to,
  );
  return json(statementJson(statement));
}

export const openapi = describeApi(() => ({
  get: {
    summary:
      "A client's statement of account (извлечение по сметка): opening, documents and payments with the running balance, closing, per currency",
    request: {
      params: idParams(),
      query: z.object({
        from: z
          .string()
          .date()
          .optional()
          .describe("The first day (default: 1 January of this year)"),
        to: z.string().date().optional().describe("The last day (default: today)"),
      }),
    },
    responses: {
      "200": answer("The statement", statementJsonSchema()),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or sees only its own documents"),
      "404": refusal("No such client in your company"),
    },
  },
}));
