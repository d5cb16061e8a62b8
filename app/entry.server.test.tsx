import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

// Text pieces of every length from 1 to 700 characters, so that a two-byte letter lands on every
// possible offset of a 2 KB byte view many times over (React 18's streaming renderer wrote the
// unwritten zero bytes of such a view into the page; the entry renders to one string instead).
const words = Array.from({ length: 700 }, (_, i) => "Тайван България ".repeat(40).slice(0, i + 1));

// The route tree stands in for Remix's: the entry itself is what is tested.
vi.mock("@remix-run/react", () => ({
  RemixServer: () => (
    <ul>
      {words.map((word, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list
        <li key={i}>{word}</li>
      ))}
    </ul>
  ),
}));

describe("the document the server answers", () => {
  it("keeps long Cyrillic text whole: valid UTF-8, no NUL, with its type and status", async () => {
    const { default: handleRequest } = await import("./entry.server");
    const response = await handleRequest(
      new Request("http://localhost/invoices"),
      200,
      new Headers(),
      {} as EntryContext,
      { cspNonce: "nonce" } as AppLoadContext,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(20 * 2048);
    expect(bytes.includes(0)).toBe(false);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(text.startsWith("<!DOCTYPE html><ul>")).toBe(true);
    for (const word of words) expect(text).toContain(`<li>${word}</li>`);
  });
});
