import path from "node:path";
import * as build from "@remix-run/dev/server-build";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import * as documentRoute from "~/routes/api.openapi[.]json";
import { ROUTES, routeFile } from "../../../tests/setup/api-routes";
import { apiDescriptionOf, apiPathOf, openApiDocument } from "./openapi";

const openapi = openApiDocument(build.routes);

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 description", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openapi) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names only calls that exist: each path has a route module with a loader (GET) or an action", async () => {
    const missing: string[] = [];
    for (const [apiPath, item] of Object.entries(openapi.paths)) {
      const file = routeFile(apiPath);
      if (!file) {
        missing.push(`${apiPath}: no route module`);
        continue;
      }
      const module = (await import(/* @vite-ignore */ path.join(ROUTES, file))) as Record<
        string,
        unknown
      >;
      for (const method of METHODS) {
        if (!(method in (item as object))) continue;
        const handler = method === "get" ? module.loader : module.action;
        if (typeof handler !== "function")
          missing.push(
            `${method.toUpperCase()} ${apiPath}: no ${method === "get" ? "loader" : "action"}`,
          );
      }
    }
    expect(missing).toEqual([]);
  });

  it("has every API route module's word: its calls described, or why it has none", () => {
    const modules = { ...build.routes, "routes/api.openapi[.]json": { module: documentRoute } };
    const silent: string[] = [];
    for (const [id, { module }] of Object.entries(modules)) {
      const handlers = module as { loader?: unknown; action?: unknown };
      if (!id.startsWith("routes/api.") || (!handlers.loader && !handlers.action)) continue;
      const description = apiDescriptionOf(module);
      if (!description)
        silent.push(`${id}: export const openapi = describeApi(…) or undocumented(reason)`);
      else if (description.kind === "undocumented" && description.reason.trim().length < 10)
        silent.push(`${id}: the reason it is undocumented`);
      else if (description.kind === "calls" && !openapi.paths[apiPathOf(id)])
        silent.push(`${id}: describes no call`);
    }
    expect(silent).toEqual([]);
    expect(Object.keys(modules).length).toBeGreaterThan(70);
  });

  it("names each route module's path as its file does", () => {
    expect(apiPathOf("routes/api.invoices.$id.issue")).toBe("/api/invoices/{id}/issue");
    expect(apiPathOf("routes/api.salaries.month.$month_.declarations_.$form")).toBe(
      "/api/salaries/month/{month}/declarations/{form}",
    );
    expect(apiPathOf("routes/api.openapi[.]json")).toBe("/api/openapi.json");
  });

  it("is the document GET /api/openapi.json answers", async () => {
    const response = documentRoute.loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openapi)));
  });
});
