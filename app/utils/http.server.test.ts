import { describe, expect, it } from "vitest";
import { safeRedirect } from "./http.server";

describe("safeRedirect", () => {
  it.each([
    ["/invoices", "/invoices"],
    ["/invoices?status=overdue#top", "/invoices?status=overdue#top"],
    ["/client/edit/1/../2", "/client/edit/2"],
    ["/%D1%84%D0%B0%D0%BA%D1%82%D1%83%D1%80%D0%B8", "/%D1%84%D0%B0%D0%BA%D1%82%D1%83%D1%80%D0%B8"],
  ])("keeps the path of this site %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([
    "https://evil.test/",
    "//evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "/\t/evil.test",
    "/%09/evil.test",
    "/%0d/evil.test",
    "/%0a/evil.test",
    "/%0D%0A/evil.test",
    "/\r\n/evil.test",
    "/%5c/evil.test",
    "/%5C%5Cevil.test",
    "/%2f%2fevil.test",
    "/%2F/evil.test",
    "%2F%2Fevil.test",
    "javascript:alert(1)",
    "/%E0%A4%A",
    " /invoices",
    "",
  ])("refuses %j and gives the fallback", (to) => {
    expect(safeRedirect(to, "/dashboard")).toBe("/dashboard");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(new File([], "x"))).toBe("/dashboard");
  });
});
