import { decimal, errors, ref } from "./openapi-parts";

/* The analytics part of the OpenAPI document (full plan: 403 {message, requiredPlan: "full"} below it). */

const month = { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example: "2026-11" };
const figures = {
  type: "object",
  description: "Euro amounts as decimal strings",
  properties: {
    revenue: decimal("12000.00", "Issued invoices and debit notes minus credit notes, without VAT"),
    outputVat: decimal("2400.00", "VAT charged on those documents"),
    expenses: decimal("3000.00", "Expenses' cost: total less the creditable VAT"),
    inputVat: decimal("600.00", "Creditable input VAT of the expenses"),
    salaries: decimal("4000.00", "The employer's cost of the month's salaries"),
    profit: decimal("5000.00", "revenue − expenses − salaries"),
    vatPosition: decimal("1800.00", "outputVat − inputVat: positive to pay, negative to refund"),
  },
};

export const analyticsPaths = {
  "/api/analytics/summary": {
    get: {
      summary:
        "What /analytics shows for whole months: per month revenue, expenses, salaries, profit and VAT position; expenses by category; receivables ageing and days sales outstanding (as of today); top clients by revenue and by overdue; the same period a year earlier",
      parameters: [
        { name: "from", in: "query", schema: month, description: "First month (yyyy-MM)" },
        {
          name: "to",
          in: "query",
          schema: month,
          description: "Last month, at most 60 after from",
        },
        {
          name: "period",
          in: "query",
          schema: { type: "string", example: "year:2026" },
          description: "Instead of from/to: last12 (default), year:yyyy or quarter:yyyy-q",
        },
      ],
      responses: {
        "200": {
          description: "The figures, in euro",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  from: month,
                  to: month,
                  today: { type: "string", format: "date" },
                  currency: { const: "EUR" },
                  months: {
                    type: "array",
                    items: {
                      allOf: [figures, { type: "object", properties: { month } }],
                    },
                  },
                  total: figures,
                  expenseCategories: { type: "array", items: { type: "object" } },
                  receivables: {
                    type: "object",
                    properties: {
                      open: decimal("1500.00"),
                      daysSalesOutstanding: { type: ["integer", "null"] },
                      ageing: { type: "array", items: { type: "object" } },
                    },
                  },
                  topClientsByRevenue: { type: "array", items: { type: "object" } },
                  topClientsByOverdue: { type: "array", items: { type: "object" } },
                  previousYear: { type: "object" },
                },
              },
            },
          },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": {
          description: 'The plan does not include analytics: {message, requiredPlan: "full"}',
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
  },
};
