import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listStatements } from "~/modules/bank/queries.server";
import { jsonError, methodNotAllowed } from "~/utils/http.server";
import { requireBankApi } from "~/web/bank/access.server";
import { uploadStatementFromApi } from "~/web/bank/page.server";

/** GET /api/bank/statements — the company's statements, newest first (at most 200). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireBankApi(request, context, "view");
  const statements = await listStatements(context.db, user.companyId);
  return json({
    statements: statements.map((s) => ({
      id: s.id,
      format: s.format,
      fileName: s.fileName,
      iban: s.iban,
      currency: s.currency,
      periodFrom: s.periodFrom,
      periodTo: s.periodTo,
      imported: s.importedCount,
      skipped: s.skippedCount,
      matched: Number(s.matchedCount ?? 0),
      createdAt: s.createdAt,
    })),
  });
}

/**
 * POST /api/bank/statements — a statement file (multipart/form-data: "file", optional
 * "accountId", required for CSV) → 201 {statementId, imported, skipped, suggested, matched,
 * message}; 200 with imported 0 when every movement was imported before; 400 a file that is not
 * a statement, 413 over 8 MB, 422 a line that cannot be read ({message, line}), an account that is
 * not the company's or another currency, 503 when the readers are busy.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireBankApi(request, context, "edit");
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return jsonError("Изпратете файла като multipart/form-data (поле file)", 415);
  }
  return uploadStatementFromApi(request, { user, context });
}
