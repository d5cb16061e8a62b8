import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { decimal, month, z } from "~/utils/zod-openapi.server";

/*
 * How a route module under app/routes/api.* describes its own calls (decision 056): next to its
 * loader and action, `export const openapi = describeApi(() => ({ get: {...}, post: {...} }))`, in zod: the request's
 * params, query and body are the schemas the route parses with, the answers the schemas beside
 * their serializers. The path is the route's own (from its file name); `openapi.ts` gathers the
 * descriptions of every route module into the document.
 */

/** One call of a route: what OpenAPI says of it (the path comes from the route, the method is its key). */
export interface ApiCall {
  summary?: string;
  description?: string;
  security?: RouteConfig["security"];
  request?: RouteConfig["request"];
  responses: RouteConfig["responses"];
}

/** A route's calls by method. */
export type ApiCalls = Partial<Record<RouteConfig["method"], ApiCall>>;

/** What a route module exports as `openapi`: its calls, or why it has none in the document. */
export type ApiDescription =
  | { readonly kind: "calls"; readonly calls: () => ApiCalls }
  | { readonly kind: "undocumented"; readonly reason: string };

/**
 * The calls of a route module. A function: the schemas are built when the document is first
 * asked for, not when the server evaluates every route module at start.
 */
export function describeApi(calls: () => ApiCalls): ApiDescription {
  return { kind: "calls", calls };
}

/** A route that answers requests but is not part of the integration API, and why. */
export function undocumented(reason: string): ApiDescription {
  return { kind: "undocumented", reason };
}

/**
 * A media type given without a schema (a PDF, a ZIP) is kept so: the generator wants a schema, so
 * it gets this marker, which the document takes out again.
 */
export const UNSPECIFIED = Object.freeze({}) as z.ZodTypeAny;

/** A JSON body of the zod schema given (required unless said). */
export function jsonContent(schema: z.ZodTypeAny, required = true) {
  return { required, content: { "application/json": { schema } } };
}

/** An answer with a JSON body of the schema given. */
export function answer(description: string, schema: z.ZodTypeAny) {
  return { description, content: { "application/json": { schema } } };
}

/** The body of every refusal: a Bulgarian message, and the field errors of a 400. */
export const errorJsonSchema = z
  .object({
    message: z.string().openapi({ example: "Невалидни данни" }),
    errors: z
      .record(z.string(), z.object({ _errors: z.array(z.string()).optional() }))
      .openapi({ example: { issueDate: { _errors: ["Датата на издаване е задължителна"] } } }),
  })
  .partial()
  .openapi("Error");

/** A refusal with the `Error` body, described. */
export function refusal(description: string) {
  return answer(description, errorJsonSchema);
}

export const errors = {
  "400": refusal("Невалидни данни: a Bulgarian message per field"),
  "401": refusal("Not signed in"),
  "404": refusal("No such document in your company"),
};

/** The `{id}` of a path. */
export const idParams = () => z.object({ id: z.string().uuid() });
/** An object the document does not detail further. */
export const anyObject = () => z.object({}).passthrough();

export { decimal, month, z };
