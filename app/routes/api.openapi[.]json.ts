import * as build from "@remix-run/dev/server-build";
import { json } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { openApiDocument } from "~/modules/api/openapi";

/**
 * GET /api/openapi.json: the integration API, for people and code generators. Public. Gathered
 * from the route modules Remix serves (`build.routes`): each describes its own calls.
 */
export function loader() {
  return json(openApiDocument(build.routes), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}

export const openapi = undocumented("The document itself");
