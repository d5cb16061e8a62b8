import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph } from "../setup/import-graph";

/*
 * Issue #44 item 2, decision 052: one home for HTTP. Route modules and app/web own requests,
 * answers, redirects, toasts and status codes; a domain module under app/modules takes typed input
 * and returns a value or throws a typed error (utils/errors.ts) that the route guard maps to HTTP.
 * This reads every module's source (comments left out) and names each file and line that speaks
 * HTTP: its HTTP part belongs in app/web or in the route.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What speaks HTTP: the request and answer types, Remix's answer builders, the toast redirect. */
const HTTP = [
  { what: "Request", pattern: /\bRequest\b/ },
  { what: "Response", pattern: /\bResponse\b/ },
  { what: "redirect", pattern: /\bredirect(Document|WithToast)?\s*\(/ },
  { what: "cookie", pattern: /\bcreateCookie(SessionStorage)?\s*\(/ },
  {
    what: "json answer",
    pattern: /(?<![.\w])json\s*\(/,
    needs: /\bjson\b[^;]*from\s*"@remix-run\//,
  },
  {
    what: "Remix's answers or cookies",
    pattern: /\b(json|redirect|redirectDocument|createCookie)\b[^;]*from\s*"@remix-run\//,
  },
  {
    what: "an answer built in utils",
    pattern:
      /\b(refuseForm|refuseValidation|refuseWithAppError|refuseUnknownIntent|jsonError|apiErrorResponse|methodNotAllowed|redirectWithToast)\b/,
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")
      ? [full]
      : [];
  });
}

/** The source with its comments blanked (line numbers kept); strings stay. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, (_, before: string) => before);
}

/** Each `file:line what` under app/modules that speaks HTTP. */
function httpLines(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const code = withoutComments(text);
    const lines = code.split("\n");
    for (const rule of HTTP) {
      if (rule.needs && !rule.needs.test(code)) continue;
      lines.forEach((line, index) => {
        if (rule.pattern.test(line)) found.push(`${file}:${index + 1} ${rule.what}`);
      });
    }
  }
  return found.sort();
}

const moduleFiles = sources(path.join(root, "app/modules")).map((full) => ({
  file: path.relative(root, full).split(path.sep).join("/"),
  text: readFileSync(full, "utf8"),
}));
const found = httpLines(moduleFiles);

describe("one home for HTTP (issue #44 item 2)", () => {
  it("finds Request, Response, redirects and Remix's json() in a module's code, not its comments", () => {
    const made = [
      {
        file: "app/modules/x/a.server.ts",
        text: [
          'import { json, redirect } from "@remix-run/node";',
          "// a Response in a comment is no answer",
          "export const a = (request: Request) => json({ ok: true });",
          'export const b = () => { throw new Response("Not Found", { status: 404 }); };',
          'export const c = () => redirect("/dashboard");',
          "export const d = (body: Body) => body.json();",
          'export const e = createCookie("__session");',
        ].join("\n"),
      },
      {
        file: "app/modules/x/b.ts",
        text: "const json = (x: unknown) => x;\nexport default json(1);",
      },
    ];
    expect(httpLines(made)).toEqual([
      "app/modules/x/a.server.ts:1 Remix's answers or cookies",
      "app/modules/x/a.server.ts:3 Request",
      "app/modules/x/a.server.ts:3 json answer",
      "app/modules/x/a.server.ts:4 Response",
      "app/modules/x/a.server.ts:5 redirect",
      "app/modules/x/a.server.ts:7 cookie",
    ]);
  });

  it("has no module that speaks HTTP: each file and line where one does", () => {
    expect(moduleFiles.length).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });

  it("keeps app/web above every module: no module imports it", () => {
    const graph = importGraph(root, ["app"]);
    const upward = [...graph]
      .filter(([from]) => from.startsWith("app/modules/") && !/\.test\.tsx?$/.test(from))
      .flatMap(([from, targets]) =>
        targets.filter((to) => to.startsWith("app/web/")).map((to) => `${from} → ${to}`),
      );
    expect(upward).toEqual([]);
    expect([...graph.keys()].some((file) => file.startsWith("app/web/"))).toBe(true);
  });
});
