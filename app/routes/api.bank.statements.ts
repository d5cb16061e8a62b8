import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errorJsonSchema, errors, refusal, z } from "~/modules/api/describe";
import { bankAccountChoiceJsonSchema, bankImportJsonSchema } from "~/modules/bank/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's imported statements, newest first",
    responses: {
      "200": answer(
        "{statements: […]}",
        z.object({
          statements: z.array(
            z.object({
              id: z.string().uuid(),
              format: z.enum(["camt053", "csv", "mt940", "xlsx", "html", "xml"]),
              fileName: z.string(),
              iban: z.string(),
              currency: z.string(),
              periodFrom: z.string().date().nullable(),
              periodTo: z.string().date().nullable(),
              imported: z.number().int(),
              skipped: z.number().int(),
              matched: z.number().int().describe("Its movements matched so far"),
              createdAt: z.string().datetime(),
            }),
          ),
        }),
      ),
      "401": errors["401"],
      "403": refusal(
        "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
      ),
    },
  },
  post: {
    summary:
      "Import a statement: MT940 (tag 86 «+NN»/«?NN»), camt.053, or a bank's table export — CSV, Excel (.xlsx), an HTML table saved as .xls (УниКредит Булбанк, ДСК) or a bank's XML of records (ДСК/УниКредит AccountMovements, ОББ TRANSACTION): a known layout recognised by its header row, else the account's column mapping — ≤ 8 MB",
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              file: z.string().openapi({ format: "binary" }),
              accountId: z
                .string()
                .uuid()
                .describe(
                  "The company's account: for a table export (CSV, XLSX, HTML .xls, a bank's XML) that does not name it, and for a file naming the bank's own account number instead of an IBAN (the choice is kept for that number, so the next file needs none); MT940 and XML with an IBAN name theirs",
                )
                .optional(),
            }),
          },
        },
      },
    },
    responses: {
      "200": answer(
        "Every movement was imported before: «N движения вече са внесени»",
        bankImportJsonSchema,
      ),
      "201": answer("Imported; suggestions made", bankImportJsonSchema),
      "400": answer(
        "Not a statement file or no file (Error); a table export without its account, an unknown layout with no mapping (BankAccountChoice lists the accounts when the account is what is missing)",
        // anyOf, not oneOf: a BankAccountChoice body is an Error body too (message, errors).
        z.union([errorJsonSchema, bankAccountChoiceJsonSchema]),
      ),
      "401": errors["401"],
      "403": refusal(
        "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
      ),
      "409": answer(
        "The file names the bank's own account number, not an IBAN, and no account was chosen for it yet: choose one of `accounts` (accountId)",
        bankAccountChoiceJsonSchema,
      ),
      "413": refusal("Over 8 MB or more than 20,000 movements"),
      "415": refusal("Not multipart/form-data"),
      "422": refusal(
        "A line that cannot be read ({message: «Ред 12: …», line: 12}; nothing saved), an IBAN that is not the company's, another currency",
      ),
      "503": refusal("The statement readers are busy or the reading overran (Retry-After)"),
    },
  },
}));
