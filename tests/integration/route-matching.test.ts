import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's router (the CommonJS build the server bundle loads) remembers which branch a pathname
// matched (patches/@remix-run+router+1.23.3.patch, #17). A repeated pathname must still give the
// same matches as the first time, as new objects, and a different pathname its own params.
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

describe("route matching with the remembered branch", () => {
  it("gives the same matches for a repeated pathname, as new objects", () => {
    const first = matchRoutes(routes, "/invoice/abc");
    const second = matchRoutes(routes, "/invoice/abc");
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second?.[1]?.params).not.toBe(first?.[1]?.params);
    // A caller changing its params does not change the next match.
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

  it("remembers no match too, and does not confuse it with a later routes array", () => {
    const strict = [{ id: "only", path: "/only" }];
    expect(matchRoutes(strict, "/other")).toBeNull();
    expect(matchRoutes(strict, "/other")).toBeNull();
    expect(matchRoutes([...strict, { id: "other", path: "/other" }], "/other")?.[0]?.route.id).toBe(
      "other",
    );
  });

  it("matches long pathnames without remembering them", () => {
    const long = `/invoice/${"a".repeat(400)}`;
    expect(matchRoutes(routes, long)?.[1]?.params).toEqual({ id: "a".repeat(400) });
    expect(matchRoutes(routes, long)?.[1]?.params).toEqual({ id: "a".repeat(400) });
  });
});

// Links resolve paths from the root without splitting them (the same patch): the result must be
// the router's as documented, for plain paths and for those with "." and ".." segments.
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
