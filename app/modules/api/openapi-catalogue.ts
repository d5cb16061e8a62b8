import { errors, idParam, ref } from "./openapi-parts";

/* The catalogue (goods and services with their prices) and «Дублирай» in the OpenAPI document. */

const itemResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("CatalogueItem") } },
});
const itemBody = {
  required: true,
  content: { "application/json": { schema: ref("CatalogueItemInput") } },
};
const notFound = {
  description: "No such item in your company",
  content: { "application/json": { schema: ref("Error") } },
};

export const cataloguePaths = {
  "/api/catalogue": {
    get: {
      summary: "List the catalogue's goods and services by name (keyset pages)",
      parameters: [
        {
          name: "q",
          in: "query",
          schema: { type: "string" },
          description: "Part of the name (Bulgarian or English)",
        },
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
          description: "One page of items",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  items: { type: "array", items: ref("CatalogueItem") },
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
      summary: "Add an item to the catalogue",
      requestBody: itemBody,
      responses: {
        "201": itemResponse("The item"),
        "400": errors["400"],
        "401": errors["401"],
      },
    },
  },
  "/api/catalogue/{id}": {
    parameters: [idParam],
    get: {
      summary: "One item (archived ones too)",
      responses: { "200": itemResponse("The item"), "401": errors["401"], "404": notFound },
    },
    put: {
      summary: "Replace an item",
      requestBody: itemBody,
      responses: {
        "200": itemResponse("The item"),
        "400": errors["400"],
        "401": errors["401"],
        "404": notFound,
      },
    },
    delete: {
      summary: "Archive an item: it is no longer offered; documents keep their copied lines",
      responses: { "204": { description: "Archived" }, "401": errors["401"], "404": notFound },
    },
  },
  "/api/invoices/{id}/duplicate": {
    parameters: [idParam],
    post: {
      summary:
        "«Дублирай»: a new draft with the same client, lines, currency, notes, language, VAT ground and payment method, dated today (Europe/Sofia) with the client's payment term, no number; a credit/debit note stays a note to the same invoice. A line whose VAT rate is not in force today is copied as it is and refused when the draft is saved.",
      responses: {
        "201": {
          description: "The new draft, as GET /api/invoices/{id}",
          content: { "application/json": { schema: ref("Document") } },
        },
        "401": errors["401"],
        "404": errors["404"],
      },
    },
  },
};
