import path from "node:path";
import * as build from "@remix-run/dev/server-build";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ROUTES, routeFile } from "../../../tests/setup/api-routes";
import { openApiDocument } from "./openapi";

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
});
