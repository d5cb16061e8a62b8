import { decimal, z } from "~/utils/zod-openapi.server";

/* The answers of the JSON API in zod, named as the OpenAPI document names them (decision 056). */

/** What importing a statement did. */
export const bankImportJsonSchema = z
  .object({
    statementId: z.string().uuid().nullable().describe("null when nothing was new"),
    imported: z.number().int().describe("New movements saved"),
    skipped: z.number().int().describe("Movements imported before (same account and key)"),
    suggested: z.number().int().describe("New movements with at least one suggestion"),
    matched: z
      .number()
      .int()
      .describe("Confirmed automatically (only where the account has it on)"),
    message: z.string().openapi({ example: "Внесени движения: 48; 2 движения вече са внесени" }),
  })
  .openapi("BankImport");

/** The 409 of a statement whose account the file does not name. */
export const bankAccountChoiceJsonSchema = z
  .object({
    message: z.string().openapi({
      example:
        "Сметката във файла (517852257) не е IBAN: изберете към коя от сметките на фирмата е извлечението — изборът се запомня за следващите извлечения",
    }),
    line: z.null().optional(),
    errors: z.object({}).passthrough().optional(),
    accounts: z.array(
      z.object({
        id: z.string().uuid(),
        iban: z.string(),
        currency: z.string().openapi({ example: "EUR" }),
        name: z.string().nullable(),
      }),
    ),
  })
  .describe(
    "The file does not say which of the company's accounts it is of: send it again with one of `accounts` in accountId (decision 046)",
  )
  .openapi("BankAccountChoice");

/** A bank movement with its suggestions and matches, as the API shows it. */
export const bankTransactionJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    statementId: z.string().uuid().optional(),
    line: z.number().int().describe("The line of the original file").optional(),
    bookedOn: z.string().date().optional(),
    valueOn: z.string().date().nullable().optional(),
    direction: z.enum(["credit", "debit"]).optional(),
    amount: decimal().openapi({ example: "1200.00" }).optional(),
    currency: z.string().openapi({ example: "EUR" }).optional(),
    counterparty: z
      .object({ name: z.string().nullable().optional(), iban: z.string().nullable().optional() })
      .optional(),
    reason: z.string().openapi({ example: "ПО Ф-РА 0000000123/05.11.2026" }).optional(),
    reference: z.string().nullable().optional(),
    napKind: z.union([z.enum(["tax", "doo", "zo", "dzpo", "enforcement"]), z.null()]).optional(),
    status: z.enum(["unmatched", "suggested", "matched"]).optional(),
    overpaid: decimal()
      .describe("Paid over what was due (not recorded: decision 008)")
      .openapi({ example: "0.00" })
      .optional(),
    suggestions: z
      .array(
        z.object({
          rank: z.number().int().optional(),
          kind: z
            .enum([
              "exact",
              "split",
              "number",
              "client_amount",
              "amount",
              "proforma",
              "expense",
              "rule",
              "nap",
            ])
            .optional(),
          amount: decimal()
            .describe("What the suggested documents are due")
            .openapi({ example: "1200.00" })
            .optional(),
          holds: z
            .boolean()
            .describe("False when its documents were paid or cancelled since")
            .optional(),
          documentIds: z.array(z.string().uuid()).optional(),
          documents: z.array(z.object({}).passthrough()).optional(),
          expenseId: z.string().uuid().nullable().optional(),
          ruleId: z.string().uuid().nullable().optional(),
        }),
      )
      .optional(),
    matches: z.array(z.object({}).passthrough()).optional(),
  })
  .openapi("BankTransaction");
