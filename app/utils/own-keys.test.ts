import { describe, expect, it } from "vitest";
import { isOwnKey, ownValue } from "./own-keys";

const LABELS = { draft: "Чернова", issued: "Издаден" } as const;
const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
];

describe("isOwnKey and ownValue", () => {
  it("find the object's own keys", () => {
    expect(isOwnKey(LABELS, "draft")).toBe(true);
    expect(ownValue(LABELS, "issued")).toBe("Издаден");
  });

  it.each(PROTOTYPE_KEYS)("do not take %j, which every plain object inherits", (key) => {
    expect(key in LABELS).toBe(true); // why the `in` operator was not enough
    expect(isOwnKey(LABELS, key)).toBe(false);
    expect(ownValue(LABELS, key)).toBeUndefined();
  });

  it("take only text", () => {
    for (const key of [null, undefined, 1, ["draft"], { toString: () => "draft" }]) {
      expect(isOwnKey(LABELS, key)).toBe(false);
    }
  });
});
