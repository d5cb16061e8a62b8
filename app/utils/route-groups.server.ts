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
 * The whole build still answers what this does not decide: the JSON API (/api/…, kept as it is),
 * a first segment that is not plain ASCII (the router's case folding) or cannot be decoded.
 */

type Route = ServerBuild["routes"][string];

/** How the first segment of a route's full path can match a pathname's first segment. */
type First = { kind: "static"; segment: string } | { kind: "any" };

/** The first segment of the route's full path (its ancestors' paths joined with its own). */
function firstSegment(routes: ServerBuild["routes"], route: Route): First {
  const paths: string[] = [];
  for (let r: Route | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) paths.unshift(r.path);
  }
  const first = paths
    .join("/")
    .split("/")
    .find((segment) => segment !== "");
  // No segment: the route matches "/" (or is a layout); a parameter, an optional segment or a
  // splat: any first segment.
  if (first === undefined || first.startsWith(":") || first.endsWith("?") || first === "*") {
    return { kind: "any" };
  }
  return { kind: "static", segment: first.toLowerCase() };
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

/**
 * Which build answers a pathname: `whole` for the first segments in `keepWhole` (compared in
 * lower case) and for what the groups cannot decide; otherwise the group of its first segment.
 * The groups are made once, when the function is made.
 */
export function routeGroups(
  whole: ServerBuild,
  options: { keepWhole: readonly string[] },
): { buildFor: (pathname: string) => ServerBuild; groups: ReadonlyMap<string, ServerBuild> } {
  const keepWhole = new Set(options.keepWhole.map((s) => s.toLowerCase()));
  const anyFirst = new Set<string>();
  const byFirst = new Map<string, Set<string>>();
  for (const route of Object.values(whole.routes)) {
    const first = firstSegment(whole.routes, route);
    if (first.kind === "any") anyFirst.add(route.id);
    else {
      const ids = byFirst.get(first.segment) ?? new Set<string>();
      ids.add(route.id);
      byFirst.set(first.segment, ids);
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
    if (keepWhole.has(segment)) continue;
    groups.set(segment, subset(whole, withAncestors(new Set([...anyFirst, ...ids]))));
  }
  // A first segment no route names: only the routes that match any.
  const rest = subset(whole, withAncestors(new Set(anyFirst)));

  const buildFor = (pathname: string): ServerBuild => {
    // The first segment as the router reads it: after one "/", up to the next, decoded.
    const end = pathname.indexOf("/", 1);
    const raw = pathname.slice(1, end === -1 ? undefined : end);
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return whole;
    }
    if (!PLAIN_ASCII.test(segment)) return whole;
    segment = segment.toLowerCase();
    if (keepWhole.has(segment)) return whole;
    return groups.get(segment) ?? rest;
  };
  return { buildFor, groups };
}
