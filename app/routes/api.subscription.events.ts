import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { undocumented } from "~/modules/api/describe";
import { requireApiCompany } from "~/web/auth/guards.server";

export const HEARTBEAT_MS = 15_000;

/**
 * GET /api/subscription/events — server-sent events for the signed-in company only: 'connected'
 * first, a heartbeat every 15 s, and subscription_update events however many app instances
 * there are (they arrive through Postgres LISTEN/NOTIFY).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "company");
  return eventStream(
    request.signal,
    (send) => {
      const message = (data: unknown) => send({ data: JSON.stringify(data) });
      message({ type: "connected", timestamp: new Date().toISOString() });
      const unsubscribe = context.events.subscribe(companyId, (event) => message(event));
      const heartbeat = setInterval(
        () => message({ type: "heartbeat", timestamp: new Date().toISOString() }),
        HEARTBEAT_MS,
      );
      return () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}

export const openapi = undocumented("Server-sent events for the open pages, not a JSON call");
