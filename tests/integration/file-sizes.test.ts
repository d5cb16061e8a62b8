import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Issue #44 item 4 (HOUSE-STYLE «split by concept»): a route module stays within 300 lines, a
 * component within 400, a domain module within 500, so that a newcomer reads one in one sitting.
 * Test files are not counted.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const LIMITS = [
  { folder: "app/routes", limit: 300 },
  { folder: "app/components", limit: 400 },
  { folder: "app/modules", limit: 500 },
] as const;

/**
 * Files still over their folder's limit, each with its size when it was listed as a ceiling: it
 * may shrink, not grow. The test fails when one grows and when one is back within the limit
 * (then it is struck off here): the list only shrinks.
 */
const CEILINGS: Record<string, number> = {};

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file.split(path.sep).join("/")}`)
    .sort();
}

/** Lines as `wc -l` counts them: the newlines in the file. */
function linesOf(file: string): number {
  return readFileSync(path.join(root, file), "utf8").split("\n").length - 1;
}

const sizes = LIMITS.flatMap(({ folder, limit }) =>
  sourcesUnder(folder).map((file) => ({ file, limit, lines: linesOf(file) })),
);

describe("file sizes", () => {
  it("keep routes within 300 lines, components within 400, modules within 500", () => {
    const over = sizes
      .filter(({ file, limit, lines }) => lines > (CEILINGS[file] ?? limit))
      .map(({ file, limit, lines }) =>
        file in CEILINGS
          ? `${file}: ${lines} lines, grown past its ceiling of ${CEILINGS[file]}`
          : `${file}: ${lines} lines, over the limit of ${limit}`,
      );
    expect(over).toEqual([]);
  });

  it("lists as a ceiling only files that are still over their limit", () => {
    const byFile = new Map(sizes.map((size) => [size.file, size]));
    const stale = Object.keys(CEILINGS).filter((file) => {
      const size = byFile.get(file);
      return size === undefined || size.lines <= size.limit;
    });
    expect(stale).toEqual([]);
  });

  it("counts what it checks", () => {
    // A wrong folder would make the first test pass on nothing.
    for (const { folder } of LIMITS) {
      expect(sizes.filter(({ file }) => file.startsWith(`${folder}/`)).length).toBeGreaterThan(20);
    }
    expect(linesOf("app/routes/_app.invoice.$id.tsx")).toBeGreaterThan(0);
  });
});
