import { errors } from "./openapi-parts";

/* The VAT report's calls (issue #16): a VAT-registered company's month for НАП. */

const month = {
  name: "month",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example: "2026-10" },
  description: "The tax period (yyyy-MM), not later than the current month",
};
const amounts = {
  type: "object",
  description:
    "Decimal strings in the period's currency (BGN to 2025-12, EUR from 2026-01), keyed by НАП's field codes (02-10 … 02-25, 03-30 … 03-44, 01-01 … 01-60)",
  additionalProperties: { type: "string", pattern: "^-?\\d+\\.\\d{2}$" },
};
const problems = {
  type: "array",
  description: "What must be fixed before the files can be written, with where to fix it",
  items: {
    type: "object",
    properties: {
      what: { type: "string" },
      message: { type: "string" },
      href: { type: "string" },
    },
  },
};
const notRegistered = {
  description: "The company is not registered for VAT (or, for the files, problems remain)",
  content: errors["401"].content,
};

export const vatPaths = {
  "/api/reports/vat/{month}": {
    get: {
      summary:
        "The month's sales and purchase journals and the VAT return's figures as НАП's files have them, the VIES lines, and what must be fixed first",
      parameters: [month],
      responses: {
        "200": {
          description: "The month",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  month: { type: "string" },
                  currency: { type: "string", enum: ["BGN", "EUR"] },
                  sales: { type: "array", items: { type: "object", properties: { amounts } } },
                  purchases: { type: "array", items: { type: "object", properties: { amounts } } },
                  return: amounts,
                  vies: { type: "array", items: { type: "object" } },
                  problems,
                },
              },
            },
          },
        },
        "400": errors["400"],
        "401": errors["401"],
        "409": notRegistered,
      },
    },
  },
  "/api/reports/vat/{month}/files": {
    get: {
      summary:
        "PRODAGBI.TXT, POKUPKI.TXT, DEKLAR.TXT and (with intra-Community supplies) VIES.TXT in one zip: fixed-width records in Windows-1251 with CR LF",
      parameters: [month],
      responses: {
        "200": {
          description: "The zip",
          content: { "application/zip": { schema: { type: "string", format: "binary" } } },
        },
        "400": errors["400"],
        "401": errors["401"],
        "409": notRegistered,
      },
    },
  },
};
