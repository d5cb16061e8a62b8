import { Transform, type TransformCallback } from "node:stream";

/** A request body larger than its limit: answered 413 with this Bulgarian message. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(public limit: number) {
    super(`Заявката е твърде голяма: разрешени са най-много ${formatBytes(limit)}.`);
  }
}

/** True for a BodyTooLargeError, also when a stream reader wrapped it as a cause. */
export function isBodyTooLarge(error: unknown): error is BodyTooLargeError {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (current instanceof BodyTooLargeError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** "1 MB", "25 MB", "512 KB": a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Passes bytes through until more than `limit` have come, then fails with BodyTooLargeError. */
export function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
}

const KB = 1024;
const MB = 1024 * KB;
// Room for a form's text fields and the multipart framing around its files.
const FORM_ROOM = 256 * KB;
const ID = "[0-9a-fA-F-]{36}";

/**
 * The routes that take files, each with its own body limit (never above UPLOAD_LIMIT): only these
 * accept multipart/form-data, and each reads its body only after the session check. The sizes
 * follow the modules' file limits (tests/integration/hardening.test.ts checks they hold them).
 */
export const UPLOAD_ROUTES: readonly { path: RegExp; bytes: number; what: string }[] = [
  // Receipts: up to RECEIPTS_PER_UPLOAD (10) files of RECEIPT_MAX_BYTES (5 MB), and a UBL file.
  { path: /^\/expenses\/add\/?$/, bytes: Number.POSITIVE_INFINITY, what: "receipts, e-invoice" },
  {
    path: new RegExp(`^/expenses/edit/${ID}/?$`),
    bytes: Number.POSITIVE_INFINITY,
    what: "receipts",
  },
  { path: new RegExp(`^/expenses/${ID}/?$`), bytes: Number.POSITIVE_INFINITY, what: "receipts" },
  {
    path: new RegExp(`^/api/expenses/${ID}/attachments/?$`),
    bytes: Number.POSITIVE_INFINITY,
    what: "receipts",
  },
  // A supplier's e-invoice: UBL_MAX_BYTES (10 MB; a Peppol invoice embedding its PDF is 2–5 MB).
  { path: /^\/api\/expenses\/import-ubl\/?$/, bytes: 10 * MB + FORM_ROOM, what: "e-invoice" },
  // The company's logo and the e-mails' logo: LOGO_MAX_BYTES (1 MB).
  { path: /^\/settings\/?$/, bytes: MB + FORM_ROOM, what: "logo" },
  { path: /^\/hatterscastle\/settings\/?$/, bytes: MB + FORM_ROOM, what: "e-mail logo" },
  // A bank statement: STATEMENT_LIMITS.maxBytes (8 MB), on the page and through the API.
  { path: /^\/bank\/?$/, bytes: 8 * MB + FORM_ROOM, what: "bank statement" },
  { path: /^\/api\/bank\/statements\/?$/, bytes: 8 * MB + FORM_ROOM, what: "bank statement" },
  // Clients from a file: CLIENT_IMPORT_LIMITS.maxBytes (2 MB).
  { path: /^\/clients\/import\/?$/, bytes: 2 * MB + FORM_ROOM, what: "clients file" },
  // Feedback's screenshot: ATTACHMENT_MAX_BYTES (5 MB) — as a file, or as base64 in JSON.
  { path: /^\/feedback\/?$/, bytes: 5 * MB + FORM_ROOM, what: "feedback attachment" },
];

// Calls that carry a file in another body than a form (spec §3: the feedback attachment, 5 MB as
// base64 in JSON; a supplier's e-invoice, 10 MB as the raw application/xml body).
const JSON_UPLOADS = [
  { path: /^\/api\/feedback\/?$/, bytes: Math.ceil((5 * MB * 4) / 3) + FORM_ROOM },
  { path: /^\/api\/expenses\/import-ubl\/?$/, bytes: 10 * MB + FORM_ROOM },
];

const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\b/i.test(contentType ?? "");

// What a browser's form sends; pages take nothing else (JSON and the rest are for /api).
const isForm = (contentType: string | undefined) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType ?? "");

export const BODY_MESSAGES = {
  noFiles: "Този адрес не приема файлове (multipart/form-data).",
  notForm: "Невалидна заявка: очаква се формуляр.",
} as const;

/**
 * A body refused by its kind alone, before it is read (415): multipart to a route that does not
 * take files, or to a page anything but a form. Null when the body may be read.
 */
export function refusedBodyKind(contentType: string | undefined, path: string): string | null {
  if (isMultipart(contentType)) {
    return UPLOAD_ROUTES.some((route) => route.path.test(path)) ? null : BODY_MESSAGES.noFiles;
  }
  if (!path.startsWith("/api/") && !isForm(contentType)) return BODY_MESSAGES.notForm;
  return null;
}

/**
 * The limit for a request: a file route's multipart body and a JSON call with a file have their
 * route's own (at most `limits.upload`); everything else `limits.body`.
 */
export function bodyLimitFor(
  contentType: string | undefined,
  path: string,
  limits: { body: number; upload: number },
): number {
  const routes = isMultipart(contentType) ? UPLOAD_ROUTES : JSON_UPLOADS;
  const route = routes.find((candidate) => candidate.path.test(path));
  return route ? Math.min(limits.upload, route.bytes) : limits.body;
}
