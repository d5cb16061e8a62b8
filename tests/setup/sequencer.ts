import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order test files start in (`npm test` runs both projects on the same two workers).
 * vitest's own sequencer starts the projects one after the other by name, e2e before unit, so
 * the slowest file of all, the unit project's fuzz table, started only when the browser tests
 * were done and then ran alone for minutes on one worker while the other sat idle. Its order
 * within a project also moves files that failed or are new to the front, by the durations it
 * cached from the last run (a run of one test counts too), so the fuzz table could start a minute
 * late. Here the unit projects go first (unit and unit-isolated), each project's files largest first: the fuzz table
 * starts at once on one worker while the other works through the rest of the unit files and then
 * the browser tests, the longest journeys first.
 */
export class UnitFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.project.name === "e2e" ? 1 : 0);
    const size = (file: TestSpecification) => statSync(file.moduleId).size;
    return [...files].sort(
      (a, b) => rank(a) - rank(b) || size(b) - size(a) || a.moduleId.localeCompare(b.moduleId),
    );
  }
}
