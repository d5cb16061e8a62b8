/**
 * The OpenAPI 3.1 description of the integration API (clients and documents), served at
 * GET /api/openapi.json. Kept next to the routes it describes; openapi.test.ts checks that it is a
 * valid OpenAPI 3.1 document and that every path it names has a route module for its methods.
 */

import { catalogueItemJsonSchema } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import {
  expenseAmountJsonSchema,
  expenseJsonSchema,
  expenseListJsonSchema,
  expenseTotalsJsonSchema,
} from "~/modules/expenses/json.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { employeeSchema } from "~/modules/salaries/schema";
import { adminPaths } from "./openapi-admin";
import { analyticsPaths } from "./openapi-analytics";
import { bankPaths, bankSchemas } from "./openapi-bank";
import { cataloguePaths } from "./openapi-catalogue";
import { registerDocuments } from "./openapi-documents";
import { einvoicePaths } from "./openapi-einvoice";
import { expensePaths, expenseSchemas } from "./openapi-expenses";
import { exportPaths, exportSchemas } from "./openapi-export";
import { registerLedger } from "./openapi-ledger";
import { napPaymentPaths } from "./openapi-nap-payments";
import { salaryPaths, salarySchemas } from "./openapi-salaries";
import { teamPaths, teamSchemas } from "./openapi-team";
import { vatPaths } from "./openapi-vat";
import { viesPaths } from "./openapi-vies";
import {
  generate,
  OpenAPIRegistry,
  type RawPathItem,
  registerRawPaths,
  registerRawSchemas,
} from "./registry";

type OpenApiDocument = ReturnType<typeof build>;
let built: OpenApiDocument | undefined;

/**
 * The document, generated from the registry on its first use (GET /api/openapi.json, the tests),
 * not when the server starts: the server's build evaluates every route module at start.
 */
export function openApiDocument(): OpenApiDocument {
  built ??= build();
  return built;
}

function build() {
  const registry = new OpenAPIRegistry();
  registerDocuments(registry);
  registerLedger(registry);
  // The request bodies of the areas below that their routes parse with zod, under the names the
  // hand-written paths refer to.
  registry.register("ExpenseInput", expenseSchema);
  registry.register("Expense", expenseJsonSchema);
  registry.register("ExpenseSummary", expenseListJsonSchema);
  registry.register("ExpenseTotals", expenseTotalsJsonSchema);
  registry.register("ExpenseAmount", expenseAmountJsonSchema);
  registry.register("EmployeeInput", employeeSchema);
  registry.register("CatalogueItemInput", catalogueItemSchema);
  registry.register("CatalogueItem", catalogueItemJsonSchema);
  for (const paths of [
    expensePaths,
    salaryPaths,
    napPaymentPaths,
    analyticsPaths,
    cataloguePaths,
    adminPaths,
    vatPaths,
    viesPaths,
    teamPaths,
    einvoicePaths,
    exportPaths,
    bankPaths,
  ])
    registerRawPaths(registry, paths as Record<string, RawPathItem>);
  registerRawSchemas(registry, {
    ...expenseSchemas,
    ...salarySchemas,
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
  });
  registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "__session",
  });

  return generate(registry, {
    openapi: "3.1.0",
    info: {
      title: "Сметка API",
      version: "1.0.0",
      description:
        "Clients, Bulgarian tax documents (invoices, proformas, credit and debit notes) expenses (purchase documents with receipts; standard plan), employees and salaries (full plan). Amounts are decimal strings with two decimals; dates are YYYY-MM-DD. Authenticate with the session cookie or `Authorization: Bearer <token>` from POST /api/login. A call may name the company it is meant for with the header `X-Company-Id: <company id>`: when the session or token works in another company, the call is refused with 409 `{message, companyId, activeCompany: {id, name}}` and nothing is written. Error messages are in Bulgarian.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { cookie: [] }],
  });
}
