import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes the year suffix once, in Sofia's calendar", () => {
    expect(formatDate("2026-11-22T10:00:00Z")).toBe("22.11.2026 г.");
    // 23:30 UTC on 31 December is already 1 January in Sofia.
    expect(formatDate(new Date("2025-12-31T23:30:00Z"))).toBe("01.01.2026 г.");
  });
});
