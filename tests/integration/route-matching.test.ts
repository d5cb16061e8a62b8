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
