/**
 * The OpenAPI 3.1 description of the integration API, served at GET /api/openapi.json: gathered
 * from the route modules (each describes its own calls, `describe.ts`) and generated from their
 * zod schemas (decision 056). openapi.test.ts checks that it is a valid OpenAPI 3.1 document and
 * that every API route module either describes its calls or says why not.
 */

import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { type ApiDescription, UNSPECIFIED } from "./describe";

/** The route modules as Remix's server build lists them (`build.routes`). */
export type RouteModules = Readonly<Record<string, { readonly module: unknown }>>;

type OpenApiDocument = ReturnType<typeof build>;
const built = new WeakMap<RouteModules, OpenApiDocument>();

/**
 * The document of the route modules given, generated on its first use (GET /api/openapi.json,
 * the tests), not when the server starts: the server's build evaluates every route module at start.
 */
export function openApiDocument(routes: RouteModules): OpenApiDocument {
  let document = built.get(routes);
  if (!document) {
    document = build(routes);
    built.set(routes, document);
  }
  return document;
}

/** The description a route module exports as `openapi`, if it is one. */
export function apiDescriptionOf(module: unknown): ApiDescription | undefined {
  const openapi = (module as { openapi?: ApiDescription } | null)?.openapi;
  return openapi && (openapi.kind === "calls" || openapi.kind === "undocumented")
    ? openapi
    : undefined;
}

/**
 * The address of a route module's id in the document: "routes/api.invoices.$id.issue" →
 * "/api/invoices/{id}/issue"; `[.]` is a dot, a trailing `_` (out of the parent's layout) goes.
 */
export function apiPathOf(routeId: string): string {
  const name = routeId.replace(/^routes\//, "").replace(/\/route$/, "");
  const segments = name.split(/\.(?![^[]*\])/);
  return `/${segments
    .map((segment) => segment.replace(/_$/, "").replace(/\[\.\]/g, "."))
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment))
    .join("/")}`;
}

function build(routes: RouteModules) {
  const registry = new OpenAPIRegistry();
  const ids = Object.keys(routes)
    .filter((id) => id.startsWith("routes/api."))
    .sort();
  for (const id of ids) {
    const description = apiDescriptionOf(routes[id]!.module);
    if (description?.kind !== "calls") continue;
    const path = apiPathOf(id);
    for (const [method, call] of Object.entries(description.calls()))
      registry.registerPath({ ...call, method, path } as RouteConfig);
  }
  registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "__session",
  });

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Сметка API",
      version: "1.0.0",
      description:
        "Clients, Bulgarian tax documents (invoices, proformas, credit and debit notes) expenses (purchase documents with receipts; standard plan), employees and salaries (full plan). Amounts are decimal strings with two decimals; dates are YYYY-MM-DD. Authenticate with the session cookie or `Authorization: Bearer <token>` from POST /api/login. A call may name the company it is meant for with the header `X-Company-Id: <company id>`: when the session or token works in another company, the call is refused with 409 `{message, companyId, activeCompany: {id, name}}` and nothing is written. Error messages are in Bulgarian.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { cookie: [] }],
  });
  const NO_SCHEMA: object = UNSPECIFIED;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const responses = (operation as { responses?: Record<string, { content?: object }> })
        .responses;
      for (const response of Object.values(responses ?? {})) {
        for (const media of Object.values(response.content ?? {}) as { schema?: object }[]) {
          if (media.schema === NO_SCHEMA) delete media.schema;
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
