import { z } from "~/utils/zod-openapi.server";

/* The answers of the JSON API in zod, named as the OpenAPI document names them (decision 056). */

/** A whole-company export as the API shows it. */
export const companyExportJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    state: z.enum(["queued", "running", "ready", "failed", "expired"]).optional(),
    part: z
      .string()
      .nullable()
      .describe("What the build is writing now (running), in Bulgarian")
      .optional(),
    documentsDone: z.number().int().optional(),
    documentsTotal: z
      .number()
      .int()
      .describe("Issued and cancelled documents to write as PDF (and UBL)")
      .optional(),
    percent: z.number().int().min(0).max(100).optional(),
    files: z.number().int().describe("Files in the ZIP so far").optional(),
    sizeBytes: z.number().int().nullable().optional(),
    error: z.string().nullable().optional(),
    createdAt: z.string().datetime().optional(),
    readyAt: z.string().datetime().nullable().optional(),
    expiresAt: z
      .string()
      .datetime()
      .nullable()
      .describe(
        "When the ZIP is deleted: 30 days after it was ready, and not before the account's pending deletion",
      )
      .optional(),
    statusUrl: z.string().openapi({ example: "/api/export/0b9e…" }).optional(),
    downloadUrl: z
      .string()
      .nullable()
      .describe("Once ready: GET it with the same cookie or bearer token")
      .optional(),
  })
  .openapi("CompanyExport");
