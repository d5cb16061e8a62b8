import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/*
 * The app's import graph, read from the source with no bundler: every `import … from`,
 * `export … from`, side-effect `import "…"` and dynamic `import("…")` of a file under app/ or
 * db/ that names another file of the project (`~/`, `~db/` or a relative path), type-only
 * imports included (they tie modules together as much as values do). Used by the layering test
 * (tests/integration/module-layers.test.ts); madge finds the same circles.
 */

const SPECIFIERS = [
  /\bfrom\s*["']([^"'\n]+)["']/g,
  /\bimport\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
];
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith("~db/")) base = path.join(root, "db", specifier.slice(4));
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * Each file under `root`/app and `root`/db (relative to `root`, with /) and the project files it
 * imports.
 */
export function importGraph(root: string, folders = ["app", "db"]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
  for (const file of folders.flatMap((folder) => sourceFiles(path.join(root, folder)))) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolve(root, file, match[1] as string);
        if (target) targets.add(relative(target));
      }
    }
    graph.set(relative(file), [...targets].sort());
  }
  return graph;
}

/** The graph's circles: each strongly connected set of files (Tarjan), as a sorted list. */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        members.push(member);
      } while (member !== file);
      if (members.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(members.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}
