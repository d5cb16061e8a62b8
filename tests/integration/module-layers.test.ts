import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COMPOSITION_FILES, KNOWN_BACK_ARROWS, LAYERS } from "~/modules/layers";
import { circles, importGraph } from "../setup/import-graph";

/*
 * Issue #26: the app's folders form layers (app/modules/layers.ts, docs/conventions.md «Layers»).
 * No file reaches a folder in its own layer or a later one, except the composition files and the
 * listed arrows still to be moved; and no chain of imports comes back to where it started (what
 * `npx madge --circular --extensions ts,tsx --ts-config tsconfig.json app` checks).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const graph = importGraph(root);

/** The folder a file belongs to in the layering table. */
function folderOf(file: string): string | null {
  const module = file.match(/^app\/modules\/([^/]+)\//);
  if (module) return module[1] as string;
  const top = file.match(/^app\/(utils|styles|web|components|routes)\//);
  if (top) return top[1] as string;
  return file.startsWith("app/") ? "app" : null;
}

const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer])));

/** Every import from a file to a folder in its own layer or a later one (tests excluded). */
function backArrows() {
  const arrows: string[] = [];
  for (const [from, targets] of graph) {
    if (/\.test\.tsx?$/.test(from) || COMPOSITION_FILES.includes(from)) continue;
    const source = folderOf(from);
    for (const to of targets) {
      const target = folderOf(to);
      if (source === null || target === null || source === target) continue;
      if ((layerOf.get(target) ?? -1) >= (layerOf.get(source) ?? -1))
        arrows.push(`${from} → ${to}`);
    }
  }
  return arrows.sort();
}

describe("the app's layers (issue #26)", () => {
  it("names every folder under app/ and app/modules in the layering table, once", () => {
    const folders = new Set([...graph.keys()].map(folderOf).filter((f) => f !== null));
    const named = LAYERS.flat();
    expect(new Set(named).size).toBe(named.length);
    expect([...folders].filter((folder) => !layerOf.has(folder as string))).toEqual([]);
  });

  it("has no circle of imports among the app's files", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it("finds a circle when there is one (the scanner sees type-only and dynamic imports)", () => {
    const made = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(made)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    // The machinery the jobs run on knows no domain; a domain's job kinds import it.
    const jobsImport = graph.get("app/modules/jobs/jobs.server.ts") ?? [];
    expect(
      jobsImport.map(folderOf).filter((f) => f !== null && f !== "jobs" && f !== "utils"),
    ).toEqual([]);
    expect(graph.get("app/modules/invoices/jobs.server.ts")).toContain(
      "app/modules/jobs/jobs.server.ts",
    );
    expect(graph.get("app/components/ui/combobox.tsx")).toContain(
      "app/components/ui/combobox-list.tsx",
    );
  });

  it("has no arrow back up but the known ones, each still there", () => {
    const known = KNOWN_BACK_ARROWS.map(({ from, to }) => `${from} → ${to}`).sort();
    expect(backArrows()).toEqual(known);
  });

  it("keeps the composition files' exemption to files that exist", () => {
    expect(COMPOSITION_FILES.filter((file) => !graph.has(file))).toEqual([]);
  });
});
