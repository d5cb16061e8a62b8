import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** Renders like entry.server does (a stream piped into a PassThrough) and returns the bytes. */
function streamedBytes(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onShellReady: () => pipe(body),
      onShellError: reject,
    });
  });
}

describe("the streamed HTML", () => {
  it("keeps Cyrillic text whole across the renderer's 2 KB chunk boundaries: valid UTF-8, no NUL", async () => {
    // Text pieces of every length from 1 to 700 characters, so that a two-byte letter lands on
    // every possible offset of the renderer's 2048-byte views many times over.
    const words = Array.from({ length: 700 }, (_, i) =>
      "Тайван България ".repeat(40).slice(0, i + 1),
    );
    const bytes = await streamedBytes(
      <ul>
        {words.map((word, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list
          <li key={i}>{word}</li>
        ))}
      </ul>,
    );
    expect(bytes.length).toBeGreaterThan(20 * 2048);
    expect(bytes.includes(0)).toBe(false);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    for (const word of words) expect(text).toContain(`<li>${word}</li>`);
  });
});
