import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

interface StoredSecrets {
  sessionSecret: string;
}

/**
 * The session secret: SESSION_SECRET when set, otherwise one generated on first start and
 * kept in DATA_DIR/secrets.json, so sessions survive restarts with no configuration.
 */
export async function resolveSessionSecret(options: {
  configured: string | undefined;
  dataDir: string;
}): Promise<{ secret: string; source: "env" | "generated" | "stored" }> {
  if (options.configured) return { secret: options.configured, source: "env" };
  const file = path.resolve(options.dataDir, "secrets.json");
  const stored = await readSecrets(file);
  if (stored) return { secret: stored.sessionSecret, source: "stored" };

  const secrets: StoredSecrets = { sessionSecret: randomBytes(32).toString("base64url") };
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename, so a crash never leaves a half-written secrets file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return { secret: secrets.sessionSecret, source: "generated" };
}

async function readSecrets(file: string): Promise<StoredSecrets | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<StoredSecrets>;
  if (typeof parsed.sessionSecret !== "string" || parsed.sessionSecret.length < 32) {
    throw new Error(`${file} has no usable sessionSecret; fix or delete the file`);
  }
  return { sessionSecret: parsed.sessionSecret };
}
