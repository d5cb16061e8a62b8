import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH, ROOT } from "./harness";

/** Refuses to run e2e tests on a stale setup; says loudly when the browser tests are skipped. */
export default function setup() {
  if (!existsSync(path.join(ROOT, "build/index.js"))) {
    throw new Error("No build found: run `npm run build` before the e2e tests (npm test does).");
  }
  if (existsSync(CHROMIUM_PATH)) return;
  const message = `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium).`;
  if (process.env.CI) throw new Error(`${message} CI requires the browser tests.`);
  const bar = "!".repeat(78);
  console.warn(
    `\n${bar}\n!! ${message}\n!! BROWSER TESTS ARE SKIPPED. Install it to run them.\n${bar}\n`,
  );
}
