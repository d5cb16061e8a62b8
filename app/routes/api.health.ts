import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { checkHealth } from "~/modules/health/health.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { health, httpStatus } = await checkHealth(context.db);
  return json(health, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
}

export const openapi = undocumented(
  "The operators' health check (docs/operations.md), not the integration API",
);
