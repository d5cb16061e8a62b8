import type { ServerBuild } from "@remix-run/node";

/*
 * Route groups: a page request is handed to Remix with only the routes that can match its first
 * path segment (bench ladder, #26; decision 021).
 *
 * Remix v2's router flattens, ranks and tries every route of the build on each of the two or three
 * matches of a document request (server, data, React render): on ~140 routes that was a fifth of
 * the server's CPU for GET /invoices. Remix is asked the same question with a smaller build: every
 * route whose path begins with the request's first segment, every route whose path begins with a
 * parameter, an optional segment or a splat (these can match any first segment), the routes with
 * no path of their own and every ancestor of those. The router ranks and matches within that set
 * exactly as within the whole (a route left out cannot match the pathname, and the order of those
 * kept is unchanged), so the answer is the same; tests/integration/route-matching.test.ts holds
 * that for every route of the app and odd spellings of their paths.
 *
 * A first segment with many routes under it (the JSON API's /api/…, `bySecond`) is grouped once
 * more by its second segment: /api/invoices/… is matched among the routes under api/invoices, the
 * routes under api whose second segment can be anything (the 404 splat), and the rest above.
 *
 * The whole build still answers what this does not decide: a segment that is not plain ASCII (the
 * router's case folding) or cannot be decoded, and an empty second segment followed by more.
 */

type Route = ServerBuild["routes"][string];

/** How a segment of a route's full path can match a pathname's segment. */
type Segment = { kind: "static"; segment: string } | { kind: "any" };

/** The segments of the route's full path (its ancestors' paths joined with its own). */
function segmentsOf(routes: ServerBuild["routes"], route: Route): string[] {
  const paths: string[] = [];
  for (let r: Route | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) paths.unshift(r.path);
  }
  return paths
    .join("/")
    .split("/")
    .filter((segment) => segment !== "");
}

/**
 * How the route's `index`th segment matches: none (the route ends before it: it matches only
 * shorter pathnames, or is a layout), a parameter, an optional segment or a splat match any.
 */
function segmentAt(segments: readonly string[], index: number): Segment {
  const segment = segments[index];
  if (
    segment === undefined ||
    segment.startsWith(":") ||
    segment.endsWith("?") ||
    segment.includes("*")
  ) {
    return { kind: "any" };
  }
  return { kind: "static", segment: segment.toLowerCase() };
}

/** The build with only `ids` among its routes, on the server and in the manifest it renders. */
function subset(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifest: ServerBuild["assets"]["routes"] = {};
  for (const id of Object.keys(build.routes)) {
    if (!ids.has(id)) continue;
    routes[id] = build.routes[id]!;
    const entry = build.assets.routes[id];
    if (entry) manifest[id] = entry;
  }
  return { ...build, routes, assets: { ...build.assets, routes: manifest } };
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** A pathname's segment as the router reads it: from `from` to the next "/", decoded; null when undecidable. */
function segmentOf(pathname: string, from: number): { segment: string; end: number } | null {
  const end = pathname.indexOf("/", from);
  const raw = pathname.slice(from, end === -1 ? undefined : end);
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!PLAIN_ASCII.test(segment)) return null;
  return { segment: segment.toLowerCase(), end };
}

/**
 * Which build answers a pathname: the group of its first segment, or for a first segment in
 * `bySecond` (compared in lower case) the group of its first two; the whole build for what the
 * groups cannot decide. The groups are made once, when the function is made.
 */
export function routeGroups(
  whole: ServerBuild,
  options: { bySecond: readonly string[] },
): { buildFor: (pathname: string) => ServerBuild; groups: ReadonlyMap<string, ServerBuild> } {
  const bySecond = new Set(options.bySecond.map((s) => s.toLowerCase()));
  const anyFirst = new Set<string>();
  const byFirst = new Map<string, Set<string>>();
  // Under a first segment grouped once more: its routes by second segment, and those matching any.
  const anySecond = new Map<string, Set<string>>();
  const byTwo = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    const ids = map.get(key) ?? new Set<string>();
    ids.add(id);
    map.set(key, ids);
  };
  for (const route of Object.values(whole.routes)) {
    const segments = segmentsOf(whole.routes, route);
    const first = segmentAt(segments, 0);
    if (first.kind === "any") anyFirst.add(route.id);
    else if (!bySecond.has(first.segment)) add(byFirst, first.segment, route.id);
    else {
      const second = segmentAt(segments, 1);
      if (second.kind === "any") add(anySecond, first.segment, route.id);
      else add(byTwo, `${first.segment}/${second.segment}`, route.id);
    }
  }
  const withAncestors = (ids: Set<string>) => {
    for (const id of [...ids]) {
      for (let r = whole.routes[id]; r?.parentId; r = whole.routes[r.parentId]) ids.add(r.parentId);
    }
    return ids;
  };
  const groups = new Map<string, ServerBuild>();
  for (const [segment, ids] of byFirst) {
    groups.set(segment, subset(whole, withAncestors(new Set([...anyFirst, ...ids]))));
  }
  const under = (first: string) => [...anyFirst, ...(anySecond.get(first) ?? [])];
  for (const [two, ids] of byTwo) {
    const first = two.slice(0, two.indexOf("/"));
    groups.set(two, subset(whole, withAncestors(new Set([...under(first), ...ids]))));
  }
  for (const first of bySecond) {
    groups.set(`${first}/`, subset(whole, withAncestors(new Set(under(first)))));
  }
  // A first segment no route names: only the routes that match any.
  const rest = subset(whole, withAncestors(new Set(anyFirst)));

  const buildFor = (pathname: string): ServerBuild => {
    const first = segmentOf(pathname, 1);
    if (!first) return whole;
    if (!bySecond.has(first.segment)) return groups.get(first.segment) ?? rest;
    // "/api" or "/api/": the routes under it that match any second segment (and the rest above).
    if (first.end === -1 || first.end === pathname.length - 1)
      return groups.get(`${first.segment}/`)!;
    const second = segmentOf(pathname, first.end + 1);
    if (!second || second.segment === "") return whole;
    return groups.get(`${first.segment}/${second.segment}`) ?? groups.get(`${first.segment}/`)!;
  };
  return { buildFor, groups };
}
