import * as build from "@remix-run/dev/server-build";
import { openApiDocument } from "~/modules/api/openapi";
import { routeFile } from "./api-routes";

/*
 * The calls the OpenAPI document describes, with the fields of their JSON bodies and query
 * strings read from the registered schemas (decision 056): the fuzz table takes its fields from
 * here, so a new endpoint is fuzzed without editing the table.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/** One documented call: its route module, method, address template and the fields it takes. */
export interface DocumentedCall {
  /** The route module's name ("api.invoices.$id"). */
  route: string;
  method: "GET" | "POST" | "PUT";
  /** "/api/invoices/{id}". */
  template: string;
  body: "json" | "query";
  /** Each field of the body (or query) with a value its schema accepts. */
  fields: Record<string, unknown>;
}

const components = (openApiDocument(build.routes).components?.schemas ?? {}) as Record<
  string,
  Schema
>;

function resolve(schema: Schema): Schema {
  return schema.$ref ? resolve(components[schema.$ref.split("/").pop()!] ?? {}) : schema;
}

/** The properties of an object schema, through $ref and allOf. */
function propertiesOf(schema: Schema): Record<string, Schema> {
  const resolved = resolve(schema);
  return Object.assign(
    {},
    ...(resolved.allOf ?? []).map(propertiesOf),
    ...(resolved.anyOf ?? resolved.oneOf ?? []).slice(0, 1).map(propertiesOf),
    resolved.properties ?? {},
  );
}

/** A value the schema accepts, from its example, default or type. */
export function sampleOf(input: Schema): unknown {
  const schema = resolve(input);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  const firstEnum = schema.enum?.find((value) => value !== null);
  if (firstEnum !== undefined) return firstEnum;
  const choice = (schema.anyOf ?? schema.oneOf)?.find((option) => resolve(option).type !== "null");
  if (choice) return sampleOf(choice);
  if (schema.allOf || schema.properties) {
    return Object.fromEntries(
      Object.entries(propertiesOf(schema)).map(([key, value]) => [key, sampleOf(value)]),
    );
  }
  const type = [schema.type].flat().find((t) => t !== "null");
  switch (type) {
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return schema.items ? [sampleOf(schema.items)] : [];
    case "object":
      return {};
    default:
      return (
        {
          date: "2026-11-20",
          "date-time": "2026-11-20T10:00:00Z",
          uuid: "00000000-0000-4000-8000-000000000000",
          email: "fuzz@example.bg",
        }[schema.format ?? ""] ?? "Тест"
      );
  }
}

type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every documented GET with a query and every POST or PUT with a JSON body, with its fields. */
export function documentedCalls(): DocumentedCall[] {
  const calls: DocumentedCall[] = [];
  for (const [template, item] of Object.entries(openApiDocument(build.routes).paths)) {
    const file = routeFile(template);
    if (!file) continue;
    const route = file.replace(/\.tsx?$/, "").replace(/\/route$/, "");
    for (const method of ["get", "post", "put"] as const) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const json = operation.requestBody?.content?.["application/json"]?.schema;
      const query = (operation.parameters ?? []).filter((p) => p.in === "query");
      if (method !== "get" && json) {
        const fields = Object.fromEntries(
          Object.entries(propertiesOf(json)).map(([key, schema]) => [key, sampleOf(schema)]),
        );
        calls.push({
          route,
          method: method.toUpperCase() as "POST",
          template,
          body: "json",
          fields,
        });
      } else if (method === "get" && query.length > 0) {
        const fields = Object.fromEntries(
          query.map((p) => [p.name, p.schema ? sampleOf(p.schema) : "x"]),
        );
        calls.push({ route, method: "GET", template, body: "query", fields });
      }
    }
  }
  return calls;
}
