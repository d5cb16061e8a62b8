import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OUTPUTS, SOURCES, staleReason } from "../../scripts/build-if-stale.mjs";

/*
 * `npm start` builds first when the build is older than the sources (issue #41, item 15): the
 * decision of scripts/build-if-stale.mjs on a folder of files with chosen modification times.
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(files: Record<string, number>) {
  const root = mkdtempSync(path.join(tmpdir(), "smetka-build-"));
  folders.push(root);
  for (const [file, minutesAgo] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, "x");
    const at = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(full, at, at);
  }
  // The folders' own times: as old as the oldest file, so only the files decide.
  const old = new Date(Date.now() - 1000 * 60_000);
  for (const folder of ["app", "app/routes", "db", "build"]) {
    try {
      utimesSync(path.join(root, folder), old, old);
    } catch {}
  }
  return root;
}

const built = (minutesAgo: number) =>
  Object.fromEntries(OUTPUTS.map((output: string) => [output, minutesAgo]));

describe("npm start's build check", () => {
  it("builds when there is no build, or a part of it is missing", () => {
    expect(staleReason(project({ "app/root.tsx": 60 }))).toBe("build/index.js is missing");
    const partial = project({ "app/root.tsx": 60, "build/index.js": 10 });
    expect(staleReason(partial)).toMatch(/worker\.js is missing/);
  });

  it("builds when a source under app/ or db/, or package-lock.json, is newer than the build", () => {
    expect(staleReason(project({ ...built(30), "app/routes/_app.tsx": 5 }))).toBe(
      "app changed after the last build",
    );
    expect(staleReason(project({ ...built(30), "app/root.tsx": 60, "db/seed.ts": 5 }))).toBe(
      "db changed after the last build",
    );
    expect(staleReason(project({ ...built(30), "package-lock.json": 1 }))).toBe(
      "package-lock.json changed after the last build",
    );
  });

  it("starts the build as it is when every source is older, whatever is beside it", () => {
    const root = project({
      ...built(5),
      "app/root.tsx": 60,
      "db/seed.ts": 60,
      "package-lock.json": 60,
      // Not sources: data, tests, a dependency's folder.
      "data/pgdata/x": 1,
      "tests/x.test.ts": 1,
      "app/node_modules/x.js": 1,
    });
    expect(staleReason(root)).toBeNull();
    expect(SOURCES).toEqual(expect.arrayContaining(["app", "db", "package-lock.json"]));
  });
});
