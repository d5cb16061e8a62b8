import { matchSchema } from "~/modules/bank/forms.server";
import { decimal, errors, idParam, ref } from "./openapi-parts";
import { jsonContent } from "./registry";

/* The bank part of the OpenAPI document (issue #30, decision 031): statements and movements. */

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

const forbidden = error(
  "The role may not (bank.view / bank.edit: owner and accountant; viewers read) or the plan is below standard",
);

export const bankSchemas = {
  BankImport: {
    type: "object",
    required: ["statementId", "imported", "skipped", "suggested", "matched", "message"],
    properties: {
      statementId: {
        type: ["string", "null"],
        format: "uuid",
        description: "null when nothing was new",
      },
      imported: { type: "integer", description: "New movements saved" },
      skipped: { type: "integer", description: "Movements imported before (same account and key)" },
      suggested: { type: "integer", description: "New movements with at least one suggestion" },
      matched: {
        type: "integer",
        description: "Confirmed automatically (only where the account has it on)",
      },
      message: { type: "string", example: "Внесени движения: 48; 2 движения вече са внесени" },
    },
  },
  BankAccountChoice: {
    type: "object",
    description:
      "The file does not say which of the company's accounts it is of: send it again with one of `accounts` in accountId (decision 046)",
    required: ["message", "accounts"],
    properties: {
      message: {
        type: "string",
        example:
          "Сметката във файла (517852257) не е IBAN: изберете към коя от сметките на фирмата е извлечението — изборът се запомня за следващите извлечения",
      },
      line: { type: "null" },
      errors: { type: "object" },
      accounts: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "iban", "currency", "name"],
          properties: {
            id: { type: "string", format: "uuid" },
            iban: { type: "string" },
            currency: { type: "string", example: "EUR" },
            name: { type: ["string", "null"] },
          },
        },
      },
    },
  },
  BankTransaction: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      statementId: { type: "string", format: "uuid" },
      line: { type: "integer", description: "The line of the original file" },
      bookedOn: { type: "string", format: "date" },
      valueOn: { type: ["string", "null"], format: "date" },
      direction: { type: "string", enum: ["credit", "debit"] },
      amount: decimal("1200.00"),
      currency: { type: "string", example: "EUR" },
      counterparty: {
        type: "object",
        properties: { name: { type: ["string", "null"] }, iban: { type: ["string", "null"] } },
      },
      reason: { type: "string", example: "ПО Ф-РА 0000000123/05.11.2026" },
      reference: { type: ["string", "null"] },
      napKind: {
        type: ["string", "null"],
        enum: ["tax", "doo", "zo", "dzpo", "enforcement", null],
      },
      status: { type: "string", enum: ["unmatched", "suggested", "matched"] },
      overpaid: decimal("0.00", "Paid over what was due (not recorded: decision 008)"),
      suggestions: {
        type: "array",
        items: {
          type: "object",
          properties: {
            rank: { type: "integer" },
            kind: {
              type: "string",
              enum: [
                "exact",
                "split",
                "number",
                "client_amount",
                "amount",
                "proforma",
                "expense",
                "rule",
                "nap",
              ],
            },
            amount: decimal("1200.00", "What the suggested documents are due"),
            holds: {
              type: "boolean",
              description: "False when its documents were paid or cancelled since",
            },
            documentIds: { type: "array", items: { type: "string", format: "uuid" } },
            documents: { type: "array", items: { type: "object" } },
            expenseId: { type: ["string", "null"], format: "uuid" },
            ruleId: { type: ["string", "null"], format: "uuid" },
          },
        },
      },
      matches: { type: "array", items: { type: "object" } },
    },
  },
};

export const bankPaths = {
  "/api/bank/statements": {
    get: {
      summary: "The company's imported statements, newest first",
      responses: {
        "200": {
          description: "{statements: […]}",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "401": errors["401"],
        "403": forbidden,
      },
    },
    post: {
      summary:
        "Import a statement: MT940 (tag 86 «+NN»/«?NN»), camt.053, or a CSV or Excel (.xlsx) export — a known layout recognised by its header row, else the account's column mapping — ≤ 8 MB",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["file"],
              properties: {
                file: { type: "string", format: "binary" },
                accountId: {
                  type: "string",
                  format: "uuid",
                  description:
                    "The company's account: for a CSV/XLSX export that does not name it, and for a file naming the bank's own account number instead of an IBAN (the choice is kept for that number, so the next file needs none); MT940 and XML with an IBAN name theirs",
                },
              },
            },
          },
        },
      },
      responses: {
        "201": {
          description: "Imported; suggestions made",
          content: { "application/json": { schema: ref("BankImport") } },
        },
        "200": {
          description: "Every movement was imported before: «N движения вече са внесени»",
          content: { "application/json": { schema: ref("BankImport") } },
        },
        "400": {
          description:
            "Not a statement file or no file (Error); a CSV/XLSX export without its account, an unknown layout with no mapping (BankAccountChoice lists the accounts when the account is what is missing)",
          content: {
            "application/json": {
              schema: { oneOf: [ref("Error"), ref("BankAccountChoice")] },
            },
          },
        },
        "409": {
          description:
            "The file names the bank's own account number, not an IBAN, and no account was chosen for it yet: choose one of `accounts` (accountId)",
          content: { "application/json": { schema: ref("BankAccountChoice") } },
        },
        "401": errors["401"],
        "403": forbidden,
        "413": error("Over 8 MB or more than 20,000 movements"),
        "415": error("Not multipart/form-data"),
        "422": error(
          "A line that cannot be read ({message: «Ред 12: …», line: 12}; nothing saved), an IBAN that is not the company's, another currency",
        ),
        "503": error("The statement readers are busy or the reading overran (Retry-After)"),
      },
    },
  },
  "/api/bank/transactions": {
    get: {
      summary: "Movements with their state, ranked suggestions and matches (100 a page)",
      parameters: [
        {
          name: "status",
          in: "query",
          schema: { type: "string", enum: ["unmatched", "suggested", "matched"] },
        },
        { name: "statementId", in: "query", schema: { type: "string", format: "uuid" } },
        { name: "cursor", in: "query", schema: { type: "string" } },
      ],
      responses: {
        "200": {
          description: "{transactions, nextCursor}",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  transactions: { type: "array", items: ref("BankTransaction") },
                  nextCursor: { type: ["string", "null"] },
                },
              },
            },
          },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": forbidden,
        "404": error("No such statement in your company"),
      },
    },
  },
  "/api/bank/transactions/{id}/match": {
    parameters: [idParam],
    post: {
      summary:
        "Match a movement: a credit to documents (in order; credit notes netted; an overpayment is not recorded), a debit to an expense, a rule's new expense, or НАП",
      request: { body: jsonContent(matchSchema) },
      responses: {
        "200": {
          description: "What was applied and what was paid over",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { applied: decimal("1200.00"), overpaid: decimal("0.00") },
              },
            },
          },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": forbidden,
        "404": error("No such movement, document or expense in your company"),
        "409": error(
          "Already matched, a proforma («издайте фактурата»), a credit note, a paid document, another amount or currency",
        ),
      },
    },
  },
  "/api/bank/transactions/{id}/unmatch": {
    parameters: [idParam],
    post: {
      summary:
        "Undo a movement's match: its payments removed, its expense unpaid (or deleted if it made it)",
      responses: {
        "200": {
          description: "{unmatched: true}",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "401": errors["401"],
        "403": forbidden,
        "404": error("No such movement in your company"),
        "409": error("The movement is not matched"),
      },
    },
  },
};
