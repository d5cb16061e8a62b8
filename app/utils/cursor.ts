import { isSafeText } from "./safe-text";

/*
 * Keyset pagination: the cursor is the last row's sort key, opaque to the browser (base64url of a
 * JSON array), so page 200 costs what page 1 does. Each part is checked before it reaches SQL.
 */

/** The cursor of a sort key. */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key of a cursor, each part checked by its test; null for anything malformed. */
export function decodeCursor(
  cursor: string | null | undefined,
  checks: readonly ((part: string) => boolean)[],
): string[] | null {
  if (!cursor || cursor.length > 500) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(key) || key.length !== checks.length) return null;
    return key.every((part, i) => typeof part === "string" && checks[i]!(part)) ? key : null;
  } catch {
    return null;
  }
}

/** A cursor part that is any storable text (names, timestamps). */
export const anyText = (part: string) => part.length <= 300 && isSafeText(part);
