import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("gives the Cyrillic name in filename* and an ASCII fallback", () => {
    expect(contentDisposition("Фактура-0000000001.pdf", "inline", "Invoice-0000000001.pdf")).toBe(
      `inline; filename="Invoice-0000000001.pdf"; filename*=UTF-8''${encodeURIComponent("Фактура-0000000001.pdf")}`,
    );
    expect(contentDisposition("Ведомост-2026-01.pdf")).toBe(
      `attachment; filename="________-2026-01.pdf"; filename*=UTF-8''${encodeURIComponent("Ведомост-2026-01.pdf")}`,
    );
    expect(contentDisposition("DDS-2026-01.zip")).toBe(
      `attachment; filename="DDS-2026-01.zip"; filename*=UTF-8''DDS-2026-01.zip`,
    );
  });

  it("writes filename* with attr-chars only (RFC 8187): ' ( ) * are encoded", () => {
    expect(contentDisposition("it's (1)*.png")).toBe(
      `attachment; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });

  it("keeps quotes, backslashes, line breaks and lone surrogates out of the header", () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x=1\u0000\uD800.png');
    expect([...header].every((c) => c >= " " && c <= "~")).toBe(true);
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1__.png"; filename*=UTF-8''a%22b_c__Set-Cookie%3A%20x%3D1__.png`,
    );
    // A header the platform accepts (it throws on CR/LF).
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
    expect(contentDisposition("../../etc/passwd")).toContain(`filename=".._.._etc_passwd"`);
    expect(contentDisposition("   ")).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
