import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealed.server";

const SECRET = "a-session-secret-of-at-least-32-characters";

describe("sealed secrets (decision 071)", () => {
  it("opens what it sealed, and the sealed text never contains the secret", () => {
    const sealed = seal(SECRET, "card.key", "rk_test_51Habc123secret");
    expect(sealed).not.toContain("rk_test");
    expect(sealed).toMatch(/^v1\./);
    expect(unseal(SECRET, "card.key", sealed)).toBe("rk_test_51Habc123secret");
    // A fresh IV each time: the same secret seals differently.
    expect(seal(SECRET, "card.key", "rk_test_51Habc123secret")).not.toBe(sealed);
  });

  it("refuses another server secret, another purpose and an altered text", () => {
    const sealed = seal(SECRET, "card.key", "rk_test_51Habc123secret");
    expect(unseal(`${SECRET}x`, "card.key", sealed)).toBeNull();
    expect(unseal(SECRET, "card.webhook", sealed)).toBeNull();
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString("base64url");
    expect(unseal(SECRET, "card.key", parts.join("."))).toBeNull();
    expect(unseal(SECRET, "card.key", "not sealed")).toBeNull();
  });
});
