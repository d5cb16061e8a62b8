import { decimal, errors, idParam } from "./openapi-parts";

/* The e-invoice part of the OpenAPI document: UBL 2.1 (EN 16931) out of an invoice, into an expense. */

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const nullableString = { type: ["string", "null"] };

export const einvoicePaths = {
  "/api/invoices/{id}/ubl": {
    parameters: [idParam],
    get: {
      summary:
        "The e-invoice: UBL 2.1 per EN 16931 (an Invoice 380, a debit note as Invoice 383, a credit note as CreditNote 381), with the PDF embedded; a Peppol BIS Billing 3.0 document when both parties have a Peppol address (a VAT number of a country on Peppol's EAS list), else plain EN 16931 — its CustomizationID says which; checked against the EN 16931 rules before it is served",
      responses: {
        "200": {
          description: "The UBL XML («Фактура-0000000001.xml» as an attachment)",
          content: { "application/xml": {} },
        },
        "401": errors["401"],
        "404": errors["404"],
        "409": error("A draft, a proforma or a cancelled document has no e-invoice"),
        "422": {
          description:
            "The document's data breaks an EN 16931 rule (e.g. reverse charge without the client's VAT number): what is missing, in Bulgarian",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["message", "problems"],
                properties: {
                  message: { type: "string" },
                  problems: {
                    type: "array",
                    items: {
                      type: "object",
                      required: ["id", "text", "message"],
                      properties: {
                        id: { type: "string", example: "BR-AE-02" },
                        text: { type: "string", description: "The rule's text in EN 16931" },
                        message: { type: "string", description: "What is missing, in Bulgarian" },
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
  },
  "/api/expenses/import-ubl": {
    post: {
      summary:
        "Reads a supplier's e-invoice (UBL 2.1 Invoice or CreditNote, at most 10 MB; a DOCTYPE is refused) into the fields of POST /api/expenses — nothing is saved",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["file"],
              properties: { file: { type: "string", format: "binary" } },
            },
          },
          "application/xml": { schema: { type: "string" } },
        },
      },
      responses: {
        "200": {
          description:
            "The expense's fields (amounts per VAT rate from the VAT breakdown: 20, 9, 0 for zero-rated, intra-Community, export and reverse charge, null for exempt and outside the scope) and what to check",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["expense", "warnings", "attachment"],
                properties: {
                  expense: {
                    type: "object",
                    properties: {
                      supplierName: { type: "string" },
                      supplierEik: nullableString,
                      supplierVatNumber: nullableString,
                      supplierCompanyId: {
                        ...nullableString,
                        description:
                          "A foreign supplier's registration number (PartyLegalEntity/CompanyID); a Bulgarian supplier's is supplierEik",
                      },
                      supplierAddress: nullableString,
                      documentType: { enum: ["invoice", "credit_note", "debit_note"] },
                      documentNumber: { type: "string" },
                      documentDate: { type: "string", format: "date" },
                      taxEventDate: { type: ["string", "null"], format: "date" },
                      dueDate: { type: ["string", "null"], format: "date" },
                      currency: { type: "string", example: "EUR" },
                      eurRate: {
                        ...decimal(
                          "0.13408061",
                          "EUR per unit: the ECB's reference rate of the e-invoice's tax point (or issue) date, or the last one before it; null for EUR and BGN or when the ECB has none",
                        ),
                        type: ["string", "null"],
                      },
                      eurRateNote: {
                        type: ["string", "null"],
                        example: "Курс на ЕЦБ от 27.11.2026: 1 EUR = 7,4582 DKK",
                      },
                      description: { type: "string" },
                      amounts: {
                        type: "array",
                        items: {
                          type: "object",
                          properties: {
                            vatRate: { type: ["integer", "null"], enum: [20, 9, 0, null] },
                            base: decimal("100.00"),
                            vat: decimal("20.00"),
                          },
                        },
                      },
                    },
                  },
                  warnings: { type: "array", items: { type: "string" } },
                  attachment: {
                    type: ["object", "null"],
                    description:
                      "The PDF the e-invoice embeds (at most 5 MB, starting with %PDF), to attach with POST /api/expenses/{id}/attachments; null when it has none",
                    properties: {
                      fileName: { type: "string" },
                      contentType: { enum: ["application/pdf"] },
                      size: { type: "integer" },
                      content: { type: "string", format: "byte" },
                    },
                  },
                },
              },
            },
          },
        },
        "400": error(
          "Not a UBL e-invoice, not well-formed, with a DOCTYPE, or missing what an expense needs",
        ),
        "401": errors["401"],
        "403": error("The plan has no expenses"),
        "413": error("Over 10 MB"),
        "415": error("Neither multipart/form-data nor application/xml"),
        "422": error(
          "Too complex: nested deeper than 100 levels or more than 50,000 elements (checked before parsing)",
        ),
        "503": error("The e-invoice readers are busy or the reading overran; Retry-After is set"),
      },
    },
  },
};
