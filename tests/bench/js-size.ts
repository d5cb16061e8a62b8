import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fmt, record } from "./table";

/*
 * JavaScript a browser downloads for each page (issue #17, item 3): the entry, the root and every
 * route module on the way to the page, with their imports, gzipped, from the build's manifest.
 * Goal: ≤ 120 KB for every page. Code a page loads later by import() (a form's validator on its
 * first check, the combobox once it renders, the charts' interactivity) is not part of that first
 * download; it is counted apart ("later"), so nothing is hidden. The baseline is what React and
 * Remix alone cost (the entry chunk): no page can weigh less.
 */

export const GOAL_KB = 120;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

export interface PageSize {
  id: string;
  /** The first download: entry, root and every route module on the way, with imports (gzip, KB). */
  kb: number;
  /** What the page loads later by import() (gzip, KB). */
  laterKb: number;
}

/** Each page's JavaScript from the build's manifest, heaviest first; null without a build. */
export function pageSizes(root = process.cwd()): { pages: PageSize[]; entryKb: number } | null {
  const build = path.join(root, "public", "build");
  const file = readdirSync(build).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) {
    return null;
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
  // What a file loads by import(), with that chunk's own static imports, transitively.
  const later = (urls: Set<string>) => {
    const found = new Set<string>();
    const visit = (url: string, dynamicOnly: boolean) => {
      const text = readFileSync(path.join(root, "public", url), "utf8");
      const patterns = dynamicOnly
        ? [/import\("([^"]+\.js)"\)/g]
        : [/import\("([^"]+\.js)"\)/g, /from"(\/build\/[^"]+\.js)"/g];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const target = match[1]!;
          if (urls.has(target) || found.has(target)) continue;
          found.add(target);
          visit(target, false);
        }
      }
    };
    for (const url of urls) visit(url, true);
    return found;
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
      const deferred = [...later(files)].reduce((sum, url) => sum + gz(url), 0);
      return { id: route.id.replace(/^routes\//, ""), kb: bytes / 1024, laterKb: deferred / 1024 };
    })
    .sort((a, b) => b.kb - a.kb);
  const entryKb =
    [manifest.entry.module, ...manifest.entry.imports].reduce((sum, url) => sum + gz(url), 0) /
    1024;
  return { pages, entryKb };
}

export function benchJsSize(root = process.cwd()) {
  const sizes = pageSizes(root);
  if (!sizes) {
    console.log("\nJavaScript per page: no build (run `npm run build`)");
    return;
  }
  const { pages, entryKb } = sizes;
  const over = pages.filter((page) => page.kb > GOAL_KB);
  console.log(
    `\nJavaScript per page (gzip; goal ≤ ${GOAL_KB} KB): ${over.length} of ${pages.length} over`,
  );
  for (const page of pages.slice(0, 15)) {
    console.log(
      `  ${page.id.padEnd(44)} ${page.kb.toFixed(1).padStart(6)} KB${page.laterKb ? `  (+${page.laterKb.toFixed(1)} KB later)` : ""}${page.kb > GOAL_KB ? "  over" : ""}`,
    );
  }
  const median = pages[Math.floor(pages.length / 2)];
  if (median) console.log(`  median page: ${median.kb.toFixed(1)} KB`);
  const heaviest = pages[0];
  if (!heaviest || !median) return;
  const baseline = `React + Remix entry ${entryKb.toFixed(1)} KB`;
  record({
    part: "js",
    measure: `heaviest page (${heaviest.id}), gzip`,
    app: `${heaviest.kb.toFixed(1)} KB${heaviest.laterKb ? ` (+${heaviest.laterKb.toFixed(1)} later)` : ""}`,
    baseline,
    ratio: heaviest.kb / entryKb,
    ratioLabel: "× entry",
    goal: `≤ ${GOAL_KB} KB`,
    met: heaviest.kb <= GOAL_KB,
  });
  record({
    part: "js",
    measure: "median page, gzip",
    app: `${median.kb.toFixed(1)} KB`,
    baseline,
    ratio: median.kb / entryKb,
    ratioLabel: "× entry",
    goal: `≤ ${GOAL_KB} KB`,
    met: median.kb <= GOAL_KB,
  });
  record({
    part: "js",
    measure: "pages over the goal",
    app: `${fmt(over.length)} of ${fmt(pages.length)}`,
    goal: "0",
    met: over.length === 0,
  });
}
