import { z } from "~/utils/zod-openapi.server";

/* The answers of the JSON API in zod, named as the OpenAPI document names them (decision 056). */

/** A member of the company's team as the API shows it. */
export const memberJsonSchema = z
  .object({
    userId: z.string().uuid(),
    email: z.string().email(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(["owner", "accountant", "staff", "viewer"]),
    roleLabel: z.string().openapi({ example: "Счетоводител" }),
    ownDocumentsOnly: z.boolean().describe("Staff who see and change only the documents they made"),
    joinedAt: z.string().datetime().optional(),
  })
  .openapi("Member");

/** An invitation to the team as the API shows it. */
export const invitationJsonSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string().email(),
    role: z.enum(["accountant", "staff", "viewer"]),
    roleLabel: z.string().optional(),
    ownDocumentsOnly: z.boolean().optional(),
    createdAt: z.string().datetime().optional(),
    expiresAt: z.string().datetime().describe("14 days after it was made"),
    state: z.enum(["live", "accepted", "expired", "revoked"]),
    stateLabel: z.string().openapi({ example: "Поканен" }),
  })
  .openapi("Invitation");

/** A company the user works in, as GET /api/companies shows it. */
export const loginCompanyJsonSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    eik: z.string().optional(),
    role: z.enum(["owner", "accountant", "staff", "viewer"]),
    roleLabel: z.string().optional(),
    ownDocumentsOnly: z.boolean().optional(),
    active: z.boolean().describe("The company this session works in"),
  })
  .openapi("LoginCompany");
