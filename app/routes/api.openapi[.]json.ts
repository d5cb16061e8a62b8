import { json } from "@remix-run/node";
import { openApiDocument } from "~/modules/api/openapi";

/** GET /api/openapi.json: the integration API, for people and code generators. Public. */
export function loader() {
  return json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
