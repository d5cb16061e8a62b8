/**
 * The OpenAPI 3.1 description of the integration API (clients and documents), served at
 * GET /api/openapi.json. Kept next to the routes it describes; openapi.test.ts checks that it is a
 * valid OpenAPI 3.1 document and that every path it names has a route module for its methods.
 */

import { adminPaths } from "./openapi-admin";
import { analyticsPaths } from "./openapi-analytics";
import { bankPaths, bankSchemas } from "./openapi-bank";
import { cataloguePaths, catalogueSchemas } from "./openapi-catalogue";
import { einvoicePaths } from "./openapi-einvoice";
import { expensePaths, expenseSchemas } from "./openapi-expenses";
import { exportPaths, exportSchemas } from "./openapi-export";
import { napPaymentPaths } from "./openapi-nap-payments";
import { decimal, errors, idParam, nullable, ref } from "./openapi-parts";
import { salaryPaths, salarySchemas } from "./openapi-salaries";
import { teamPaths, teamSchemas } from "./openapi-team";
import { vatPaths } from "./openapi-vat";
import { viesPaths } from "./openapi-vies";

const clientInputProperties = {
  kind: { enum: ["company", "sole_trader", "non_profit", "individual", "foreign_company"] },
  name: { type: "string" },
  nameEn: { type: "string" },
  eik: {
    type: "string",
    description:
      "ЕИК/Булстат: 9 digits (13 for a branch), or a person's ЕГН/ЛНЧ (10), with the check digit; 11–12 digits are refused",
  },
  vatNumber: {
    type: "string",
    example: "BG175074752",
    description:
      "BG + 9, 10 or 13 digits with the check digits; a company's is BG + its 9-digit ЕИК",
  },
  mol: { type: "string" },
  address: { type: "string" },
  addressEn: { type: "string" },
  city: { type: "string" },
  cityEn: { type: "string" },
  postalCode: { type: "string" },
  country: { type: "string", example: "България" },
  emails: { type: "array", items: { type: "string", format: "email" } },
  phone: { type: "string" },
  currency: { type: "string", example: "EUR" },
  language: { enum: ["bg", "en"] },
  paymentTermDays: { type: "integer", minimum: 0, maximum: 365 },
  vatTreatment: {
    enum: ["standard", "reverse_charge", "intra_community", "export", "exempt"],
  },
};

const documentInputProperties = {
  type: ref("DocumentType"),
  clientId: { type: "string", format: "uuid" },
  issueDate: { type: "string", format: "date" },
  taxEventDate: { type: "string", format: "date" },
  dueDate: { type: "string", format: "date" },
  placeOfIssue: { type: "string" },
  currency: {
    type: "string",
    default: "EUR",
    description: "BGN only for documents dated up to 2025-12-31",
  },
  eurRate: decimal(
    "0.92",
    "EUR per unit, for currencies other than EUR and BGN; left out or empty, the ECB's reference rate of the tax event (else issue) date, or the last one before it within a week, is filled in (decision 051); refused when there is none",
  ),
  language: { enum: ["bg", "en", "bilingual"] },
  vatGround: {
    type: "string",
    description: "Required when a line has 0 % or no VAT",
    example: "чл. 21, ал. 2 от ЗДДС",
  },
  paymentMethod: ref("PaymentMethod"),
  authorName: { type: "string" },
  recipientName: { type: "string" },
  notes: { type: "string" },
  originalId: {
    type: "string",
    format: "uuid",
    description: "Credit/debit notes: the issued invoice",
  },
  reason: { type: "string", description: "Credit/debit notes: the reason" },
  lines: { type: "array", minItems: 1, maxItems: 200, items: ref("LineInput") },
};

const documentResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Document") } },
});

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Сметка API",
    version: "1.0.0",
    description:
      "Clients, Bulgarian tax documents (invoices, proformas, credit and debit notes) expenses (purchase documents with receipts; standard plan), employees and salaries (full plan). Amounts are decimal strings with two decimals; dates are YYYY-MM-DD. Authenticate with the session cookie or `Authorization: Bearer <token>` from POST /api/login. A call may name the company it is meant for with the header `X-Company-Id: <company id>`: when the session or token works in another company, the call is refused with 409 `{message, companyId, activeCompany: {id, name}}` and nothing is written. Error messages are in Bulgarian.",
  },
  servers: [{ url: "/" }],
  security: [{ bearer: [] }, { cookie: [] }],
  paths: {
    "/api/clients": {
      get: {
        summary: "List clients",
        parameters: [
          {
            name: "q",
            in: "query",
            schema: { type: "string" },
            description: "Name, EIK or VAT number",
          },
          { name: "sort", in: "query", schema: { enum: ["name", "newest"] } },
          { name: "archived", in: "query", schema: { enum: ["1"] } },
          {
            name: "after",
            in: "query",
            schema: { type: "string" },
            description: "nextCursor of the previous page",
          },
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50 } },
        ],
        responses: {
          "200": {
            description: "One page of clients",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    clients: { type: "array", items: ref("Client") },
                    nextCursor: { type: ["string", "null"] },
                  },
                },
              },
            },
          },
          "401": errors["401"],
        },
      },
      post: {
        summary: "Create a client",
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("ClientInput") } },
        },
        responses: {
          "201": {
            description:
              "The client, created; `warnings` names an existing client with the same VAT number (a second client with the same EIK is refused with 400)",
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    ref("Client"),
                    {
                      type: "object",
                      properties: {
                        warnings: {
                          type: "array",
                          items: {
                            type: "object",
                            properties: {
                              code: { enum: ["duplicate_vat_number"] },
                              message: { type: "string" },
                              clientId: { type: "string", format: "uuid" },
                            },
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          "400": errors["400"],
          "401": errors["401"],
        },
      },
    },
    "/api/invoices": {
      get: {
        summary: "List documents with the totals of everything that matches",
        parameters: [
          { name: "type", in: "query", schema: ref("DocumentType") },
          {
            name: "status",
            in: "query",
            schema: {
              enum: ["draft", "issued", "unpaid", "partially_paid", "paid", "overdue", "cancelled"],
            },
          },
          { name: "clientId", in: "query", schema: { type: "string", format: "uuid" } },
          { name: "from", in: "query", schema: { type: "string", format: "date" } },
          { name: "to", in: "query", schema: { type: "string", format: "date" } },
          {
            name: "q",
            in: "query",
            schema: { type: "string" },
            description: "Document number or client name",
          },
          { name: "after", in: "query", schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "One page, newest first, and the summary per currency",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    invoices: { type: "array", items: ref("DocumentSummary") },
                    nextCursor: { type: ["string", "null"] },
                    summary: {
                      type: "object",
                      properties: {
                        count: { type: "integer" },
                        currencies: {
                          type: "array",
                          items: {
                            type: "object",
                            properties: {
                              currency: { type: "string" },
                              count: { type: "integer" },
                              total: decimal("1200.00", "Issued documents; credit notes subtract"),
                              paid: decimal("600.00"),
                              outstanding: decimal(
                                "600.00",
                                "Still due on invoices and debit notes, after payments and credit notes",
                              ),
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          "401": errors["401"],
        },
      },
      post: {
        summary: "Create a draft (no number until issued)",
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("DocumentInput") } },
        },
        responses: {
          "201": documentResponse("The draft, number null"),
          "400": errors["400"],
          "401": errors["401"],
          "404": {
            description:
              "clientId or a note's originalId names a client or document you cannot read (another company's; for staff limited to their own documents, another's): {message, errors}",
            content: { "application/json": { schema: ref("Error") } },
          },
        },
      },
    },
    "/api/invoices/{id}": {
      parameters: [idParam],
      get: {
        summary: "One document",
        responses: {
          "200": documentResponse("The document"),
          "401": errors["401"],
          "404": errors["404"],
        },
      },
      put: {
        summary: "Replace a draft",
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("DocumentInput") } },
        },
        responses: {
          "200": documentResponse("The saved draft"),
          "400": errors["400"],
          "404": errors["404"],
          "409": { description: "Issued documents never change" },
        },
      },
      delete: {
        summary: "Delete a draft",
        responses: {
          "204": { description: "Deleted" },
          "404": errors["404"],
          "409": { description: "Not a draft" },
        },
      },
    },
    "/api/invoices/{id}/issue": {
      parameters: [idParam],
      post: {
        summary: "Issue a draft: the next 10-digit number of its series",
        responses: {
          "200": {
            description:
              "The issued document with number and totals, and `warnings`: Bulgarian sentences about what it prints in Cyrillic (an English or bilingual document of a company without its English name, address or city); issued all the same",
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    ref("Document"),
                    {
                      type: "object",
                      properties: { warnings: { type: "array", items: { type: "string" } } },
                    },
                  ],
                },
              },
            },
          },
          "404": errors["404"],
          "409": { description: "Already issued" },
        },
      },
    },
    "/api/invoices/{id}/cancel": {
      parameters: [idParam],
      post: {
        summary: "Cancel an issued document (it keeps its number)",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["reason"],
                properties: { reason: { type: "string" } },
              },
            },
          },
        },
        responses: {
          "200": documentResponse("The cancelled document"),
          "400": errors["400"],
          "404": errors["404"],
          "409": { description: "Not issued" },
        },
      },
    },
    "/api/invoices/{id}/payments": {
      parameters: [idParam],
      post: {
        summary: "Record a payment",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["paidOn", "amount", "method"],
                properties: {
                  paidOn: { type: "string", format: "date" },
                  amount: decimal("100.00"),
                  method: ref("PaymentMethod"),
                  note: { type: "string" },
                },
              },
            },
          },
        },
        responses: {
          "201": documentResponse("The document with the payment"),
          "400": errors["400"],
          "404": errors["404"],
          "409": { description: "Not payable" },
        },
      },
    },
    "/api/invoices/{id}/send": {
      parameters: [idParam],
      post: {
        summary: "E-mail an issued document with its PDF",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  to: { type: "string", description: "Addresses; the client's by default" },
                  message: {
                    type: "string",
                    maxLength: 1000,
                    description: "The sender's own short message, at the top of the e-mail",
                  },
                  copyToMe: {
                    type: "boolean",
                    description: "A hidden copy (Bcc) to the signed-in user's address",
                  },
                },
              },
            },
          },
        },
        responses: {
          "200": documentResponse("sentAt and sentTo are set"),
          "400": errors["400"],
          "404": errors["404"],
          "409": { description: "Not issued" },
          "503": { description: "The mail server refused; nothing was recorded" },
        },
      },
    },
    "/api/invoices/{id}/pdf": {
      parameters: [idParam],
      get: {
        summary: "The PDF (an issued document's bytes never change; ETag is its SHA-256)",
        responses: {
          "200": { description: "PDF", content: { "application/pdf": {} } },
          "404": errors["404"],
        },
      },
    },
    "/api/dashboard": {
      get: {
        summary:
          "What /dashboard shows: revenue of the month and the year (per currency and in euro), receivables with the oldest overdue, the newest documents, the VAT threshold, the month's expenses and salaries by plan",
        responses: {
          "200": {
            description: "The dashboard's figures (decimal strings)",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "401": errors["401"],
        },
      },
    },
    ...expensePaths,
    ...salaryPaths,
    ...napPaymentPaths,
    ...analyticsPaths,
    ...cataloguePaths,
    ...adminPaths,
    ...vatPaths,
    ...viesPaths,
    ...teamPaths,
    ...einvoicePaths,
    ...exportPaths,
    ...bankPaths,
  },
  components: {
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer" },
      cookie: { type: "apiKey", in: "cookie", name: "__session" },
    },
    schemas: {
      ...expenseSchemas,
      ...salarySchemas,
      ...catalogueSchemas,
      ...teamSchemas,
      ...exportSchemas,
      ...bankSchemas,
      Error: {
        type: "object",
        properties: {
          message: { type: "string", example: "Невалидни данни" },
          errors: {
            type: "object",
            additionalProperties: {
              type: "object",
              properties: { _errors: { type: "array", items: { type: "string" } } },
            },
            example: { issueDate: { _errors: ["Датата на издаване е задължителна"] } },
          },
        },
      },
      DocumentType: { enum: ["invoice", "proforma", "credit_note", "debit_note"] },
      PaymentMethod: { enum: ["bank", "cash", "card", "cod", "other"] },
      ClientInput: {
        type: "object",
        required: ["kind", "name", "address", "city"],
        properties: clientInputProperties,
      },
      Client: {
        type: "object",
        required: ["id", "kind", "name", "address", "city", "emails", "archived"],
        properties: {
          ...clientInputProperties,
          ...nullable(clientInputProperties, [
            "nameEn",
            "eik",
            "vatNumber",
            "mol",
            "addressEn",
            "cityEn",
            "postalCode",
            "phone",
          ]),
          id: { type: "string", format: "uuid" },
          countryCode: { type: "string" },
          archived: { type: "boolean" },
          createdAt: { type: "string", format: "date-time" },
        },
      },
      LineInput: {
        type: "object",
        required: ["description", "quantity", "unitPrice", "vatRate"],
        properties: {
          description: { type: "string" },
          quantity: decimal("2", "Up to 3 decimals, > 0"),
          unit: { type: "string", default: "бр." },
          unitPrice: decimal("45.50", "Without VAT, up to 4 decimals"),
          discount: decimal("0", "Percent, 0–100"),
          vatRate: {
            type: ["integer", "null"],
            minimum: 0,
            maximum: 100,
            description:
              "Whole per cent in force on the document's date (tax event date, else issue date), e.g. 20, 9 or 0; null: VAT not charged",
          },
        },
      },
      DocumentInput: {
        type: "object",
        required: ["type", "clientId", "issueDate", "lines"],
        properties: documentInputProperties,
      },
      DocumentSummary: {
        type: "object",
        properties: {
          id: { type: "string", format: "uuid" },
          type: ref("DocumentType"),
          status: { enum: ["draft", "issued", "cancelled"] },
          paymentState: { enum: ["paid", "partially_paid", "overdue", "unpaid", null] },
          number: { type: ["string", "null"], pattern: "^\\d{10}$" },
          clientId: { type: "string" },
          clientName: { type: "string" },
          issueDate: { type: "string", format: "date" },
          dueDate: { type: ["string", "null"], format: "date" },
          currency: { type: "string" },
          subtotal: decimal("100.00"),
          vat: decimal("20.00"),
          total: decimal("120.00"),
          paid: decimal("0.00"),
        },
      },
      Document: {
        allOf: [
          {
            type: "object",
            properties: {
              ...documentInputProperties,
              ...nullable(documentInputProperties, [
                "taxEventDate",
                "dueDate",
                "placeOfIssue",
                "eurRate",
                "vatGround",
                "paymentMethod",
                "authorName",
                "recipientName",
                "notes",
                "originalId",
                "reason",
              ]),
            },
          },
          {
            type: "object",
            properties: {
              id: { type: "string", format: "uuid" },
              status: { enum: ["draft", "issued", "cancelled"] },
              paymentState: { enum: ["paid", "partially_paid", "overdue", "unpaid", null] },
              number: { type: ["string", "null"], pattern: "^\\d{10}$", example: "0000000001" },
              totals: {
                type: "object",
                properties: {
                  groups: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: {
                        vatRate: { enum: [20, 9, 0, null] },
                        base: decimal("100.00"),
                        vat: decimal("20.00"),
                      },
                    },
                  },
                  subtotal: decimal("100.00"),
                  vat: decimal("20.00"),
                  total: decimal("120.00"),
                  paid: decimal("0.00"),
                  due: decimal(
                    "120.00",
                    "Still due: the total less payments and issued credit notes, never below 0",
                  ),
                },
              },
              payments: { type: "array", items: { type: "object" } },
              supplier: { type: ["object", "null"], description: "Snapshot taken on issue" },
              client: { type: ["object", "null"], description: "Snapshot taken on issue" },
              issuedAt: { type: ["string", "null"], format: "date-time" },
              cancelledAt: { type: ["string", "null"], format: "date-time" },
              cancelReason: { type: ["string", "null"] },
              sentAt: { type: ["string", "null"], format: "date-time" },
              sentTo: { type: ["string", "null"] },
              pdfUrl: { type: "string" },
            },
          },
        ],
      },
    },
  },
} as const;
