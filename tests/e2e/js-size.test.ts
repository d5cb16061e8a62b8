import { describe, expect, it } from "vitest";
import { GOAL_KB, pageSizes } from "../bench/js-size";

/*
 * Issue #44 item 9: no page's first download over 120 KB of gzip JavaScript. The build is the one
 * the browser tests run on; a size is not a timing, so it is asserted here, not only benched.
 * A page grows past the goal most often by a route importing, for its action only, a module that a
 * form's lazily loaded validator also imports: esbuild's code splitting then loads that module's
 * chunk with the page (zod and its rules). Such imports come from a `.server` module or a light
 * messages module instead (docs/performance.md).
 */
describe("JavaScript per page", () => {
  it(`keeps every page's first download within ${GOAL_KB} KB gzip`, () => {
    const sizes = pageSizes();
    expect(sizes, "the build's manifest (npm run build)").not.toBeNull();
    const over = sizes!.pages
      .filter((page) => page.kb > GOAL_KB)
      .map((page) => `${page.id} ${page.kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
    expect(sizes!.pages.length).toBeGreaterThan(50);
  });
});
