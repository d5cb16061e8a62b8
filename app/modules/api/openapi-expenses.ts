import { categorySchema } from "~/modules/expenses/schema";
import { errors, idParam, ref } from "./openapi-parts";
import { jsonContent } from "./registry";

/* The expenses part of the OpenAPI document (standard plan: 403 {locked, needed} below it). */

const locked = {
  description: 'The plan does not include expenses: {message, requiredPlan: "standard"}',
  content: { "application/json": { schema: ref("Error") } },
};
const notFound = {
  description: "No such expense in your company",
  content: { "application/json": { schema: ref("Error") } },
};
const duplicate = {
  description:
    "The supplier's document (type and number) is already recorded: {message, duplicateOf, errors}. Send confirmDuplicate: true to record it anyway.",
  content: { "application/json": { schema: ref("DuplicateExpense") } },
};
const expenseResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Expense") } },
});
const attachmentsResponse = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { attachments: { type: "array", items: ref("ExpenseAttachment") } },
      },
    },
  },
});
const query = (name: string, schema: object, description?: string) => ({
  name,
  in: "query",
  schema,
  ...(description && { description }),
});
const dateQuery = { type: "string", format: "date" };

export const expensePaths = {
  "/api/expenses": {
    get: {
      summary:
        "List expenses with the totals of everything that matches (per currency and VAT rate)",
      parameters: [
        query(
          "period",
          { type: "string" },
          "month:YYYY-MM, quarter:YYYY-Q, year:YYYY (overrides from/to)",
        ),
        query("from", dateQuery, "Document date from"),
        query("to", dateQuery, "Document date to"),
        query("categoryId", { type: "string", format: "uuid" }),
        query("supplierId", { type: "string", format: "uuid" }),
        query("payment", { enum: ["paid", "unpaid", "overdue"] }),
        query("type", ref("ExpenseDocumentType")),
        query("q", { type: "string" }, "Supplier, ЕИК, document number or description"),
        query("sort", { enum: ["date_desc", "date_asc", "amount_desc", "amount_asc", "supplier"] }),
        query("after", { type: "string" }, "nextCursor of the previous page"),
      ],
      responses: {
        "200": {
          description: "One page (50) and the summary",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  expenses: { type: "array", items: ref("ExpenseSummary") },
                  nextCursor: { type: ["string", "null"] },
                  summary: ref("ExpenseTotals"),
                },
              },
            },
          },
        },
        "401": errors["401"],
        "403": locked,
      },
    },
    post: {
      summary: "Record a purchase document",
      requestBody: {
        required: true,
        content: { "application/json": { schema: ref("ExpenseInput") } },
      },
      responses: {
        "201": expenseResponse("The expense"),
        "400": errors["400"],
        "401": errors["401"],
        "403": locked,
        "404": {
          description: "categoryId is not a category of your company: {message, errors}",
          content: { "application/json": { schema: ref("Error") } },
        },
        "409": duplicate,
      },
    },
  },
  "/api/expenses/{id}": {
    parameters: [idParam],
    get: {
      summary: "One expense with its amounts per VAT rate and its attachments",
      responses: { "200": expenseResponse("The expense"), "404": notFound, "403": locked },
    },
    put: {
      summary: "Replace an expense (the whole of it, as POST)",
      requestBody: {
        required: true,
        content: { "application/json": { schema: ref("ExpenseInput") } },
      },
      responses: {
        "200": expenseResponse("The expense"),
        "400": errors["400"],
        "404": notFound,
        "409": duplicate,
      },
    },
    delete: {
      summary: "Delete an expense with its attachments",
      responses: { "204": { description: "Deleted" }, "404": notFound },
    },
  },
  "/api/expenses/{id}/attachments": {
    parameters: [idParam],
    get: {
      summary: "The expense's attachments",
      responses: { "200": attachmentsResponse("The attachments"), "404": notFound },
    },
    post: {
      summary:
        "Attach receipts: JPG, PNG or PDF (judged by content), 5 MB each, up to 10 per upload and 20 per expense",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                files: { type: "array", items: { type: "string", format: "binary" } },
              },
            },
          },
        },
      },
      responses: {
        "201": attachmentsResponse("All attachments of the expense"),
        "400": errors["400"],
        "404": notFound,
        "413": {
          description: "A file over 5 MB: «Файлът е твърде голям: … Максималният размер е 5MB»",
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
  },
  "/api/expenses/{id}/attachments/{attachmentId}": {
    parameters: [
      idParam,
      {
        name: "attachmentId",
        in: "path",
        required: true,
        schema: { type: "string", format: "uuid" },
      },
    ],
    get: {
      summary: "The file (?inline=1 to show it in a browser); ETag is its SHA-256",
      parameters: [query("inline", { enum: ["1"] })],
      responses: {
        "200": {
          description: "The file",
          content: { "image/jpeg": {}, "image/png": {}, "application/pdf": {} },
        },
        "404": notFound,
      },
    },
    delete: {
      summary: "Remove an attachment",
      responses: { "204": { description: "Removed" }, "404": notFound },
    },
  },
  "/api/expense-categories": {
    get: {
      summary: "The company's expense categories (archived ones with archived=1)",
      parameters: [query("archived", { enum: ["1"] })],
      responses: {
        "200": {
          description: "Categories",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { categories: { type: "array", items: ref("ExpenseCategory") } },
              },
            },
          },
        },
        "403": locked,
      },
    },
    post: {
      summary: "Add a category",
      request: { body: jsonContent(categorySchema) },
      responses: {
        "201": {
          description: "The category",
          content: { "application/json": { schema: ref("ExpenseCategory") } },
        },
        "400": errors["400"],
        "409": {
          description: "The name is taken",
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
  },
  "/api/suppliers": {
    get: {
      summary: "The company's suppliers matching a name, ЕИК or VAT number (20 at most)",
      parameters: [query("q", { type: "string" })],
      responses: {
        "200": {
          description: "Suppliers",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { suppliers: { type: "array", items: ref("Supplier") } },
              },
            },
          },
        },
        "403": locked,
      },
    },
  },
} as const;

const supplierFields = {
  name: { type: "string" },
  eik: {
    type: ["string", "null"],
    description: "ЕИК/Булстат: 9 or 13 digits with a valid check digit",
  },
  vatNumber: {
    type: ["string", "null"],
    example: "BG175074752",
    description:
      "BG and the Bulgarian number, or a foreign one with its country's prefix (NO999888777MVA)",
  },
  companyId: {
    type: ["string", "null"],
    description: "A foreign supplier's registration number, instead of an ЕИК",
  },
  address: { type: ["string", "null"] },
};

export const expenseSchemas = {
  ExpenseDocumentType: {
    enum: ["invoice", "credit_note", "debit_note", "receipt", "protocol_117", "other"],
  },
  ExpenseAttachment: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      fileName: { type: "string" },
      contentType: { enum: ["image/jpeg", "image/png", "application/pdf", "application/xml"] },
      size: { type: "integer" },
      url: { type: "string" },
    },
  },
  ExpenseCategory: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      code: { type: ["string", "null"] },
      name: { type: "string" },
      archived: { type: "boolean" },
    },
  },
  DuplicateExpense: {
    type: "object",
    properties: {
      message: { type: "string" },
      duplicateOf: {
        type: "object",
        properties: {
          id: { type: "string", format: "uuid" },
          documentNumber: { type: "string" },
          documentDate: { type: "string", format: "date" },
          url: { type: "string" },
        },
      },
    },
  },
  Supplier: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      ...supplierFields,
      countryCode: { type: ["string", "null"] },
    },
  },
} as const;
