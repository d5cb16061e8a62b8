import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { registrationPayload } from "../setup/factories";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { fmt, record } from "./table";

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
  url = `${base}/api/subscription/events`,
): Promise<{ delivered: Promise<number>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie }, agent }, (response) => {
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
    });
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

function startApp(port: number, databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, ["build/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789abcdefghij",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", (c: Buffer) => c.toString().includes("is running at") && resolve()),
  );
  return { child, ready };
}

function stop(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null) return Promise.resolve();
  child.kill("SIGTERM");
  return new Promise((r) => child.on("exit", r));
}

/** The server's memory once start-up garbage has gone (lowest of three readings 2 s apart). */
async function settledRss(pid: number) {
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 2_000));
    readings.push(rssMb(pid));
  }
  return Math.min(...readings);
}

type Stream = Awaited<ReturnType<typeof openStream>>;

async function openMany(count: number, open: () => Promise<Stream>) {
  const streams: Stream[] = [];
  for (let i = 0; i < count; i += 250)
    streams.push(...(await Promise.all(Array.from({ length: Math.min(250, count - i) }, open))));
  return streams;
}

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    first: sorted[0]!,
    p50: sorted[Math.floor(sorted.length / 2)]!,
    last: sorted.at(-1)!,
  };
}

/**
 * The baseline: a bare node:http server that keeps every event-stream response in a Set and writes
 * one event to all of them when told — what holding streams costs Node itself on this machine.
 */
const BARE_SSE = `
const http = require("node:http");
const open = new Set();
http.createServer((req, res) => {
  if (req.url === "/events") {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.write('event: connected\\ndata: "connected"\\n\\n');
    open.add(res);
    req.on("close", () => open.delete(res));
    return;
  }
  for (const r of open) r.write('event: subscription_update\\ndata: {"plan":"standard"}\\n\\n');
  res.end("sent");
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

async function benchBare(count: number) {
  const port = PORT + 2;
  const child = spawn(process.execPath, ["-e", BARE_SSE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    await new Promise<void>((resolve) =>
      child.stdout.on("data", (c: Buffer) => c.toString().includes("listening") && resolve()),
    );
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const url = `http://127.0.0.1:${port}/events`;
    for (const s of await openMany(100, () => openStream("", agent, url))) s.close();
    const before = await settledRss(child.pid!);
    const streams = await openMany(count, () => openStream("", agent, url));
    const after = await settledRss(child.pid!);
    const sent = performance.now();
    await fetch(`http://127.0.0.1:${port}/send`, { method: "POST" });
    const times = spread((await Promise.all(streams.map((s) => s.delivered))).map((t) => t - sent));
    for (const s of streams) s.close();
    return { kbPerStream: ((after - before) * 1024) / streams.length, ...times };
  } finally {
    await stop(child);
  }
}

async function run(databaseUrl: string) {
  console.log(
    `\nevent streams (node build/index.js on ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}, ${STREAMS} streams of one company)`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-sse-"));
  const one = startApp(PORT, databaseUrl, dataDir);
  let two: ReturnType<typeof startApp> | null = null;
  try {
    await one.ready;
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
    for (const s of await openMany(100, () => openStream(cookie, agent))) s.close();
    const before = await settledRss(one.child.pid!);
    const opening = performance.now();
    const streams = await openMany(STREAMS, () => openStream(cookie, agent));
    const opened = performance.now() - opening;
    const after = await settledRss(one.child.pid!);
    const kbPerStream = ((after - before) * 1024) / streams.length;
    console.log(`  opened ${streams.length} streams in ${Math.round(opened)} ms`);
    console.log(
      `  server memory: ${before.toFixed(0)} MB → ${after.toFixed(0)} MB, ${kbPerStream.toFixed(1)} KB per open stream`,
    );
    const post = (fields: Record<string, string>, at = base) =>
      fetch(`${at}/settings/subscription`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: at,
        },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    await post({ intent: "card", number: "4242424242424242", expiry: "12/39", cvc: "123" });
    let sent = performance.now();
    await post({ intent: "upgrade", plan: "standard" });
    const single = spread(
      (await Promise.all(streams.map((s) => s.delivered))).map((t) => t - sent),
    );
    console.log(
      `  one upgrade → event on all ${streams.length} streams: first ${single.first.toFixed(0)} ms, p50 ${single.p50.toFixed(0)} ms, last ${single.last.toFixed(0)} ms (from the POST)`,
    );
    for (const s of streams) s.close();

    const bare = await benchBare(STREAMS);
    console.log(
      `  baseline, bare node:http holding ${STREAMS} streams: ${bare.kbPerStream.toFixed(1)} KB per stream; one write to all: last ${bare.last.toFixed(0)} ms`,
    );
    record({
      part: "streams",
      measure: `memory per open stream (${fmt(STREAMS)} open)`,
      app: `${kbPerStream.toFixed(1)} KB`,
      baseline: `bare node:http ${bare.kbPerStream.toFixed(1)} KB`,
      ratio: kbPerStream / bare.kbPerStream,
      ratioLabel: "× bare",
    });
    record({
      part: "streams",
      measure: `one event to ${fmt(STREAMS)} streams, one instance (last)`,
      app: `${fmt(single.last)} ms (p50 ${fmt(single.p50)})`,
      baseline: `bare node:http ${fmt(bare.last)} ms`,
      ratio: single.last / Math.max(bare.last, 1),
      ratioLabel: "× bare",
    });

    if (databaseUrl) {
      // Two instances on one PostgreSQL: half the streams on each; the POST goes to the first and
      // reaches the second's streams through LISTEN/NOTIFY.
      two = startApp(PORT + 1, databaseUrl, dataDir);
      await two.ready;
      const other = `http://127.0.0.1:${PORT + 1}`;
      const half = Math.floor(STREAMS / 2);
      const mine = await openMany(half, () => openStream(cookie, agent));
      const theirs = await openMany(STREAMS - half, () =>
        openStream(cookie, agent, `${other}/api/subscription/events`),
      );
      sent = performance.now();
      await post({ intent: "upgrade", plan: "full" });
      const at = async (list: Stream[]) =>
        spread((await Promise.all(list.map((s) => s.delivered))).map((t) => t - sent));
      const [here, there] = await Promise.all([at(mine), at(theirs)]);
      console.log(
        `  two instances, ${half} + ${STREAMS - half} streams: the POST's instance last ${here.last.toFixed(0)} ms, the other's last ${there.last.toFixed(0)} ms`,
      );
      for (const s of [...mine, ...theirs]) s.close();
      record({
        part: "streams",
        measure: `one event to ${fmt(STREAMS)} streams on two instances (last)`,
        app: `${fmt(Math.max(here.last, there.last))} ms (other instance ${fmt(there.last)})`,
        baseline: `one instance ${fmt(single.last)} ms`,
        ratio: Math.max(here.last, there.last) / Math.max(single.last, 1),
        ratioLabel: "× one",
      });
    }
  } finally {
    await stop(one.child);
    if (two) await stop(two.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}
