import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { registrationPayload } from "../setup/factories";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";

// Memory per open event stream and the time to deliver one event to all of them (issue #5).
// Part of `npm run bench`; STREAMS=… to change the count.

const STREAMS = Number(process.env.STREAMS ?? 5_000);
const PORT = 3998;
const base = `http://127.0.0.1:${PORT}`;

function rssMb(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

function openStream(
  cookie: string,
  agent: http.Agent,
): Promise<{ delivered: Promise<number>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/subscription/events`,
      { headers: { Cookie: cookie }, agent },
      (response) => {
        let text = "";
        let markConnected: () => void;
        const connected = new Promise<void>((r) => {
          markConnected = r;
        });
        const delivered = new Promise<number>((r) => {
          response.on("data", (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('"connected"')) markConnected();
            if (text.includes("subscription_update")) {
              r(performance.now());
              text = "";
            }
          });
        });
        connected.then(() => resolve({ delivered, close: () => request.destroy() }));
      },
    );
    request.on("error", reject);
  });
}

export async function benchEvents() {
  // On PostgreSQL when it is there: embedded PGlite's WASM heap makes the server's RSS drift by
  // hundreds of MB on its own, which would drown the streams' share.
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = uniqueName("smetka_sse");
  let databaseUrl = "";
  try {
    databaseUrl = await createDatabase(serverUrl, name);
  } catch {
    databaseUrl = "";
  }
  try {
    await run(databaseUrl);
  } finally {
    if (databaseUrl) await dropDatabase(serverUrl, name).catch(() => {});
  }
}

async function run(databaseUrl: string) {
  console.log(
    `\nevent streams (node build/index.js on ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}, ${STREAMS} streams of one company)`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-sse-"));
  const child = spawn(process.execPath, ["build/index.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789abcdefghij",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    await new Promise<void>((resolve) =>
      child.stdout.on("data", (c: Buffer) => c.toString().includes("is running at") && resolve()),
    );
    const { token } = (await (await fetch(`${base}/api/bot-check/challenge`)).json()) as {
      token: string;
    };
    const registered = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...registrationPayload(), recaptchaToken: token }),
    });
    const cookie = registered.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    // Warm the route, let the start-up garbage (PGlite's initdb) be collected, then measure
    // the server's memory before and after the streams open (lowest of three readings each).
    for (const s of await Promise.all(Array.from({ length: 100 }, () => openStream(cookie, agent))))
      s.close();
    const settle = async () => {
      const readings: number[] = [];
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 2_000));
        readings.push(rssMb(child.pid!));
      }
      return Math.min(...readings);
    };
    const before = await settle();
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    const opening = performance.now();
    for (let i = 0; i < STREAMS; i += 250) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(250, STREAMS - i) }, () => openStream(cookie, agent)),
        )),
      );
    }
    const opened = performance.now() - opening;
    const after = await settle();
    console.log(`  opened ${streams.length} streams in ${Math.round(opened)} ms`);
    console.log(
      `  server memory: ${before.toFixed(0)} MB → ${after.toFixed(0)} MB, ${(((after - before) * 1024) / streams.length).toFixed(1)} KB per open stream`,
    );
    const post = (fields: Record<string, string>) =>
      fetch(`${base}/settings/subscription`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
        },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    await post({ intent: "card", number: "4242424242424242", expiry: "12/39", cvc: "123" });
    const sent = performance.now();
    await post({ intent: "upgrade", plan: "standard" });
    const times = (await Promise.all(streams.map((s) => s.delivered)))
      .map((t) => t - sent)
      .sort((a, b) => a - b);
    console.log(
      `  one upgrade → event on all ${times.length} streams: first ${times[0]!.toFixed(0)} ms, p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, last ${times.at(-1)!.toFixed(0)} ms (from the POST)`,
    );
    for (const s of streams) s.close();
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.on("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
