import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { requireApiCompany } from "~/web/auth/guards.server";

/** GET /api/subscription/events/test — what a browser runs after a stream error. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiCompany(request, context, "company");
  return json(
    {
      success: true,
      data: {
        listening: context.events.connected(),
        openStreams: context.events.size(),
        timestamp: new Date().toISOString(),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const openapi = undocumented(
  "The pages' check after a broken event stream, not the integration API",
);
