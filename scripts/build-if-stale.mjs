// `npm start` (and worker, backup, restore): builds first when the build is missing or older
// than the sources (issue #41, item 15: a start after `git pull` ran yesterday's build).
// Plain Node, no dependencies: it runs before anything is built.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build is made from: any of these newer than the build means building again. */
export const SOURCES = [
  "app",
  "db",
  "patches",
  "package-lock.json",
  "package.json",
  "remix.config.js",
  "tsconfig.json",
];
/** What the build makes (`remix build` and `build:workers`): the oldest of them is the build's age. */
export const OUTPUTS = [
  "build/index.js",
  "build/pdf-worker.js",
  "build/ubl-worker.js",
  "build/bank-worker.js",
];

/** The newest modification time (ms) under a file or folder; 0 when it does not exist. */
export function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * Whether `root` needs a build: an output is missing, or a source changed after the oldest
 * output was written. Returns the reason, or null when the build is current.
 */
export function staleReason(root, sources = SOURCES, outputs = OUTPUTS) {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    const mtime = newestMtime(path.join(root, output));
    if (mtime === 0) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, mtime);
  }
  for (const source of sources) {
    if (newestMtime(path.join(root, source)) > oldestOutput) {
      return `${source} changed after the last build`;
    }
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const reason = staleReason(root);
  if (reason) {
    console.log(`Building first: ${reason}`);
    const result = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    process.exit(result.status ?? 1);
  }
}
