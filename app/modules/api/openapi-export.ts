import { errors, idParam, ref } from "./openapi-parts";

/* The company's export (issue #28 item 3, decision 027): one ZIP of all its books. */

const problem = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const forbidden = problem("The role in the company may not export (decision 028)");
const notFound = problem("No such export in your company (another company's id, a malformed id)");

export const exportSchemas = {
  CompanyExport: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      state: { type: "string", enum: ["queued", "running", "ready", "failed", "expired"] },
      part: {
        type: "string",
        nullable: true,
        description: "What the build is writing now (running), in Bulgarian",
      },
      documentsDone: { type: "integer" },
      documentsTotal: {
        type: "integer",
        description: "Issued and cancelled documents to write as PDF (and UBL)",
      },
      percent: { type: "integer", minimum: 0, maximum: 100 },
      files: { type: "integer", description: "Files in the ZIP so far" },
      sizeBytes: { type: "integer", nullable: true },
      error: { type: "string", nullable: true },
      createdAt: { type: "string", format: "date-time" },
      readyAt: { type: "string", format: "date-time", nullable: true },
      expiresAt: {
        type: "string",
        format: "date-time",
        nullable: true,
        description:
          "When the ZIP is deleted: 30 days after it was ready, and not before the account's pending deletion",
      },
      statusUrl: { type: "string", example: "/api/export/0b9e…" },
      downloadUrl: {
        type: "string",
        nullable: true,
        description: "Once ready: GET it with the same cookie or bearer token",
      },
    },
  },
};

export const exportPaths = {
  "/api/export": {
    get: {
      summary: "The company's latest exports, newest first",
      responses: {
        "200": {
          description: "Up to five exports",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { exports: { type: "array", items: ref("CompanyExport") } },
              },
            },
          },
        },
        "401": errors["401"],
        "403": forbidden,
      },
    },
    post: {
      summary:
        "Asks for the company's whole export: every issued document as PDF (the stored one) and UBL, the VAT files of each month, clients, items, expenses, salaries and payments as CSV, the receipts, and README.txt — built in the background; an e-mail with the link follows. No body.",
      responses: {
        "202": {
          description: "Accepted: follow it at the Location (also `statusUrl`)",
          headers: { Location: { schema: { type: "string" } } },
          content: { "application/json": { schema: ref("CompanyExport") } },
        },
        "401": errors["401"],
        "403": forbidden,
        "409": problem("Another export of the company is being made"),
      },
    },
  },
  "/api/export/{id}": {
    get: {
      summary: "An export's state and progress, and its download once ready",
      parameters: [idParam],
      responses: {
        "200": {
          description: "The export",
          content: { "application/json": { schema: ref("CompanyExport") } },
        },
        "401": errors["401"],
        "403": forbidden,
        "404": notFound,
      },
    },
  },
  "/api/export/{id}/download": {
    get: {
      summary: "The finished ZIP (ZIP64 past 65,535 files), streamed",
      parameters: [idParam],
      responses: {
        "200": {
          description: "The ZIP",
          content: { "application/zip": { schema: { type: "string", format: "binary" } } },
        },
        "401": errors["401"],
        "403": forbidden,
        "404": notFound,
        "409": problem("Not ready yet"),
        "410": problem("Expired (deleted after its 30 days)"),
      },
    },
  },
};
