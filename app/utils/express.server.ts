import { randomBytes, randomUUID } from "node:crypto";
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import type express from "express";
import { requestBegan } from "./activity.server";
import { BodyTooLargeError, bodyLimitFor, limitStream, refusedBodyKind } from "./body-limit.server";
import { routeGroups } from "./route-groups.server";
import { wholeBodyOf } from "./whole-body.server";

/*
 * The HTTP edge between Express and Remix: what @remix-run/express does, plus what it cannot —
 * request bodies counted against a limit while they stream in (a declared Content-Length over it
 * is refused before reading), a request id and a CSP nonce per request, and the security headers.
 */

export interface BodyLimits {
  /** JSON and url-encoded forms. */
  body: number;
  /** multipart/form-data uploads; each route also limits its parts (files). */
  upload: number;
}

export interface EdgeLocals {
  requestId: string;
  cspNonce: string;
}

const locals = (res: express.Response) => res.locals as EdgeLocals;

/** Gives every request an id (logs, X-Request-Id) and a nonce for the page's inline scripts. */
export function assignRequestIds(
  _req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  locals(res).requestId = randomUUID().slice(0, 8);
  locals(res).cspNonce = randomBytes(16).toString("base64");
  res.setHeader("X-Request-Id", locals(res).requestId);
  next();
}

/** Headers every response carries; HSTS only when the public address is https. */
export function securityHeaders(options: { hsts: boolean }) {
  return (_req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (options.hsts)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * The Content-Security-Policy of an HTML page: inline scripts only with this request's nonce
 * (Remix's inline scripts carry it), script files from this origin (Remix's modulepreload links
 * carry no nonce) and the hosts given (reCAPTCHA when configured); nothing may frame the app.
 * Styles allow inline attributes (React style props).
 */
export function contentSecurityPolicy(
  nonce: string,
  extra: { scripts?: string[]; frames?: string[]; forms?: string[] } = {},
) {
  const more = (list?: string[]) => (list?.length ? ` ${list.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${more(extra.scripts)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self'${more(extra.frames)}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${more(extra.forms)}`,
  ].join("; ");
}

const HAS_BODY = (method: string) => method !== "GET" && method !== "HEAD";

const carriesBody = (req: express.Request) =>
  Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;

/**
 * Bodies refused before a byte of them is read: one of a kind the route does not take (415:
 * multipart outside the routes that take files, anything but a form to a page), and a declared
 * Content-Length over the route's limit (413). The connection is closed, the body left unread.
 */
export function refuseOversizedBodies(limits: BodyLimits) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!HAS_BODY(req.method) || !carriesBody(req)) return next();
    const type = req.headers["content-type"];
    const refused = refusedBodyKind(type, req.path);
    if (refused) return refuseBody(req, res, 415, refused);
    const limit = bodyLimitFor(type, req.path, limits);
    const length = Number(req.headers["content-length"] ?? Number.NaN);
    if (!(length > limit)) return next();
    refuseBody(req, res, 413, new BodyTooLargeError(limit).message);
  };
}

function refuseBody(req: express.Request, res: express.Response, status: number, message: string) {
  res.setHeader("Connection", "close");
  res.status(status);
  if (req.path.startsWith("/api/")) {
    res.json({ message });
    return;
  }
  res.type("html").send(refusalPage(status, message));
}

const REFUSAL_TITLES: Record<number, string> = {
  403: "Заявката е отказана",
  413: "Заявката е твърде голяма",
  415: "Неподдържан вид на заявката",
};

function refusalPage(status: number, message: string) {
  const title = REFUSAL_TITLES[status] ?? "Невалидна заявка";
  const hint =
    status === 413
      ? "Върнете се назад и изпратете по-малко данни или по-малък файл."
      : "Върнете се назад и изпратете формуляра от страницата.";
  return `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Сметка</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><p>${status}</p><h1>${title}</h1><p>${message}</p><p>${hint}</p><p><a href="/">Към началната страница</a></p></body></html>`;
}

/**
 * Cookie-authenticated changes must come from our own pages: a POST/PUT/DELETE whose
 * browser says it is cross-site (Sec-Fetch-Site) or whose Origin is another host is refused.
 * `Origin: null` (a sandboxed frame, a file on disk, a form after a cross-site redirect) is no
 * page of ours either: refused the same way, where Remix's own check would have answered 500.
 * Bearer-token API calls carry no ambient credentials and are exempt.
 */
export function refuseCrossSiteMutations(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.headers.authorization?.startsWith("Bearer ")) return next();
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
  const otherOrigin = origin !== undefined && hostOf(origin) !== req.headers.host;
  if (crossSite || otherOrigin) {
    res.status(403);
    if (req.path.startsWith("/api/")) res.json({ message: CROSS_SITE_MESSAGE });
    else res.type("html").send(refusalPage(403, CROSS_SITE_MESSAGE));
    return;
  }
  next();
}

const CROSS_SITE_MESSAGE = "Заявката е отказана: изпратена е от друг сайт или без адрес на сайта.";

/** The host of an Origin header; null for `null` and anything that is not an address. */
function hostOf(origin: string): string | null {
  if (origin === "null") return null;
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** A NUL byte anywhere in the address is refused: it never belongs in a path or a query. */
export function refuseNulInUrl(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
  if (!/%00|\u0000/i.test(req.originalUrl)) return next();
  const message = "Невалиден адрес: съдържа недопустими символи.";
  res.status(400);
  if (req.path.startsWith("/api/")) res.json({ message });
  else res.type("text/plain; charset=utf-8").send(message);
}

/**
 * Counts a person's request from its start to its answer's end (activity.server.ts), so that
 * background work yields to it. An event stream (SSE) stays open waiting for nothing: not counted.
 */
export function countPeoplesRequests(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (/text\/event-stream/i.test(req.headers.accept ?? "")) return next();
  const ended = requestBegan();
  res.on("finish", ended);
  res.on("close", ended);
  next();
}

/** Remix's request handler for Express, with the body limit and the CSP of HTML answers. */
export function remixHandler(options: {
  build: ServerBuild;
  limits: BodyLimits;
  getLoadContext: (req: express.Request, edge: EdgeLocals) => AppLoadContext;
  csp: (nonce: string) => string;
  /** Told of every answer Remix gave (the audit of impersonated requests); its failure is logged. */
  onAnswer?: (context: AppLoadContext, request: Request, status: number) => Promise<void>;
}) {
  // Pages are matched among the routes of their first path segment, the JSON API among those of
  // its first two (route-groups.server.ts).
  const { buildFor } = routeGroups(options.build, { bySecond: ["api"] });
  const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (build: ServerBuild) => {
    let handle = handlers.get(build);
    if (!handle) {
      handle = createRequestHandler(build, build.mode);
      handlers.set(build, handle);
    }
    return handle;
  };
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      const edge = locals(res);
      const limit = bodyLimitFor(req.headers["content-type"], req.path, options.limits);
      const request = remixRequest(req, res, limit);
      const context = options.getLoadContext(req, edge);
      const handle = handlerFor(buildFor(new URL(request.url).pathname));
      const response = await handle(request, context);
      options
        .onAnswer?.(context, request, response.status)
        .catch((error) => console.error(`[${edge.requestId}] Recording the answer failed:`, error));
      if (/^text\/html/i.test(response.headers.get("Content-Type") ?? "")) {
        response.headers.set("Content-Security-Policy", options.csp(edge.cspNonce));
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function remixRequest(req: express.Request, res: express.Response, limit: number): Request {
  const host = req.get("X-Forwarded-Host") ?? req.get("host") ?? "localhost";
  const port = host.split(":")[1];
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`,
  );
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (HAS_BODY(req.method)) {
    const limited = limitStream(limit);
    req.on("error", (error) => limited.destroy(error));
    init.body = createReadableStreamFromReadable(req.pipe(limited));
    init.duplex = "half";
  }
  // Abort the loaders and actions once the answer can no longer be written.
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

// Pages and JSON answers are whole when Remix hands them over (entry.server renders the document
// before it answers): they leave in one write with their length, not as a chunked stream that
// ends in a second write (bench ladder, #17). Event streams, files and exports stream as they are.
const WHOLE_ANSWERS = /^(text\/html|application\/(problem\+)?json)\b/i;

async function sendResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A page's own policy replaces the default one (the client portal's same-origin, decision 069).
    if (key === "referrer-policy") res.setHeader(key, value);
    else res.append(key, value);
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (/text\/event-stream/i.test(type)) res.flushHeaders();
  const whole = wholeBodyOf(response);
  if (!response.body) res.end();
  else if (whole) {
    // A page rendered whole (entry.server): its bytes as they were encoded.
    res.setHeader("Content-Length", whole.byteLength);
    res.end(whole);
  } else if (WHOLE_ANSWERS.test(type)) {
    const body = new Uint8Array(await response.arrayBuffer());
    res.setHeader("Content-Length", body.byteLength);
    res.end(body);
  } else await writeReadableStreamToWritable(response.body, res);
}
