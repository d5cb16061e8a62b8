import { MONTH } from "~/utils/periods";
import { z } from "~/utils/zod-openapi.server";

/* The answers of the periods' JSON API in zod, named as the OpenAPI document names them (decision 056). */

/** A month as GET /api/periods and the lock calls answer it. */
export const periodJsonSchema = z
  .object({
    month: z.string().regex(MONTH).describe("yyyy-MM"),
    label: z.string().describe("«септември 2026»"),
    locked: z.boolean(),
    lockedAt: z.string().datetime().nullable(),
    lockedBy: z.object({ id: z.string().uuid().nullable(), name: z.string() }).nullable(),
  })
  .openapi("Period");

/** Only the owner and the accountant lock or unlock a month, or list them. */
export const PERIODS_FORBIDDEN =
  "Only the owner and the accountant lock periods («Достъп отказан»)";
