import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Issue #44 item 6: the docs a newcomer reads stay readable and whole. The README fits a first
 * ten minutes (at most 150 lines), every decision has its line in docs/decisions/README.md, every
 * domain folder says what it owns in a README of its own, and no link in the README or under
 * docs/ (or in a domain's README) points at a file or a heading that is not there.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const lineCount = (text: string) => text.replace(/\n$/, "").split("\n").length;

/** Every Markdown file under a folder of the repository, as paths from the root. */
function markdownUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

const domainFolders = readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `app/modules/${entry.name}`);

const documents = [
  "README.md",
  ...markdownUnder("docs"),
  ...domainFolders
    .map((folder) => `${folder}/README.md`)
    .filter((file) => existsSync(path.join(root, file))),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file's headings give (outside fenced code). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(text).split("\n")) {
    const heading = line.match(/^#{1,6} +(.+?) *#*$/);
    if (!heading) continue;
    const base = slug(heading[1] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The text without fenced code blocks and inline code spans, where brackets are not links. */
function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The local targets of a file's Markdown links: [text](target), web and mail links left out. */
function localLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of withoutCode(text).matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push(target);
  }
  return links;
}

describe("the docs a newcomer reads", () => {
  it("keeps the README to at most 150 lines, with the two commands and the demo logins", () => {
    const readme = read("README.md");
    expect(lineCount(readme)).toBeLessThanOrEqual(150);
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toContain("demo@smetka.bg");
    expect(readme).toContain("admin@smetka.bg");
    expect(readme).toContain("(docs/testing.md#test-times)");
  });

  it("lists every decision in docs/decisions/README.md, on one line each", () => {
    const index = read("docs/decisions/README.md");
    const decisions = readdirSync(path.join(root, "docs/decisions")).filter((name) =>
      /^\d{3}-.+\.md$/.test(name),
    );
    expect(decisions.length).toBeGreaterThan(40);
    const missing = decisions.filter(
      (name) => index.split("\n").filter((line) => line.includes(`](${name})`)).length !== 1,
    );
    expect(missing, "decisions without exactly one line in docs/decisions/README.md").toEqual([]);
  });

  it("gives every domain folder a README of 10 to 30 lines", () => {
    const wrong = domainFolders.flatMap((folder) => {
      const file = `${folder}/README.md`;
      if (!existsSync(path.join(root, file))) return [`${file}: missing`];
      const lines = lineCount(read(file));
      return lines >= 10 && lines <= 30 ? [] : [`${file}: ${lines} lines`];
    });
    expect(wrong).toEqual([]);
  });

  it("has no link in the README, docs/ or a domain's README to a file or heading that is not there", () => {
    const broken: string[] = [];
    for (const file of documents) {
      for (const link of localLinks(read(file))) {
        const [target = "", anchor] = link.split("#");
        const resolved =
          target === ""
            ? file
            : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target)));
        const full = path.join(root, resolved);
        if (!existsSync(full)) {
          broken.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && statSync(full).isFile()) {
          if (!anchorsOf(read(resolved)).has(decodeURIComponent(anchor)))
            broken.push(`${file}: ${link} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("reads links and headings as GitHub does: code is no link, a heading its slug", () => {
    expect(localLinks("see [ops](docs/nowhere.md) and [web](https://smetka.bg)")).toEqual([
      "docs/nowhere.md",
    ]);
    expect(localLinks("`[not](a-link.md)` and\n```\n[nor](this.md)\n```\n")).toEqual([]);
    expect(anchorsOf("# Testing\n## Test times\n## CI: stages\n")).toEqual(
      new Set(["testing", "test-times", "ci-stages"]),
    );
    expect(slug("The install: patched dependencies and install scripts")).toBe(
      "the-install-patched-dependencies-and-install-scripts",
    );
  });
});
