import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/*
 * The one registry the OpenAPI document is generated from (decision 056). Request bodies and
 * parameters are the zod schemas the route modules parse with; answers are zod schemas next to
 * the serializers (`json.server.ts`) where written, raw JSON Schema components elsewhere.
 */

// `.openapi()` on zod types, which the registry uses to name a schema: server-side only (this
// module never reaches the browser; the shared schemas stay plain zod).
extendZodWithOpenApi(z);

type Method = RouteConfig["method"];
type Operation = Omit<RouteConfig, "method" | "path">;
/** A hand-written path item: operations by method, and parameters shared by them. */
export type RawPathItem = { parameters?: readonly unknown[] } & Partial<
  Record<Method, Record<string, unknown>>
>;

/**
 * Registers hand-written path items (JSON Schema) as routes: the parameters of a path go into
 * each of its operations, which the generated document lists per operation.
 */
export function registerRawPaths(registry: OpenAPIRegistry, paths: Record<string, RawPathItem>) {
  for (const [path, item] of Object.entries(paths)) {
    const { parameters = [], ...operations } = item;
    for (const [method, operation] of Object.entries(operations)) {
      const op = withSchemas(operation) as unknown as Operation & { parameters?: unknown[] };
      const all = [...parameters, ...(op.parameters ?? [])];
      registry.registerPath({
        ...op,
        ...(all.length > 0 && { parameters: all as Operation["parameters"] }),
        method: method as Method,
        path,
      });
    }
  }
}

/**
 * A media type given without a schema (a PDF, a ZIP) is kept so: the generator wants a schema, so
 * it gets this marker, which `generate` takes out again.
 */
export const UNSPECIFIED = Object.freeze({}) as z.ZodTypeAny;
const NO_SCHEMA: object = UNSPECIFIED;
function withSchemas(operation: Record<string, unknown>) {
  const responses = operation.responses as Record<string, { content?: Record<string, object> }>;
  const fixed = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      response.content
        ? {
            ...response,
            content: Object.fromEntries(
              Object.entries(response.content).map(([type, media]) => [
                type,
                "schema" in media ? media : { ...media, schema: NO_SCHEMA },
              ]),
            ),
          }
        : response,
    ]),
  );
  return { ...operation, responses: fixed };
}

/** The OpenAPI 3.1 document of the registry, with `config` (info, servers, security) on top. */
export function generate(
  registry: OpenAPIRegistry,
  config: Parameters<OpenApiGeneratorV31["generateDocument"]>[0],
) {
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument(config);
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const response of Object.values(
        (operation as { responses?: Record<string, { content?: Record<string, object> }> })
          .responses ?? {},
      )) {
        for (const media of Object.values(response.content ?? {})) {
          if ((media as { schema?: object }).schema === NO_SCHEMA)
            delete (media as { schema?: object }).schema;
        }
      }
    }
  }
  // The generator adds empty webhooks and parameters; the API has neither.
  if (Object.keys(document.webhooks ?? {}).length === 0) delete document.webhooks;
  if (Object.keys(document.components?.parameters ?? {}).length === 0)
    delete document.components?.parameters;
  return document as typeof document & { paths: NonNullable<typeof document.paths> };
}

/** Registers hand-written JSON Schema components under their names. */
export function registerRawSchemas(registry: OpenAPIRegistry, schemas: Record<string, object>) {
  for (const [name, schema] of Object.entries(schemas)) {
    registry.registerComponent("schemas", name, schema as never);
  }
}

/** A JSON body of the zod schema given (required unless said). */
export function jsonContent(schema: z.ZodTypeAny | object, required = true) {
  return { required, content: { "application/json": { schema: schema as z.ZodTypeAny } } };
}

export { OpenAPIRegistry, z };
