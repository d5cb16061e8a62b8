import { json, type ServerBuild } from "@remix-run/node";
import { BODY_MESSAGES, isBodyTooLarge } from "./body-limit.server";
import { isDatabaseUnavailable } from "./db-errors.server";
import { AppError, NotFoundError } from "./errors";
import { ANY_FORM, type FormAnswer } from "./forms";
import { API_MESSAGES, jsonError, methodNotAllowed, ReturnedAnswer } from "./http.server";

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
 * - a domain refusal (AppError) no route answered → its status and message (a page's form: the
 *   page again with the message at its forms, a returned answer for ANY_FORM);
 * - anything else under /api → JSON 500 with a generic Bulgarian message, logged with the request
 *   id (pages keep Remix's ErrorBoundary, which shows the same message as HTML).
 * - a record that is not there (NotFoundError) → the bare 404;
 * Thrown Responses (redirects, 404s, validation answers) pass through untouched.
 */
export function guardFailure(error: unknown, request: Request, requestId = "-"): never | Response {
  if (error instanceof Response) throw error;
  // A refusal an action answers on its own page (its data), never the error page.
  if (error instanceof ReturnedAnswer) {
    if (request.method === "GET" || request.method === "HEAD") throw error.response;
    return error.response;
  }
  // A record that is not there (decision 052): the bare 404, on pages and under /api alike.
  if (error instanceof NotFoundError) throw new Response(error.message, { status: 404 });
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
    // A page's form refused by a rule its action did not answer (issue #41 item 4): the page is
    // drawn again (in the shell) with the message at its forms, not the bare error page.
    if (request.method !== "GET" && request.method !== "HEAD" && error.status < 500) {
      const answer: FormAnswer = {
        formId: ANY_FORM,
        fieldErrors: error.fields ?? {},
        formError: error.message,
      };
      return json(answer, { status: error.status, headers: error.headers });
    }
    throw new Response(error.message, { status: error.status, headers: error.headers });
  }
  const refusal = inputRefusal(error);
  if (refusal) {
    console.warn(`Refused input in ${where}: ${(error as Error).message}`);
    if (api) return jsonError(refusal.message, refusal.status);
    throw new Response(refusal.message, { status: refusal.status });
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

const NOT_FOUND = "Не е намерено: няма такъв запис.";
const INVALID = "Невалидни данни.";
// What the database says of a value no check caught: 22P02 invalid text (a malformed uuid is
// no row: 404), 22021 bytes it cannot store (NUL), 22001 too long, 22003 out of range, 22007/22008
// not a date.
const INVALID_VALUE_CODES = new Set(["22P02", "22021", "22001", "22003", "22007", "22008"]);
// undici's words when request.formData() meets a body that is not a form, or a broken multipart.
const NOT_A_FORM = [/^Content-Type was not one of/, /^Failed to parse body as FormData/];

/**
 * The client's mistakes that reached a loader or action unanswered, as 4xx instead of 500: a body
 * that is not a form read as one (400; the edge refuses most before reading them), and a value the
 * database refused (a malformed id 404, the rest 400). Null for anything else.
 */
function inputRefusal(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof TypeError && NOT_A_FORM.some((re) => re.test(error.message))) {
    return { status: 400, message: BODY_MESSAGES.notForm };
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || !INVALID_VALUE_CODES.has(code)) return null;
  return code === "22P02" && /uuid/i.test(error.message)
    ? { status: 404, message: NOT_FOUND }
    : { status: 400, message: INVALID };
}

/** A loader or action wrapped by guardFailure, as every route's is in the server (guardBuild). */
export function guard<T extends DataFunction>(fn: T): T {
  return (async (args: Parameters<T>[0]) => {
    try {
      return await fn(args);
    } catch (error) {
      return guardFailure(error, args.request, args.context.requestId);
    }
  }) as T;
}

/**
 * What a page's loader that found nothing may answer instead (a record of another company of the
 * login: issue #41 item 1), or null for the 404 itself.
 */
export type NotFoundOffer = (
  request: Request,
  context: never,
  routeId: string,
  params: Record<string, string | undefined>,
) => Promise<Response | null>;

/** A page's loader whose 404 is first offered to `offer`. */
function offering<T extends DataFunction>(fn: T, routeId: string, offer: NotFoundOffer): T {
  return (async (args: Parameters<T>[0]) => {
    try {
      return await fn(args);
    } catch (error) {
      const notFound =
        (error instanceof Response && error.status === 404) ||
        error instanceof NotFoundError ||
        (error instanceof AppError && error.status === 404);
      if (notFound && !isApi(args.request)) {
        const answer = await offer(
          args.request,
          args.context as never,
          routeId,
          args.params as Record<string, string | undefined>,
        );
        if (answer) throw answer;
      }
      throw error;
    }
  }) as T;
}

type RouteModule = ServerBuild["routes"][string]["module"];

/**
 * A method a route does not serve (issue #43, item 8): 405 with `Allow` and a Bulgarian message,
 * JSON under /api and the error page's «Неподдържано действие» on pages — where Remix answered
 * «Unexpected Server Error» and told the page its route ids.
 */
function notServed(allow: string): DataFunction {
  return ({ request }) => {
    if (isApi(request)) return methodNotAllowed(allow);
    throw new Response(API_MESSAGES.methodNotAllowed, { status: 405, headers: { Allow: allow } });
  };
}

/**
 * What a route serves: a page GET and HEAD, and POST when it has an action (its forms post);
 * a resource route its loader's GET and HEAD, and its action's methods — POST unless the module
 * says otherwise (`export const allow = "PUT, DELETE"`); a call's own checks answer the rest.
 */
function servedMethods(module: RouteModule): { loader: boolean; allow: string } {
  const declared = (module as { allow?: unknown }).allow;
  const actionMethods = typeof declared === "string" ? declared : "POST";
  const methods = [
    ...(module.loader || module.default ? ["GET", "HEAD"] : []),
    ...(module.action ? [actionMethods] : []),
  ];
  return { loader: Boolean(module.loader || module.default), allow: methods.join(", ") };
}

/** A page's action reached with another method than its forms' POST. */
function postOnly(action: DataFunction, allow: string): DataFunction {
  const refuse = notServed(allow);
  return (args) => (args.request.method === "POST" ? action(args) : refuse(args));
}

/**
 * The build with every loader and action wrapped by guardFailure, and every method a route does
 * not serve answered 405 (`notServed`).
 */
export function guardBuild(
  build: ServerBuild,
  options: { notFound?: NotFoundOffer } = {},
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module } as typeof route.module;
    if (module.loader) {
      const loader = options.notFound
        ? offering(module.loader as DataFunction, id, options.notFound)
        : (module.loader as DataFunction);
      module.loader = guard(loader) as typeof module.loader;
    }
    const { loader, allow } = servedMethods(route.module);
    if (module.action) {
      const action = guard(module.action as DataFunction);
      // Pages' forms post; a resource route's action checks its own methods.
      module.action = (module.default ? postOnly(action, allow) : action) as typeof module.action;
    } else {
      module.action = notServed(allow) as unknown as typeof module.action;
    }
    if (!loader && !module.loader)
      module.loader = notServed(allow) as unknown as typeof module.loader;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
