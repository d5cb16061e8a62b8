import type { ServerBuild } from "@remix-run/node";
import { isBodyTooLarge } from "./body-limit.server";
import { isDatabaseUnavailable } from "./db-errors.server";
import { API_MESSAGES, AppError, jsonError } from "./http.server";

type DataFunction = (args: {
  request: Request;
  params: unknown;
  context: { requestId?: string };
}) => unknown;

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/**
 * What a loader's or action's failure becomes, in one place for every route:
 * - the database cannot be reached → 503 (the Bulgarian error page, or JSON under /api);
 * - a body over the limit (found while reading it) → 413;
 * - a domain refusal (AppError) no route answered → its status and message;
 * - anything else under /api → JSON 500 with a generic Bulgarian message, logged with the request
 *   id (pages keep Remix's ErrorBoundary, which shows the same message as HTML).
 * Thrown Responses (redirects, 404s, validation answers) pass through untouched.
 */
export function guardFailure(error: unknown, request: Request, requestId = "-"): never | Response {
  if (error instanceof Response) throw error;
  const api = isApi(request);
  const where = `${request.method} ${new URL(request.url).pathname} [${requestId}]`;
  if (isBodyTooLarge(error)) {
    const { message } = error as Error;
    if (api) return jsonError(message, 413, undefined, { Connection: "close" });
    throw new Response(message, { status: 413, headers: { Connection: "close" } });
  }
  // A domain refusal that reached the route unanswered still says its message and status.
  if (error instanceof AppError) {
    if (api) return jsonError(error.message, error.status, undefined, error.headers);
    throw new Response(error.message, { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`Database unavailable in ${where}: ${(error as Error).message}`);
    if (api) return jsonError(API_MESSAGES.unavailable, 503, undefined, { "Retry-After": "5" });
    throw new Response(API_MESSAGES.unavailable, { status: 503, headers: { "Retry-After": "5" } });
  }
  if (api && !request.signal.aborted) {
    console.error(`Error in ${where}:`, error);
    return jsonError(API_MESSAGES.unexpected, 500);
  }
  throw error;
}

function guard<T extends DataFunction>(fn: T): T {
  return (async (args: Parameters<T>[0]) => {
    try {
      return await fn(args);
    } catch (error) {
      return guardFailure(error, args.request, args.context.requestId);
    }
  }) as T;
}

/** The build with every loader and action wrapped by guardFailure. */
export function guardBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module } as typeof route.module;
    if (module.loader) module.loader = guard(module.loader as DataFunction) as typeof module.loader;
    if (module.action) module.action = guard(module.action as DataFunction) as typeof module.action;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
