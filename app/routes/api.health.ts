import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { checkHealth } from "~/modules/health/health.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { health, httpStatus } = await checkHealth(context.db);
  return json(health, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
}
