import { json } from "@remix-run/node";
import type { AnyZodObject, ZodTypeAny, z } from "zod";
import { isBodyTooLarge } from "./body-limit.server";
import { AppError } from "./errors";

/**
 * A refusal the route returns rather than throws (a thrown Response draws the error page): an
 * action's page is drawn again with it as the action's data, the form as typed beside it. The
 * route guard turns it into the returned answer (issue #41 item 1: the form's company).
 */
export class ReturnedAnswer extends Error {
  override name = "ReturnedAnswer";
  constructor(public response: Response) {
    super(`Answered ${response.status}`);
  }
}

/** The API's generic answers, in Bulgarian like every message it gives. */
export const API_MESSAGES = {
  unavailable: "Услугата е временно недостъпна. Опитайте отново след малко.",
  unexpected: "Възникна неочаквана грешка. Опитайте отново след малко.",
  notJson: "Невалидна заявка: очаква се JSON",
  notJsonType: "Неподдържан вид на заявката: изпратете JSON с Content-Type: application/json",
  invalid: "Невалидни данни",
  notFound: "Няма такъв адрес в API",
  methodNotAllowed: "Методът не е разрешен",
} as const;

/** The spec's own English message of POST /api/register's refusal (§7); every other is Bulgarian. */
export const SPEC_INVALID_DATA = "Invalid data";

/** JSON error answer of the API: {message}, plus field errors in zod's {_errors} shape when given. */
export function jsonError(
  message: string,
  status: number,
  fieldErrors?: Record<string, string | string[]>,
  headers?: HeadersInit,
) {
  const errors = fieldErrors
    ? Object.fromEntries(
        Object.entries(fieldErrors).map(([field, value]) => [
          field,
          { _errors: Array.isArray(value) ? value : [value] },
        ]),
      )
    : undefined;
  return json(errors ? { message, errors } : { message }, { status, headers });
}

/**
 * Reads a JSON body; null when the body is not JSON (the caller answers 400). A body is read as
 * JSON only when it says it is (`application/json` or `…+json`): another type is answered 415,
 * so that a form another site posts as `text/plain` is never taken for a call (issue #43).
 */
export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  if (!isJsonType(request.headers.get("content-type"))) {
    throw jsonError(API_MESSAGES.notJsonType, 415);
  }
  try {
    const body = await request.json();
    return body && typeof body === "object" && !Array.isArray(body) ? body : null;
  } catch (error) {
    // A body over the limit is 413 (route-guard), not "not JSON".
    if (isBodyTooLarge(error)) throw error;
    return null;
  }
}

// Characters a browser drops or rewrites in a URL (TAB, CR, LF, other controls) or reads as "/"
// (backslash): "/\t/evil.test" arrives as "//evil.test", another site.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const URL_TRICKS = /[\u0000-\u001F\u007F\\]/;
const SAME_ORIGIN = "http://same-origin.invalid";
// A path of this site: one "/" and then anything but a second "/" or "\" ("//host" is another site).
const ONE_SLASH = /^\/(?![/\\])/;

/** The text as the browser resolves it on this site (dot segments gone), or null when it leaves it. */
function resolvedPath(text: string): string | null {
  if (!ONE_SLASH.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, SAME_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN) return null;
  // "/.//evil.test" and "/%2e/..//evil.test" only become "//evil.test" here, after the dot segments.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return ONE_SLASH.test(path) ? path : null;
}

/**
 * The one check for every redirect and back link built from what a client sent: a path of this
 * site, normalised as the browser reads it (dot segments resolved), starting with exactly one "/";
 * anything else (another host, tricks with encoded, dropped or dot-segment characters) gives the
 * fallback. The path is checked as sent and percent-decoded once, and so is the answer: a proxy
 * or a router that decodes it once more must find this site too ("/%2E/%2f%2e." resolves to
 * "/%2f%2e.", which decodes to "//..", a host).
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
) {
  if (!to || typeof to !== "string" || to.length > 2000 || !onThisSite(to)) return fallback;
  const path = resolvedPath(to);
  return path && onThisSite(path) ? path : fallback;
}

/** A path of this site as sent and once percent-decoded, with no control character or "\\". */
function onThisSite(text: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return false;
  }
  if (URL_TRICKS.test(text) || URL_TRICKS.test(decoded)) return false;
  return resolvedPath(text) !== null && resolvedPath(decoded) !== null;
}

/** 405 for a method an API path does not take. */
export function methodNotAllowed(allowed: string) {
  return json(
    { message: API_MESSAGES.methodNotAllowed },
    { status: 405, headers: { Allow: allowed } },
  );
}

/** zod's error.format() shape without the root entry: {field: {_errors: [...]}}, each message once. */
export function formatFieldErrors(
  format: Record<string, unknown>,
): Record<string, { _errors: string[] }> {
  const dedupe = (node: unknown): unknown => {
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === "_errors" && Array.isArray(value) ? [...new Set(value)] : dedupe(value),
      ]),
    );
  };
  const { _errors: _root, ...fields } = dedupe(format) as { _errors?: string[] } & Record<
    string,
    { _errors: string[] }
  >;
  return fields;
}

const isJsonType = (type: string | null) =>
  type !== null && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());

/**
 * The JSON body validated by a zod schema; otherwise throws the API's 400 answer:
 * {message} for a body that is not JSON, {message: «Невалидни данни», errors} for bad fields.
 */
export async function parseJsonBody<T extends ZodTypeAny>(
  request: Request,
  schema: T,
  /** prepare: the body as the schema reads it (may look things up: the ECB's rate, decision 051). */
  options: { prepare?: (body: Record<string, unknown>) => unknown; invalidMessage?: string } = {},
): Promise<{ data: z.infer<T>; body: Record<string, unknown> }> {
  const body = await readJson(request);
  if (!body) throw jsonError(API_MESSAGES.notJson, 400);
  const parsed = schema.safeParse(options.prepare ? await options.prepare(body) : body);
  if (!parsed.success) {
    throw json(
      {
        message: options.invalidMessage ?? API_MESSAGES.invalid,
        errors: formatFieldErrors(parsed.error.format()),
      },
      { status: 400 },
    );
  }
  return { data: parsed.data, body };
}

/**
 * A call's query string checked by the schema it is described with (decision 056): each of the
 * schema's keys, its first value, a blank one as absent; other keys are not read. Otherwise
 * throws the API's 400 answer, {message: «Невалидни данни», errors}, as for a body.
 */
export function parseQuery<T extends AnyZodObject>(url: URL, schema: T): z.infer<T> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query[key] = value;
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw json(
      { message: API_MESSAGES.invalid, errors: formatFieldErrors(parsed.error.format()) },
      { status: 400 },
    );
  }
  return parsed.data;
}

/**
 * A domain refusal (AppError) as the API answers it: 400 «Невалидни данни» with the field errors;
 * another status (409 taken, 413 too large) with its own message and the field errors; or
 * {message} with its status. Anything else is rethrown (the route guard answers it).
 */
export function apiErrorResponse(error: unknown, invalidMessage: string = API_MESSAGES.invalid) {
  if (!(error instanceof AppError)) throw error;
  if (!error.fields) return jsonError(error.message, error.status, undefined, error.headers);
  return jsonError(
    error.status === 400 ? invalidMessage : error.message,
    error.status,
    error.fields,
    error.headers,
  );
}
