import { z } from "~/utils/zod-openapi.server";

/* The answers of the JSON API in zod, named as the OpenAPI document names them (decision 056). */

/** One entry of the company's audit trail as GET /api/audit shows it. */
export const auditEntryJsonSchema = z
  .object({
    id: z.string(),
    createdAt: z.string().datetime(),
    action: z.string().openapi({ example: "document.issue" }),
    actionLabel: z.string().openapi({ example: "Издаден документ" }),
    actor: z.object({
      id: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      name: z.string().nullable().optional(),
      role: z.string().nullable().optional(),
      impersonatorEmail: z
        .string()
        .nullable()
        .describe("The admin, when it was done in a customer's view")
        .optional(),
    }),
    target: z.object({
      type: z.string().nullable().optional(),
      id: z.string().nullable().optional(),
      label: z.string().nullable().optional(),
    }),
    details: z
      .object({})
      .passthrough()
      .nullable()
      .describe("What changed: {field: {from, to}}")
      .optional(),
    ip: z.string().nullable().optional(),
  })
  .openapi("AuditEntry");
