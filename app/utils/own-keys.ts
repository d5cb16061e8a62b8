/*
 * Text a client sent (a dropdown's value, a query parameter) or a row holds, used to pick from a
 * plain object of labels or options: only the object's own keys count. `"__proto__" in LABELS` is
 * true and `LABELS["constructor"]` is a function; either turned a feedback category or a filter
 * into a 500 (issue #24). No zod here: views import it.
 */

/** Whether `key` is one of the object's own keys ("__proto__", "constructor", "toString" are not). */
export function isOwnKey<T extends object>(object: T, key: unknown): key is keyof T & string {
  return typeof key === "string" && Object.hasOwn(object, key);
}

/** The object's own value at `key`, else undefined (never what Object.prototype holds). */
export function ownValue<T extends object>(object: T, key: unknown): T[keyof T] | undefined {
  return isOwnKey(object, key) ? object[key] : undefined;
}
