import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionSecret } from "./secrets.server";

describe("resolveSessionSecret", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-secrets-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("generates a secret once and keeps it in DATA_DIR across restarts", async () => {
    const first = await resolveSessionSecret({ configured: undefined, dataDir });
    const second = await resolveSessionSecret({ configured: undefined, dataDir });
    expect(first.source).toBe("generated");
    expect(second).toEqual({ secret: first.secret, source: "stored" });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const stored = JSON.parse(await readFile(path.join(dataDir, "secrets.json"), "utf8"));
    expect(stored.sessionSecret).toBe(first.secret);
  });

  it("prefers SESSION_SECRET and writes nothing", async () => {
    const configured = "x".repeat(40);
    expect(await resolveSessionSecret({ configured, dataDir })).toEqual({
      secret: configured,
      source: "env",
    });
    await expect(readFile(path.join(dataDir, "secrets.json"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses a damaged secrets file instead of silently replacing it", async () => {
    await writeFile(path.join(dataDir, "secrets.json"), JSON.stringify({ sessionSecret: "" }));
    await expect(resolveSessionSecret({ configured: undefined, dataDir })).rejects.toThrow(
      /no usable sessionSecret/,
    );
  });
});
