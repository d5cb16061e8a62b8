import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The browser's bundle gets undefined for a `.server` module's exports: a view that reads one
 * (a label, a form id) breaks only after hydration. Every route's view is checked for the values
 * it imports from `.server` modules (types are fine).
 */

const ROUTES = path.dirname(new URL(import.meta.url).pathname);
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"([^"]+\.server)"/g;

function serverValues(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    for (const part of match[1]!.split(",")) {
      const name = part.trim();
      if (!name || name.startsWith("type ")) continue;
      names.push(
        name
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
    }
  }
  return names;
}

/** The code after the loader and action: the default view and its local components. */
function viewOf(source: string): string {
  const start = source.indexOf("export default function");
  if (start < 0) return "";
  const meta = source.indexOf("export const meta", start);
  return source.slice(start, meta < 0 ? undefined : meta);
}

describe("route views", () => {
  it("use no value from a .server module", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(ROUTES)) {
      if (!file.endsWith(".tsx")) continue;
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      const view = viewOf(source);
      for (const name of serverValues(source)) {
        if (new RegExp(`\\b${name}\\b`).test(view)) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
