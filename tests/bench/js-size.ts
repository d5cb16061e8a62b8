import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/*
 * JavaScript a browser downloads for each page (issue #17, item 3): the entry, the root and every
 * route module on the way to the page, with their imports, gzipped, from the build's manifest.
 * Goal: ≤ 120 KB for every page.
 */

const GOAL_KB = 120;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

export function benchJsSize(root = process.cwd()) {
  const build = path.join(root, "public", "build");
  const file = readdirSync(build).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) {
    console.log("\nJavaScript per page: no build (run `npm run build`)");
    return;
  }
  const source = readFileSync(path.join(build, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const sizes = new Map<string, number>();
  const gz = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(root, "public", url))).length;
      sizes.set(url, size);
    }
    return size;
  };
  const chain = (id: string): ManifestRoute[] => {
    const route = manifest.routes[id];
    if (!route) return [];
    return route.parentId ? [...chain(route.parentId), route] : [route];
  };
  const pages = Object.values(manifest.routes)
    .filter(
      (route) => (route.path !== undefined || route.index) && !route.id.startsWith("routes/api"),
    )
    .filter((route) => !/\[\.\](csv|pdf)|\.(pdf|ubl)$|files\.\$name/.test(route.id))
    .map((route) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const step of chain(route.id)) {
        files.add(step.module);
        for (const imported of step.imports ?? []) files.add(imported);
      }
      const bytes = [...files].reduce((sum, url) => sum + gz(url), 0);
      return { id: route.id.replace(/^routes\//, ""), kb: bytes / 1024 };
    })
    .sort((a, b) => b.kb - a.kb);
  const over = pages.filter((page) => page.kb > GOAL_KB);
  console.log(
    `\nJavaScript per page (gzip; goal ≤ ${GOAL_KB} KB): ${over.length} of ${pages.length} over`,
  );
  for (const page of pages.slice(0, 15)) {
    console.log(
      `  ${page.id.padEnd(44)} ${page.kb.toFixed(1).padStart(6)} KB${page.kb > GOAL_KB ? "  over" : ""}`,
    );
  }
  const median = pages[Math.floor(pages.length / 2)];
  if (median) console.log(`  median page: ${median.kb.toFixed(1)} KB`);
}
