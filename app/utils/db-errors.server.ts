/**
 * Database failures that are not the request's fault: the connection was cut (a restart, a
 * failover, pg_terminate_backend, a network cut), the server refuses connections, or the
 * database is gone. They answer 503 ("try again"), never 500, and the app recovers by itself:
 * the pool drops the broken client and the next request opens a new connection.
 */

// SQLSTATE classes and codes: 08 connection exception, 57P01–57P03 shutdown / cannot connect
// now, 53300 too many connections, 3D000 the database does not exist (dropped or not created).
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);
// 55000 (object not in prerequisite state) is also an ordinary statement's error; only as a
// FATAL at connection time does it mean the database refuses connections (ALLOW_CONNECTIONS false).
const REFUSING_CODES = new Set(["55000"]);
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /connection is closed/i,
  /PGlite is closed/i,
  /is not currently accepting connections/i,
];

/** True when the error means the database cannot be reached right now (answer 503). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, severity, message, cause, errors } = error as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || NETWORK_CODES.has(code)) {
      return true;
    }
    if (REFUSING_CODES.has(code) && severity === "FATAL") return true;
  }
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
    return true;
  }
  // Node's AggregateError (every address of a host refused) and wrapped causes.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
