/*
 * Locked periods in the OpenAPI registry (decision 058): the list and the two acts, generated
 * from the zod schemas the route parses with (`unlockSchema`) and answers with (`periodJsonSchema`).
 * Owner and accountant; another role is 403.
 */

import { periodJsonSchema, unlockSchema } from "~/modules/periods/schema";
import { errors, ref } from "./openapi-parts";
import { jsonContent, type OpenAPIRegistry, z } from "./registry";

const json = (schema: z.ZodTypeAny, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const forbidden = error("Only the owner and the accountant lock periods («Достъп отказан»)");
const month = [
  {
    name: "month",
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example: "2026-11" },
  },
] as never;

/** Registers GET /api/periods and POST /api/periods/{month}/lock and /unlock. */
export function registerPeriods(registry: OpenAPIRegistry) {
  const period = registry.register("Period", periodJsonSchema);
  registry.registerPath({
    method: "get",
    path: "/api/periods",
    summary: "Months with their state: this one and the 23 before it, and any older locked month",
    responses: {
      "200": json(z.object({ periods: z.array(period) }), "Newest first"),
      "401": errors["401"],
      "403": forbidden,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/periods/{month}/lock",
    summary:
      "Lock a month: no document, payment, expense, salary or bank booking dated in it is created, issued, changed or deleted (409)",
    parameters: month,
    responses: {
      "200": json(period, "The month, locked"),
      "400": error("Not a yyyy-MM month, or a month still to come"),
      "401": errors["401"],
      "403": forbidden,
      "409": error("The month is locked already"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/periods/{month}/unlock",
    summary: "Unlock a month; the reason goes to the company's audit trail",
    parameters: month,
    request: { body: jsonContent(unlockSchema) },
    responses: {
      "200": json(period, "The month, open again"),
      "400": errors["400"],
      "401": errors["401"],
      "403": forbidden,
      "409": error("The month is not locked"),
    },
  });
}
