import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH, DATA_ROOT, ROOT, startApp } from "./harness";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database the built server has migrated and seeded (PGlite only). */
    e2eDataTemplate: string | null;
  }
}

/**
 * Refuses to run e2e tests on a stale setup; says loudly when the browser tests are skipped.
 * On the embedded default, starts the built server once on a fresh DATA_DIR and stops it: every
 * server a test starts then begins on a copy of that migrated, seeded database (startApp) instead
 * of running every migration and the seed again.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, "build/index.js"))) {
    throw new Error("No build found: run `npm run build` before the e2e tests (npm test does).");
  }
  if (!existsSync(CHROMIUM_PATH)) {
    const message = `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium-headless-shell, or chromium).`;
    if (process.env.CI) throw new Error(`${message} CI requires the browser tests.`);
    const bar = "!".repeat(78);
    console.warn(
      `\n${bar}\n!! ${message}\n!! BROWSER TESTS ARE SKIPPED. Install it to run them.\n${bar}\n`,
    );
  }

  if (process.env.TEST_DATABASE_URL) {
    project.provide("e2eDataTemplate", null);
    return;
  }
  const template = await mkdtemp(path.join(DATA_ROOT, "smetka-e2e-template-"));
  const app = await startApp({ dataDir: template, template: null });
  const code = await app.stop();
  if (code !== 0) {
    throw new Error(`The template server did not stop cleanly (${code}):\n${app.output()}`);
  }
  project.provide("e2eDataTemplate", template);
  return () => rm(template, { recursive: true, force: true });
}
