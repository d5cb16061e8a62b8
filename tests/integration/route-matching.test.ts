import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// What the app's pages and links rely on from the router the server bundle loads (its CommonJS
// build): each pathname matched by its own branch with its own params, whatever came before, and
// link paths resolved as documented. (#17 patched the router to cache matches; #26 removed it.)
const require = createRequire(import.meta.url);
const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "invoices", path: "invoices" },
      { id: "invoice", path: "invoice/:id" },
      { id: "invoice-pdf", path: "invoice/:id/pdf" },
      { id: "client", path: "clients/:id/edit" },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id) ?? null;

describe("route matching", () => {
  it("gives the same matches for a repeated pathname, and a caller's change does not leak", () => {
    const first = matchRoutes(routes, "/invoice/abc");
    expect(matchRoutes(routes, "/invoice/abc")).toEqual(first);
    (first?.[1]?.params as Record<string, string>).id = "changed";
    expect(matchRoutes(routes, "/invoice/abc")?.[1]?.params).toEqual({ id: "abc" });
  });

  it("matches each pathname by its own branch", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/invoices")).toEqual(["root", "invoices"]);
      expect(ids("/invoice/x1")).toEqual(["root", "invoice"]);
      expect(ids("/invoice/x1/pdf")).toEqual(["root", "invoice-pdf"]);
      expect(matchRoutes(routes, "/invoice/x2/pdf")?.[1]?.params).toEqual({ id: "x2" });
      expect(ids("/nothing/here")).toEqual(["root", "splat"]);
    }
  });

  it("matches no route as null, and a later routes array by its own routes", () => {
    const strict = [{ id: "only", path: "/only" }];
    expect(matchRoutes(strict, "/other")).toBeNull();
    expect(matchRoutes([...strict, { id: "other", path: "/other" }], "/other")?.[0]?.route.id).toBe(
      "other",
    );
  });
});

// Links resolve their paths as documented, plain ones and those with "." and ".." segments.
describe("resolving a link's path", () => {
  const { resolvePath } = require("@remix-run/router") as typeof import("@remix-run/router");
  it.each([
    ["/invoice/abc", "/", "/invoice/abc"],
    ["/invoices?status=paid#top", "/", "/invoices"],
    ["/", "/clients", "/"],
    ["/clients/../invoices", "/", "/invoices"],
    ["/clients/./new", "/", "/clients/new"],
    ["edit", "/clients/abc", "/clients/abc/edit"],
    ["../new", "/clients/abc", "/clients/new"],
    ["/a.b/c", "/", "/a.b/c"],
  ])("%s from %s is %s", (to, from, pathname) => {
    expect(resolvePath(to, from).pathname).toBe(pathname);
  });
});

// Pages are handed to Remix with only the routes of their first path segment (route groups,
// decision 021): for every route of the app, and odd spellings of its path, the router matches the
// same routes with the same params in the group as in the whole build; /api/… is grouped by its
// first two segments.
describe("route groups", async () => {
  const { readConfig } = await import("@remix-run/dev/dist/config.js");
  const { routeGroups } = await import("~/utils/route-groups.server");
  type Build = import("@remix-run/node").ServerBuild;
  const config = await readConfig(process.cwd(), "production" as never);
  const routes = Object.fromEntries(
    Object.values(config.routes).map((r) => [r.id, { ...r, module: {} }]),
  ) as unknown as Build["routes"];
  const whole = {
    routes,
    assets: { routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
  } as unknown as Build;
  // The router's route tree as Remix builds it from build.routes (server-runtime createRoutes).
  type Node = import("@remix-run/router").AgnosticRouteObject;
  const tree = (of: Build["routes"], parentId?: string): Node[] =>
    Object.values(of)
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, path: r.path, index: true }
          : { id: r.id, path: r.path, children: tree(of, r.id) },
      );
  const wholeTree = tree(routes);
  const { buildFor, groups } = routeGroups(whole, { bySecond: ["api"] });
  const matched = (of: Node[], pathname: string) =>
    matchRoutes(of, pathname)?.map((m) => `${m.route.id} ${JSON.stringify(m.params)}`) ?? null;

  const fullPath = (id: string) => {
    const parts: string[] = [];
    for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined)
      if (r.path) parts.unshift(r.path);
    return `/${parts.join("/")}`;
  };
  const pathnames = new Set([
    "/",
    "//",
    "//invoices",
    "/INVOICES",
    "/%69nvoices",
    "/invoices//",
    "/x/../invoices",
    "/%",
    "/\u0131nvoices",
    "/nothing/here",
    "/api",
    "/api/",
    "/API/invoices",
    "/%61pi/invoices",
    "/api/INVOICES",
    "/api/%69nvoices",
    "/api//invoices",
    "/api/invoices//",
    "/api/no-such-call",
    "/api/no-such-call/deeper",
    "/api/%",
    "/api/\u0131nvoices",
  ]);
  for (const id of Object.keys(routes)) {
    const path = fullPath(id)
      .replace(/:[\w-]+\??/g, "v1")
      .replace(/\*/g, "a/b");
    for (const p of [path, path.toUpperCase(), `${path}/`, `/${path}`, `${path}/extra`])
      pathnames.add(p);
    pathnames.add(path.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`));
  }

  it("has groups much smaller than the whole build, each with its manifest", () => {
    const all = Object.keys(routes).length;
    expect(all).toBeGreaterThan(100);
    const invoices = groups.get("invoices")!;
    expect(Object.keys(invoices.routes)).toContain("routes/_app.invoices");
    expect(Object.keys(invoices.routes).length).toBeLessThan(all / 5);
    for (const group of groups.values())
      expect(Object.keys(group.assets.routes).sort()).toEqual(Object.keys(group.routes).sort());
    expect(groups.has("api")).toBe(false);
  });

  it("matches every pathname in its group as in the whole build", () => {
    const differences: string[] = [];
    for (const p of pathnames) {
      const { pathname } = new URL(`http://localhost${p}`);
      const build = buildFor(pathname);
      const inGroup = matched(build === whole ? wholeTree : tree(build.routes), pathname);
      const inWhole = matched(wholeTree, pathname);
      if (JSON.stringify(inGroup) !== JSON.stringify(inWhole))
        differences.push(`${pathname}: ${inGroup} instead of ${inWhole}`);
    }
    expect(differences).toEqual([]);
    expect(pathnames.size).toBeGreaterThan(600);
  });

  it("groups the API by its first two segments, and leaves undecidable segments to the whole build", () => {
    const invoices = buildFor("/api/invoices");
    expect(Object.keys(invoices.routes)).toContain("routes/api.invoices");
    expect(Object.keys(invoices.routes)).not.toContain("routes/api.clients");
    expect(Object.keys(invoices.routes).length).toBeLessThan(Object.keys(routes).length / 10);
    expect(buildFor("/API/Invoices/x/pdf")).toBe(invoices);
    expect(buildFor("/%61pi/invoices")).toBe(invoices);
    // A call no route names: the API's 404 among the few routes that match any.
    expect(Object.keys(buildFor("/api/no-such-call").routes)).toContain("routes/api.$");
    for (const p of ["/%", "/\u0131nvoices", "/api/%", "/api/\u0131nvoices", "/api//invoices"])
      expect(buildFor(new URL(`http://localhost${p}`).pathname)).toBe(whole);
    expect(buildFor("/invoices")).toBe(groups.get("invoices"));
    expect(buildFor("/no-such-page")).not.toBe(whole);
  });
});
