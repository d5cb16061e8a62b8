import path from "node:path";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { DATABASE_DEPENDENT_E2E } from "./tests/e2e/database-dependent";
import { unitTestFiles } from "./tests/setup/database-dependent-units";
import { UnitFirstSequencer } from "./tests/setup/sequencer";

// CI's second database runs only the browser tests whose outcome depends on the database.
const e2eInclude = process.env.E2E_DATABASE_DEPENDENT_ONLY
  ? DATABASE_DEPENDENT_E2E.map((file) => `tests/e2e/${file}`)
  : ["tests/e2e/**/*.test.ts"];
// …and only the unit files that can reach a database (tests/setup/database-dependent-units.ts).
const unitInclude = process.env.UNIT_DATABASE_DEPENDENT_ONLY
  ? unitTestFiles(path.dirname(fileURLToPath(import.meta.url))).dependent
  : ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * Unit files that mock modules (vi.mock), or leave timers running past their end (the PDF
 * scheduler's own test: renders that never finish, each with its 20 s time limit), run in a
 * project of their own, each file isolated.
 */
const ISOLATED_UNITS = [
  "app/entry.server.test.tsx",
  "app/modules/pdf/scheduler.test.ts",
  "tests/integration/pdf-fairness.test.ts",
  "tests/integration/pdf-background.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths(), vanillaExtractPlugin()],
  // The API route modules as Remix's server build lists them: the OpenAPI document is gathered
  // from them (decision 056); the real build exists only after `remix build`.
  resolve: {
    alias: {
      "@remix-run/dev/server-build": path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        "tests/setup/server-build.ts",
      ),
    },
  },
  test: {
    // Two cores on CI machines: more workers only fight over them.
    maxWorkers: 2,
    // The unit project's files first, the slowest (the fuzz table) at once: tests/setup/sequencer.ts.
    sequence: { sequencer: UnitFirstSequencer },
    // A young generation of 64 MB instead of 16: the route tests allocate fast (PGlite's protocol
    // buffers, megabyte bodies of the fuzz table) and spent a third of their time in scavenges
    // (fuzz table sample: 1268 scavenges, 14.7 s of 57 s; with it 310, 5.6 s, tests 39 s).
    // V8's baseline WebAssembly compiler only (Liftoff): each test file's PGlite compiles its
    // WebAssembly anew, and optimizing the hot functions again in every file cost more CPU than
    // it saved (decision 036: the unit files a–h 386 → 355 s of CPU, the fuzz table alone 173–178
    // → 147 s).
    execArgv: ["--max-semi-space-size=64", "--liftoff-only"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: unitInclude,
          exclude: ISOLATED_UNITS,
          // The files share their worker's modules instead of importing the app again for each
          // file (about 2.5 s of CPU a file, a fifth of the project's; decision 062): what a file
          // starts ends with it (tests/setup/file-teardown.ts).
          isolate: false,
          setupFiles: ["tests/setup/file-teardown.ts"],
          globalSetup: ["tests/setup/global-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The files that replace a module with vi.mock: a shared module graph would hand them
          // the real module another file imported first.
          name: "unit-isolated",
          include: ISOLATED_UNITS.filter(
            (file) => !process.env.UNIT_DATABASE_DEPENDENT_ONLY || unitInclude.includes(file),
          ),
          globalSetup: ["tests/setup/global-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: e2eInclude,
          // The browser tests share their worker's modules (playwright-core, axe, the harness)
          // instead of a new process importing them for every file: each file starts its own
          // server and browser and closes them, and keeps no state in modules (decision 037).
          isolate: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A browser test on a loaded two-core CI machine may time out once; it gets one more
          // try there (the first failure still prints what the page and the server showed).
          retry: process.env.CI ? 1 : 0,
          // The longest flows (a whole invoice or expense life without JavaScript, axe on every
          // page in a fresh context) take ~60 s alone and twice that beside another browser test
          // on two cores; a hang still fails on the 30 s wait of the step that hangs.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
