/*
 * Clients and documents in the OpenAPI registry, generated from zod (decision 056): the request
 * bodies are the schemas their route modules parse with, the answers the schemas next to the
 * serializers (`clients/json.server.ts`, `invoices/json.server.ts`).
 */

import { clientJsonSchema } from "~/modules/clients/json.server";
import { clientSchema } from "~/modules/clients/schema";
import { documentJsonSchema, documentSummaryJsonSchema } from "~/modules/invoices/json.server";
import { cancelSchema, documentSchema, paymentSchema } from "~/modules/invoices/schema";
import { errors, idParam, ref } from "./openapi-parts";
import { jsonContent, type OpenAPIRegistry, UNSPECIFIED, z } from "./registry";

const json = (schema: z.ZodTypeAny | object, description: string) => ({
  description,
  content: { "application/json": { schema: schema as z.ZodTypeAny } },
});
const refused = (description: string) => ({ description });

/** Registers the calls of clients, documents and the dashboard, with their schemas. */
export function registerDocuments(registry: OpenAPIRegistry) {
  const client = registry.register("Client", clientJsonSchema);
  const clientInput = registry.register("ClientInput", clientSchema);
  const document = registry.register("Document", documentJsonSchema);
  const summary = registry.register("DocumentSummary", documentSummaryJsonSchema);
  const documentInput = registry.register("DocumentInput", documentSchema);
  const documentAnswer = (description: string) => json(document, description);
  const id = [idParam] as never;

  registry.registerPath({
    method: "get",
    path: "/api/clients",
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
      "200": json(
        z.object({ clients: z.array(client), nextCursor: z.string().nullable() }),
        "One page of clients",
      ),
      "401": errors["401"],
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/clients",
    summary: "Create a client",
    request: { body: jsonContent(clientInput) },
    responses: {
      "201": json(
        client.extend({
          warnings: z
            .array(
              z.object({
                code: z.enum(["duplicate_vat_number"]),
                message: z.string(),
                clientId: z.string().uuid(),
              }),
            )
            .optional(),
        }),
        "The client, created; `warnings` names an existing client with the same VAT number (a second client with the same EIK is refused with 400)",
      ),
      "400": errors["400"],
      "401": errors["401"],
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/invoices",
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
      "200": json(
        z.object({
          invoices: z.array(summary),
          nextCursor: z.string().nullable(),
          summary: z.object({
            count: z.number().int(),
            currencies: z.array(
              z.object({
                currency: z.string(),
                count: z.number().int(),
                total: z.string().describe("Issued documents; credit notes subtract"),
                paid: z.string(),
                outstanding: z
                  .string()
                  .describe(
                    "Still due on invoices and debit notes, after payments and credit notes",
                  ),
              }),
            ),
          }),
        }),
        "One page, newest first, and the summary per currency",
      ),
      "401": errors["401"],
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/invoices",
    summary: "Create a draft (no number until issued)",
    request: { body: jsonContent(documentInput) },
    responses: {
      "201": documentAnswer("The draft, number null"),
      "400": errors["400"],
      "401": errors["401"],
      "404": {
        description:
          "clientId or a note's originalId names a client or document you cannot read (another company's; for staff limited to their own documents, another's): {message, errors}",
        content: {
          "application/json": { schema: errors["404"].content["application/json"].schema },
        },
      },
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/invoices/{id}",
    summary: "One document",
    parameters: id,
    responses: {
      "200": documentAnswer("The document"),
      "401": errors["401"],
      "404": errors["404"],
    },
  });
  registry.registerPath({
    method: "put",
    path: "/api/invoices/{id}",
    summary: "Replace a draft",
    parameters: id,
    request: { body: jsonContent(documentInput) },
    responses: {
      "200": documentAnswer("The saved draft"),
      "400": errors["400"],
      "404": errors["404"],
      "409": refused("Issued documents never change"),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/invoices/{id}",
    summary: "Delete a draft",
    parameters: id,
    responses: {
      "204": { description: "Deleted" },
      "404": errors["404"],
      "409": refused("Not a draft"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/invoices/{id}/issue",
    summary: "Issue a draft: the next 10-digit number of its series",
    parameters: id,
    responses: {
      "200": json(
        document.extend({ warnings: z.array(z.string()).optional() }),
        "The issued document with number and totals, and `warnings`: Bulgarian sentences about what it prints in Cyrillic (an English or bilingual document of a company without its English name, address or city); issued all the same",
      ),
      "404": errors["404"],
      "409": refused("Already issued"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/invoices/{id}/cancel",
    summary: "Cancel an issued document (it keeps its number)",
    parameters: id,
    request: { body: jsonContent(cancelSchema) },
    responses: {
      "200": documentAnswer("The cancelled document"),
      "400": errors["400"],
      "404": errors["404"],
      "409": refused("Not issued"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/invoices/{id}/payments",
    summary: "Record a payment",
    parameters: id,
    request: { body: jsonContent(paymentSchema) },
    responses: {
      "201": documentAnswer("The document with the payment"),
      "400": errors["400"],
      "404": errors["404"],
      "409": refused("Not payable"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/invoices/{id}/send",
    summary: "E-mail an issued document with its PDF",
    parameters: id,
    // The route maps copyToMe onto the form's `copy` before sendSchema parses it.
    request: {
      body: jsonContent(
        z.object({
          to: z.string().max(5000).optional().describe("Addresses; the client's by default"),
          message: z
            .string()
            .max(1000)
            .optional()
            .describe("The sender's own short message, at the top of the e-mail"),
          copyToMe: z
            .boolean()
            .optional()
            .describe("A hidden copy (Bcc) to the signed-in user's address"),
        }),
        false,
      ),
    },
    responses: {
      "202": json(
        document.extend({
          email: z
            .object({
              id: z.string().uuid(),
              kind: z.enum(["document", "reminder"]),
              recipients: z.string(),
              status: z.enum(["queued", "sent", "failed", "skipped"]),
              attempts: z.number().int(),
              lastError: z.string().nullable(),
              createdAt: z.string().datetime(),
              sentAt: z.string().datetime().nullable(),
              sendAfter: z
                .string()
                .datetime()
                .nullable()
                .describe("Waiting for the hourly limit until then"),
            })
            .nullable(),
        }),
        "The e-mail is recorded and handed to the queue, which sends it with the PDF and tries again when the mail server fails: the document and the e-mail with its state; sentAt and sentTo are set once it is sent",
      ),
      "400": errors["400"],
      "404": errors["404"],
      "409": refused("Not issued"),
      "429": refused("The company's hourly limit of e-mails is reached; nothing was recorded"),
      "503": refused("The mail server refused; nothing was recorded"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/invoices/{id}/pdf",
    summary: "The PDF (an issued document's bytes never change; ETag is its SHA-256)",
    parameters: id,
    responses: {
      "200": { description: "PDF", content: { "application/pdf": { schema: UNSPECIFIED } } },
      "404": errors["404"],
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/dashboard",
    summary:
      "What /dashboard shows: revenue of the month and the year (per currency and in euro), receivables with the oldest overdue, the newest documents, the VAT threshold, the month's expenses and salaries by plan",
    responses: {
      "200": json({ type: "object" }, "The dashboard's figures (decimal strings)"),
      "401": errors["401"],
    },
  });
}
