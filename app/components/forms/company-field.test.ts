import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue #41 item 1: every form that writes on a company's pages posts the company it was drawn
 * for, first (so a multipart upload is checked before its file is read). The sources are read:
 * each POST <Form> in the app's routes and the components they draw must have
 * <CompanyField /> as its first child; the back office's and the sign-in forms work in no
 * company and are left out, as are the client portal's (no session: the link's token names the
 * company and the client, decision 069).
 */

const APP = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const LEFT_OUT = [
  /^components\/admin\//,
  /^components\/auth\//,
  /^components\/portal\//,
  /^components\/forms\/company-field/,
  // The client portal's forms (pay by card, decision 071): the client is signed in nowhere and
  // works in no company of theirs; the link in the address is the credential.
  /^components\/portal\//,
  /^components\/card-payments\/local-card/,
];

function sources(): string[] {
  const routes = readdirSync(path.join(APP, "routes"))
    .filter((name) => /^_app.*\.tsx$/.test(name))
    .map((name) => `routes/${name}`);
  const components = (readdirSync(path.join(APP, "components"), { recursive: true }) as string[])
    .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
    .map((name) => `components/${name.split(path.sep).join("/")}`)
    .filter((name) => !LEFT_OUT.some((re) => re.test(name)));
  return [...routes, ...components];
}

/** Each opening tag of a form in the source, with what follows it. */
function formTags(source: string): { tag: string; after: string }[] {
  const found: { tag: string; after: string }[] = [];
  for (const match of source.matchAll(/<(Form)\s/g)) {
    let depth = 0;
    let quote: string | null = null;
    let end = match.index! + match[0].length;
    for (; end < source.length; end++) {
      const char = source[end]!;
      if (quote) {
        if (char === "\\") end++;
        else if (char === quote) quote = null;
      } else if (char === '"' || (depth > 0 && (char === "'" || char === "`"))) quote = char;
      else if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === ">" && depth === 0) break;
    }
    found.push({
      tag: source.slice(match.index!, end + 1),
      after: source.slice(end + 1, end + 80),
    });
  }
  return found;
}

describe("forms of a company's pages", () => {
  it("post the company they were drawn for, as their first field", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources()) {
      const source = readFileSync(path.join(APP, file), "utf8");
      for (const { tag, after } of formTags(source)) {
        if (tag.endsWith("/>") || !/method=("post"|\{)/i.test(tag)) continue;
        checked++;
        if (!/^\s*<CompanyField \/>/.test(after)) missing.push(`${file}: ${tag.slice(0, 60)}`);
      }
    }
    expect(missing).toEqual([]);
    // The scan found the forms (a change of their spelling must not make it pass on nothing).
    expect(checked).toBeGreaterThan(60);
  });
});
