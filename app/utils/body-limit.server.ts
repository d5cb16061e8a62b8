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

// JSON calls that carry a file as base64 (spec §3: the feedback attachment) get the upload limit.
const JSON_UPLOADS = [/^\/api\/feedback\/?$/];

/** The limit for a request: uploads (multipart, or a JSON call with a file) have a larger one. */
export function bodyLimitFor(
  contentType: string | undefined,
  path: string,
  limits: { body: number; upload: number },
): number {
  const upload =
    (contentType ?? "").toLowerCase().startsWith("multipart/form-data") ||
    JSON_UPLOADS.some((pattern) => pattern.test(path));
  return upload ? limits.upload : limits.body;
}
