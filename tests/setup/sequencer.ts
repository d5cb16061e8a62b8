import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order test files start in (`npm test` runs both projects on the same two workers).
 * vitest's own sequencer starts the projects one after the other by name, e2e before unit, so
 * the slowest file of all, the unit project's fuzz table, started only when the browser tests
 * were done and then ran alone for minutes on one worker while the other sat idle. Here the unit
 * project goes first: its slowest file (by the durations vitest cached from the last run, or its
 * largest on a fresh checkout) starts at once on one worker while the other works through the
 * rest of the unit files and then the browser tests, slowest first too. Within each project the
 * order is vitest's.
 */
export class UnitFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => (file.project.name === "unit" ? 0 : 1);
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
