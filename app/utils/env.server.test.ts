import { describe, expect, it } from "vitest";
import { EnvError, listenUrl, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      APP_URL: "http://127.0.0.1:3000",
      DATABASE_POOL_SIZE: 10,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty values from .env as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", PORT: "", SESSION_SECRET: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("derives APP_URL from PORT and trims a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).APP_URL).toBe("http://127.0.0.1:8080");
    expect(parseEnv({ APP_URL: "https://smetka.example.bg/" }).APP_URL).toBe(
      "https://smetka.example.bg",
    );
  });

  it("by default links in e-mails use the address the console prints (issue #41, item 15)", () => {
    for (const source of [
      {},
      { PORT: "8080" },
      { HOST: "0.0.0.0" },
      { HOST: "::1", PORT: "4000" },
    ]) {
      const env = parseEnv(source);
      expect(env.APP_URL, JSON.stringify(source)).toBe(listenUrl(env));
    }
    expect(listenUrl(parseEnv({}))).toBe("http://127.0.0.1:3000");
    expect(listenUrl(parseEnv({ HOST: "0.0.0.0" }))).toBe("http://localhost:3000");
    expect(listenUrl(parseEnv({ HOST: "::1", PORT: "4000" }))).toBe("http://[::1]:4000");
    expect(parseEnv({ HOST: "0.0.0.0", APP_URL: "https://smetka.example.bg" }).APP_URL).toBe(
      "https://smetka.example.bg",
    );
  });

  it.each([
    [
      { PORT: "abc" },
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")',
    ],
    [
      { PORT: "70000" },
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000")',
    ],
    [
      { DATABASE_URL: "mysql://localhost/db" },
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://localhost/db")',
    ],
    [
      { APP_URL: "smetka.bg" },
      'Invalid configuration: APP_URL must be an absolute URL such as https://smetka.example.bg (got "smetka.bg")',
    ],
    [{ NODE_ENV: "staging" }, "Invalid configuration: NODE_ENV"],
  ])("refuses %o with one clear line", (source, message) => {
    expect(() => parseEnv(source)).toThrowError(EnvError);
    expect(() => parseEnv(source)).toThrowError(message);
  });

  it("VIES: on by default, off under NODE_ENV=test unless set; its URL without a trailing slash", () => {
    expect(parseEnv({}).VIES_ENABLED).toBe("on");
    expect(parseEnv({ NODE_ENV: "test" }).VIES_ENABLED).toBe("off");
    expect(parseEnv({ NODE_ENV: "test", VIES_ENABLED: "on" }).VIES_ENABLED).toBe("on");
    expect(parseEnv({}).VIES_URL).toBe("https://ec.europa.eu/taxation_customs/vies/rest-api");
    expect(parseEnv({ VIES_URL: "http://127.0.0.1:9999/vies/" }).VIES_URL).toBe(
      "http://127.0.0.1:9999/vies",
    );
    expect(() => parseEnv({ VIES_ENABLED: "yes" })).toThrowError(
      'Invalid configuration: VIES_ENABLED must be on or off (got "yes")',
    );
  });

  it("backups: every 24 hours, the last 7 kept, unless set; 0 turns the schedule off", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_INTERVAL: 24, BACKUP_KEEP: 7 });
    expect(parseEnv({ BACKUP_INTERVAL: "0", BACKUP_KEEP: "30" })).toMatchObject({
      BACKUP_INTERVAL: 0,
      BACKUP_KEEP: 30,
    });
    expect(() => parseEnv({ BACKUP_INTERVAL: "1.5" })).toThrowError(
      'Invalid configuration: BACKUP_INTERVAL must be hours from 0 (off) to 8760, e.g. 24 (got "1.5")',
    );
    expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrowError(
      'Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 1000 (got "0")',
    );
  });

  it("never prints a secret it refuses", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short-secret" })).toThrowError(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters long (got "***")',
    );
  });
});
