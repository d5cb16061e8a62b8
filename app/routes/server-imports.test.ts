import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The browser's bundle gets undefined for a `.server` module's exports: a view that reads one
 * (a label, a form id) breaks only after hydration. Every route's view is checked for the values
 * it imports from `.server` modules (types are fine).
 */

const ROUTES = path.dirname(new URL(import.meta.url).pathname);
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"([^"]+\.server)"/g;

function serverValues(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    for (const part of match[1]!.split(",")) {
      const name = part.trim();
      if (!name || name.startsWith("type ")) continue;
      names.push(
        name
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
    }
  }
  return names;
}

/** The code after the loader and action: the default view and its local components. */
function viewOf(source: string): string {
  const start = source.indexOf("export default function");
  if (start < 0) return "";
  const meta = source.indexOf("export const meta", start);
  return source.slice(start, meta < 0 ? undefined : meta);
}

describe("route views", () => {
  it("use no value from a .server module", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(ROUTES)) {
      if (!file.endsWith(".tsx")) continue;
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      const view = viewOf(source);
      for (const name of serverValues(source)) {
        if (new RegExp(`\\b${name}\\b`).test(view)) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/*
 * One way per thing (docs/conventions.md, issue #26 item 5), held by reading the sources: routes
 * call their module (no Kysely, no other route), downloads name their file with
 * contentDisposition, an unknown intent is refused with refuseUnknownIntent, and files are read
 * only by utils/files.server.
 */

const APP = path.resolve(ROUTES, "..");

/** Every source file under app/ (tests left out), by its path from app/. */
function sources(dir = APP): [string, string][] {
  const found: [string, string][] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sources(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
      found.push([path.relative(APP, full), readFileSync(full, "utf8")]);
    }
  }
  return found;
}

const routeSources = () => sources().filter(([file]) => file.startsWith("routes/"));
const offenders = (pattern: RegExp, files: [string, string][], allowed: string[] = []) =>
  files.filter(([file, source]) => pattern.test(source) && !allowed.includes(file)).map(([f]) => f);

describe("one way per thing", () => {
  it("routes query no database: no Kysely, no ~db, no query builder calls", () => {
    expect(
      offenders(
        /from "kysely"|from "~db\/|\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\(|\bsql`/,
        routeSources(),
      ),
    ).toEqual([]);
  });

  it("routes import no other route (a shared piece lives in a module or a component)", () => {
    const routeImport = /from "(~\/routes\/[^"]*|\.\.?\/(?![^"]*\.css")[^"]*)"/;
    expect(offenders(routeImport, routeSources())).toEqual([]);
  });

  it("no download sets Content-Disposition by hand: contentDisposition names every file", () => {
    const header =
      /["']content-disposition["']\s*[:,]\s*(?!\s|contentDisposition\(|pdfDisposition\()/i;
    const parameter = /\bfilename\*?=["'`]|filename\*=UTF-8/;
    const allowed = ["utils/content-disposition.ts"];
    expect(offenders(header, sources(), allowed)).toEqual([]);
    expect(offenders(parameter, sources(), allowed)).toEqual([]);
  });

  it("an action that switches on intent refuses an unknown one with refuseUnknownIntent", () => {
    const switches = /switch \((?:values\.intent|intent|form\.get\("intent"\))\)/;
    expect(
      routeSources()
        .filter(([, source]) => switches.test(source) && !source.includes("refuseUnknownIntent("))
        .map(([file]) => file),
    ).toEqual([]);
    expect(
      offenders(/Неизвестно действие|Непознато действие/, sources(), ["utils/forms.server.ts"]),
    ).toEqual([]);
  });

  it("files are read only by utils/files.server (multipart, a whole body, base64)", () => {
    const reading =
      /unstable_parseMultipartFormData|request\.(arrayBuffer|blob)\(\)|Buffer\.from\([^)]*"base64"\)/;
    // Base64 that is not an upload: the logo kept in the settings row, the cursor, the font subset,
    // and the PDF an e-invoice embeds, decoded from the XML's text in the reader's worker.
    expect(
      offenders(reading, sources(), [
        "utils/files.server.ts",
        "modules/settings/app-settings.server.ts",
        "modules/einvoice/import.ts",
      ]),
    ).toEqual([]);
  });
});
