import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MOCKING_FILES } from "../setup/mocking-files";

const ROOT = path.resolve(__dirname, "../..");

/** Every test file of the unit project's folders, relative to the root. */
function unitTestFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  for (const folder of ["app", "db", "tests/integration"]) walk(folder);
  return found;
}

describe("the unit project's shared modules", () => {
  it("runs every file that mocks a module on modules of its own", () => {
    const mocking = unitTestFiles().filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    // This file names the calls it looks for, in a pattern, not as calls.
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
  });
});
