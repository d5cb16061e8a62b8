import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { registrationPayload, validEik } from "../setup/factories";
import { fmt, record } from "./table";

/*
 * Issue #17, item 2: the app's PDF beside Chromium's page.pdf() of the same document's preview
 * page (/invoice/preview?id=, "exactly what will print"), measured in one run against the built
 * app (node build/index.js, embedded PGlite). Part of `npm run bench` (BENCH_ONLY=pdf);
 * PDF_SAMPLES=… and PDF_WARMUP=… change the counts (30 samples; 20 warm-up rounds for the app,
 * whose PDF threads stay warm in service, and 5 for Chromium).
 *
 * An issued document's PDF is rendered once and stored (render.server.ts `storedPdf`): every later
 * download is the stored bytes. A draft is rendered on every request. So the app is measured on
 * both: a draft (the render, like for like with Chromium, which renders on every print; the goals
 * are held here) and the issued twin with the same lines (what a download of an issued invoice
 * costs). Chromium prints the issued document's preview page.
 */

const PORT = 3997;
const base = `http://127.0.0.1:${PORT}`;
const SAMPLES = Number(process.env.PDF_SAMPLES ?? 30);
const WARMUP = Number(process.env.PDF_WARMUP ?? 20);
const CHROMIUM_WARMUP = Math.min(WARMUP, 5);
const THROUGHPUT_REQUESTS = Number(process.env.PDF_THROUGHPUT ?? 120);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The e2e tests' flags (tests/e2e/harness.ts, STACK.md); never a downloaded browser.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const GOAL_RATIO = 8;
const GOAL_P95_MS = 80;
// A three-page document costs at most three times one page (#26 item 7): cost linear in lines.
const GOAL_THREE_TO_ONE = 3;

interface Stats {
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Times the given calls side by side: WARMUP rounds, then SAMPLES rounds, each round one call of
 * each in turn. Interleaved, so a ratio between two of them is measured under the same load and
 * with the same warmth of the server's PDF threads (measured one after the other, the first
 * document met the threads' JIT colder and the machine's load at another moment: the three-page
 * to one-page ratio moved between 2.9 and 4.0 from run to run on the same code).
 */
async function sampleTogether<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  rounds = SAMPLES,
  warmup = WARMUP,
): Promise<Record<K, Stats>> {
  const names = Object.keys(runs) as K[];
  for (let i = 0; i < warmup; i++) for (const name of names) await runs[name]();
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < rounds; i++) {
    for (const name of names) {
      const began = performance.now();
      await runs[name]();
      times[name].push(performance.now() - began);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  ) as Record<K, Stats>;
}

async function sample(run: () => Promise<unknown>, runs = SAMPLES, warmup = WARMUP) {
  return (await sampleTogether({ run }, runs, warmup)).run;
}

function show(label: string, stats: Stats, extra = "") {
  console.log(
    `  ${label.padEnd(52)} p50 ${stats.p50.toFixed(1).padStart(7)} ms   p95 ${stats.p95.toFixed(1).padStart(7)} ms${extra}`,
  );
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : fmt(n)} ms`;

/** Runs `count` calls of `run`, `concurrency` at a time; PDFs per second. */
async function throughput(count: number, concurrency: number, run: () => Promise<unknown>) {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        await run();
      }
    }),
  );
  return count / ((performance.now() - began) / 1000);
}

function pdfPages(file: string): number {
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? Number.NaN);
}

/** Renders each task SAMPLES times (after WARMUP) in a thread of its own; times and the bytes. */
function renderInThread(file: string, tasks: unknown[]) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { performance } = require("node:perf_hooks");
    // Outside piscina the bytes come wrapped for the transfer (Piscina.move).
    const value = Symbol.for("Piscina.valueOf");
    import(workerData.file).then(async ({ default: render }) => {
      const run = async (task) => { const r = await render(task); return r[value] ?? r; };
      // Interleaved, as over HTTP: a round renders each task once.
      const { tasks } = workerData;
      const out = tasks.map(() => ({ times: [], bytes: null }));
      for (let i = 0; i < workerData.warmup; i++) for (const task of tasks) await run(task);
      for (let i = 0; i < workerData.samples; i++) {
        for (const [t, task] of tasks.entries()) {
          const began = performance.now();
          out[t].bytes = await run(task);
          out[t].times.push(performance.now() - began);
        }
      }
      parentPort.postMessage(out);
    });`;
  return new Promise<{ stats: Stats; bytes: Uint8Array }[]>((resolve, reject) => {
    const thread = new Worker(code, {
      eval: true,
      env: { ...process.env, NODE_ENV: "production" },
      workerData: { file: pathToFileURL(file).href, tasks, samples: SAMPLES, warmup: WARMUP },
    });
    thread.once("message", (out: { times: number[]; bytes: Uint8Array }[]) => {
      resolve(
        out.map(({ times, bytes }) => {
          const sorted = times.sort((x, y) => x - y);
          return { stats: { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }, bytes };
        }),
      );
      void thread.terminate();
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`render thread exited with code ${code}`)));
  });
}

/** The fonts a PDF embeds (pdffonts lists one a line under two lines of header). */
function pdfFonts(file: string): number {
  return execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").length - 2;
}

function invoiceLines(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    description: `Консултантски услуги по договор № ${1000 + i}, етап ${i + 1}`,
    quantity: String(1 + (i % 3)),
    unit: "бр.",
    unitPrice: String(120 + i),
    vatRate: 20,
  }));
}

function startApp(dataDir: string): { child: ChildProcess; ready: Promise<void> } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["SMTP_URL", "APP_URL", "SESSION_SECRET", "PDF_WORKERS"]) delete env[name];
  const child = spawn(process.execPath, ["build/index.js"], {
    env: {
      ...env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // "Ready in" is printed last, after the address and the demo logins.
      if (output.includes("Ready in")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with code ${code}:\n${output}`));
    });
  });
  return { child, ready };
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function benchPdfSideBySide() {
  console.log(
    `\nPDF side by side (node build/index.js on embedded PGlite; Chromium ${CHROMIUM_PATH}; ${SAMPLES} samples, interleaved, after ${WARMUP} warm-up rounds)`,
  );
  const cores = os.availableParallelism();
  // pool.server.ts: PDF_WORKERS unset → min(4, cores − 1) threads.
  console.log(
    `  ${cores} cores: the app's PDF pool has ${Math.max(1, Math.min(4, cores - 1))} thread(s)`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-pdf-"));
  const scratch = await mkdtemp(path.join(os.tmpdir(), "smetka-bench-pdf-files-"));
  const browsers = new Set<Browser>();
  const { child, ready } = startApp(dataDir);
  try {
    await ready;
    await run(scratch, browsers);
  } finally {
    for (const browser of browsers) await browser.close().catch(() => {});
    await stopApp(child);
    await rm(dataDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

async function run(scratch: string, browsers: Set<Browser>) {
  // Signed up over the JSON API: the session cookie for the pages, the token for the API.
  const { token: challenge } = (await (await fetch(`${base}/api/bot-check/challenge`)).json()) as {
    token: string;
  };
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ ...registrationPayload(), recaptchaToken: challenge }),
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const cookie = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))!
    .split(";")[0]!;
  const api = async <T>(pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${pathname}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const client = await api<{ id: string }>("/api/clients", {
    kind: "company",
    name: "Клиент Бенч ООД",
    eik: validEik(),
    address: "бул. Витоша 1",
    city: "София",
    postalCode: "1000",
  });
  const today = new Date().toISOString().slice(0, 10);
  const draft = (lines: number) =>
    api<{ id: string }>("/api/invoices", {
      type: "invoice",
      clientId: client.id,
      issueDate: today,
      currency: "EUR",
      paymentMethod: "bank",
      lines: invoiceLines(lines),
    }).then((d) => d.id);
  const issued = async (lines: number) => {
    const id = await draft(lines);
    await api(`/api/invoices/${id}/issue`);
    return id;
  };
  const download = async (id: string) => {
    const response = await fetch(`${base}/invoice/${id}/pdf`, { headers: { Cookie: cookie } });
    if (response.status !== 200) throw new Error(`GET /invoice/${id}/pdf: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  let files = 0;
  const save = async (bytes: Uint8Array) => {
    const file = path.join(scratch, `${++files}.pdf`);
    await writeFile(file, bytes);
    return file;
  };
  const pagesOf = async (bytes: Uint8Array) => pdfPages(await save(bytes));

  // The line counts: 3 lines for one page; for three pages the middle of the counts that print
  // on exactly three (found by bisection on drafts), so the issued twin prints on three too.
  const draftPages = async (lines: number) => pagesOf(await download(await draft(lines)));
  const firstWith = async (pages: number) => {
    let lo = 1;
    let hi = 200;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await draftPages(mid)) >= pages) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const twoFrom = await firstWith(2);
  const threeFrom = await firstWith(3);
  const fourFrom = await firstWith(4);
  const threeLines = Math.floor((threeFrom + fourFrom - 1) / 2);
  const docs = {
    one: { lines: 3, draft: await draft(3), issued: await issued(3) },
    three: { lines: threeLines, draft: await draft(threeLines), issued: await issued(threeLines) },
  };
  // A full first page (the most lines that print on one): with the 3-line page, the cost per
  // line within one page beside the cost per line over three (is the cost linear in lines?).
  const fullLines = twoFrom - 1;
  const fullDraft = await draft(fullLines);
  if ((await draftPages(fullLines)) !== 1) throw new Error(`${fullLines} lines are not one page`);
  const described: Record<string, string> = {};
  for (const [name, doc] of Object.entries(docs)) {
    const pages = [
      await pagesOf(await download(doc.draft)),
      await pagesOf(await download(doc.issued)),
    ];
    const expected = name === "one" ? 1 : 3;
    if (pages.some((p) => p !== expected))
      throw new Error(`the ${name}-page document printed on ${pages.join(" and ")} pages`);
    const bytes = await download(doc.issued);
    described[name] =
      `${doc.lines} lines, ${fmt(bytes.length / 1024)} KB, ${pdfFonts(await save(bytes))} fonts embedded`;
  }
  console.log(`  one page: ${described.one}`);
  console.log(
    `  three pages: ${described.three} (three pages from ${threeFrom} to ${fourFrom - 1} lines)`,
  );

  // 1. The app over HTTP, one request at a time, the documents in turn.
  const app = await sampleTogether({
    oneDraft: () => download(docs.one.draft),
    threeDraft: () => download(docs.three.draft),
    fullDraft: () => download(fullDraft),
    oneIssued: () => download(docs.one.issued),
    threeIssued: () => download(docs.three.issued),
  });
  show("app, 1 page, rendered (draft) over HTTP", app.oneDraft);
  show("app, 3 pages, rendered (draft) over HTTP", app.threeDraft);
  show("app, 1 page, issued (stored bytes) over HTTP", app.oneIssued);
  show("app, 3 pages, issued (stored bytes) over HTTP", app.threeIssued);
  show(`app, 1 full page (${fullLines} lines), rendered (draft) over HTTP`, app.fullDraft);

  // 2. The render alone: the pool worker's own function in a worker thread of this process
  // (NODE_ENV=production, as in the app: React's development build is a third slower), on the
  // preview page's print model — no HTTP, no database, no hop to the pool.
  const worker = path.resolve("build/pdf-worker.js");
  let renderAlone: { one: Stats; three: Stats } | null = null;
  if (existsSync(worker)) {
    const modelOf = async (id: string) => {
      const response = await fetch(
        `${base}/invoice/preview?id=${id}&_data=${encodeURIComponent("routes/_app.invoice.preview")}`,
        { headers: { Cookie: cookie } },
      );
      if (response.status !== 200) throw new Error(`preview data: ${response.status}`);
      return ((await response.json()) as { model: unknown }).model;
    };
    const [one, three] = await renderInThread(worker, [
      { kind: "document", model: await modelOf(docs.one.draft), logo: null },
      { kind: "document", model: await modelOf(docs.three.draft), logo: null },
    ]);
    renderAlone = { one: one!.stats, three: three!.stats };
    const pages = ` (${await pagesOf(one!.bytes)} and ${await pagesOf(three!.bytes)} pages)`;
    show("render alone (worker function in a thread), 1 page", renderAlone.one);
    show("render alone (worker function in a thread), 3 pages", renderAlone.three, pages);
  }

  // 3. The pool's throughput over HTTP: one-page drafts (each one a render).
  const appThroughput: Record<number, number> = {};
  for (const concurrency of [4, 8]) {
    await throughput(concurrency * 2, concurrency, () => download(docs.one.draft));
    appThroughput[concurrency] = await throughput(THROUGHPUT_REQUESTS, concurrency, () =>
      download(docs.one.draft),
    );
    console.log(
      `  app, ${THROUGHPUT_REQUESTS} one-page renders over HTTP at concurrency ${concurrency}: ${appThroughput[concurrency]!.toFixed(1)} PDF/s`,
    );
  }

  // 4. Chromium: page.pdf() of the issued document's preview page, with the same session.
  const chrome = existsSync(CHROMIUM_PATH)
    ? await benchChromium(docs, cookie, pagesOf, browsers)
    : null;
  if (!chrome) console.log(`  Chromium skipped: no ${CHROMIUM_PATH}`);

  // The summary rows: the goals are held on the render (drafts); the stored bytes beside them.
  const both = (s: Stats) => `${ms(s.p50)} p50, ${ms(s.p95)} p95`;
  for (const [name, label, rendered, stored] of [
    ["one", "one-page", app.oneDraft, app.oneIssued],
    ["three", "three-page", app.threeDraft, app.threeIssued],
  ] as const) {
    const warm = chrome?.warm[name];
    const reused = chrome?.reused[name];
    const cold = chrome?.cold[name];
    // The goal is held against the page reused (#44 item 9); a new page each time beside it.
    record({
      part: "pdf",
      measure: `${label} PDF over HTTP, rendered (draft) vs Chromium warm, page reused`,
      app: both(rendered),
      baseline: reused ? `Chromium page reused ${ms(reused.p50)} p50` : "no Chromium",
      ratio: reused && reused.p50 / rendered.p50,
      ratioLabel: "× faster",
      goal: `≥ ${GOAL_RATIO}×`,
      met: reused && reused.p50 / rendered.p50 >= GOAL_RATIO,
    });
    record({
      part: "pdf",
      measure: `${label} PDF over HTTP, rendered (draft) vs Chromium warm, new page`,
      app: both(rendered),
      baseline: warm ? `Chromium warm ${ms(warm.p50)} p50` : "no Chromium",
      ratio: warm && warm.p50 / rendered.p50,
      ratioLabel: "× faster",
    });
    if (cold)
      record({
        part: "pdf",
        measure: `${label} PDF over HTTP, rendered (draft) vs Chromium cold`,
        app: both(rendered),
        baseline: `Chromium cold ${ms(cold.p50)} p50`,
        ratio: cold.p50 / rendered.p50,
        ratioLabel: "× faster",
      });
    record({
      part: "pdf",
      measure: `${label} PDF over HTTP, issued (stored bytes) vs Chromium warm`,
      app: both(stored),
      baseline: warm && `Chromium warm ${ms(warm.p50)} p50`,
      ratio: warm && warm.p50 / stored.p50,
      ratioLabel: "× faster",
    });
  }
  const threeToOne = app.threeDraft.p50 / app.oneDraft.p50;
  record({
    part: "pdf",
    measure: "three-page PDF over HTTP vs one page, rendered (drafts)",
    app: `${ms(app.threeDraft.p50)} p50`,
    baseline: `one page ${ms(app.oneDraft.p50)} p50`,
    ratio: threeToOne,
    ratioLabel: "× one page",
    goal: `≤ ${GOAL_THREE_TO_ONE}×`,
    met: threeToOne <= GOAL_THREE_TO_ONE,
  });
  // Linear in lines: the cost of a line within the first page and over the next two pages.
  const perLine = (from: Stats, to: Stats, lines: number) => (to.p50 - from.p50) / lines;
  const withinOne = perLine(app.oneDraft, app.fullDraft, fullLines - docs.one.lines);
  const overThree = perLine(app.fullDraft, app.threeDraft, docs.three.lines - fullLines);
  record({
    part: "pdf",
    measure: `three-page PDF over HTTP vs a full one page (${fullLines} lines), rendered`,
    app: `${ms(app.threeDraft.p50)} p50`,
    baseline: `full page ${ms(app.fullDraft.p50)} p50`,
    ratio: app.threeDraft.p50 / app.fullDraft.p50,
    ratioLabel: "× a full page",
  });
  record({
    part: "pdf",
    measure: "cost of a line over HTTP: pages 2–3 against page 1 (linear: about 1)",
    app: `${withinOne.toFixed(2)} → ${overThree.toFixed(2)} ms a line`,
    ratio: overThree / withinOne,
    ratioLabel: "× page 1's",
  });
  record({
    part: "pdf",
    measure: "one-page PDF p95 over HTTP, rendered (draft)",
    app: `${ms(app.oneDraft.p95)} p95`,
    goal: `≤ ${GOAL_P95_MS} ms`,
    met: app.oneDraft.p95 <= GOAL_P95_MS,
  });
  if (renderAlone) {
    record({
      part: "pdf",
      measure: "one-page render alone (worker function in a thread, no HTTP)",
      app: both(renderAlone.one),
      baseline: `over HTTP ${ms(app.oneDraft.p50)} p50`,
    });
    record({
      part: "pdf",
      measure: "three-page render alone (worker function in a thread, no HTTP)",
      app: both(renderAlone.three),
      baseline: `over HTTP ${ms(app.threeDraft.p50)} p50`,
    });
  }
  record({
    part: "pdf",
    measure: `one-page PDFs/s over HTTP, ${THROUGHPUT_REQUESTS} at concurrency 4 (rendered)`,
    app: `${appThroughput[4]!.toFixed(1)} PDF/s`,
    baseline: chrome
      ? `Chromium warm, 4 pages at a time: ${chrome.throughput.toFixed(1)} PDF/s`
      : undefined,
    ratio: chrome ? appThroughput[4]! / chrome.throughput : undefined,
    ratioLabel: "× Chromium",
  });
  record({
    part: "pdf",
    measure: `one-page PDFs/s over HTTP, ${THROUGHPUT_REQUESTS} at concurrency 8 (rendered)`,
    app: `${appThroughput[8]!.toFixed(1)} PDF/s`,
  });
}

/** Chromium's page.pdf() of the preview page: warm (one browser), its throughput, and cold. */
async function benchChromium(
  docs: Record<"one" | "three", { issued: string }>,
  cookie: string,
  pagesOf: (bytes: Uint8Array) => Promise<number>,
  browsers: Set<Browser>,
) {
  const launch = async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    browsers.add(browser);
    return browser;
  };
  const close = async (browser: Browser) => {
    await browser.close();
    browsers.delete(browser);
  };
  const signedIn = async (browser: Browser) => {
    const context = await browser.newContext({ locale: "bg-BG" });
    const [name, ...value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
    return context;
  };
  // Where a warm print's time goes: the page load (goto, "load") and page.pdf().
  const split = { goto: [] as number[], pdf: [] as number[] };
  const printOn = async (page: Page, id: string) => {
    const began = performance.now();
    const response = await page.goto(`${base}/invoice/preview?id=${id}`, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`preview: ${response?.status()}`);
    const loaded = performance.now();
    const bytes = await page.pdf({ format: "A4", printBackground: true });
    split.goto.push(loaded - began);
    split.pdf.push(performance.now() - loaded);
    return bytes;
  };
  const print = async (context: BrowserContext, id: string) => {
    const page = await context.newPage();
    try {
      return await printOn(page, id);
    } finally {
      await page.close();
    }
  };
  const splitOf = () => {
    // The samples' own (the warm-ups printed first).
    const median = (list: number[]) =>
      percentile(
        list.slice(-SAMPLES).sort((a, b) => a - b),
        50,
      );
    const text = ` (goto ${ms(median(split.goto))}, pdf() ${ms(median(split.pdf))} p50)`;
    split.goto = [];
    split.pdf = [];
    return text;
  };

  const browser = await launch();
  const context = await signedIn(browser);
  const pages = [
    await pagesOf(await print(context, docs.one.issued)),
    await pagesOf(await print(context, docs.three.issued)),
  ];
  console.log(
    `  Chromium prints the preview page (app layout included) on ${pages[0]} and ${pages[1]} pages`,
  );
  split.goto = [];
  split.pdf = [];
  const warm = {
    one: await sample(() => print(context, docs.one.issued), SAMPLES, CHROMIUM_WARMUP),
    three: { p50: 0, p95: 0 },
  };
  show("Chromium warm: new page, goto, pdf, 1-page document", warm.one, splitOf());
  warm.three = await sample(() => print(context, docs.three.issued), SAMPLES, CHROMIUM_WARMUP);
  show("Chromium warm: new page, goto, pdf, 3-page document", warm.three, splitOf());
  // The kindest baseline (issue #44 item 9): one page kept open and reused, as a service printing
  // with Chromium would; only goto and pdf() each time.
  const kept = await context.newPage();
  const printOnKept = (id: string) => printOn(kept, id);
  const reused = {
    one: await sample(() => printOnKept(docs.one.issued), SAMPLES, CHROMIUM_WARMUP),
    three: { p50: 0, p95: 0 },
  };
  show("Chromium warm, page reused: goto, pdf, 1-page document", reused.one, splitOf());
  reused.three = await sample(() => printOnKept(docs.three.issued), SAMPLES, CHROMIUM_WARMUP);
  show("Chromium warm, page reused: goto, pdf, 3-page document", reused.three, splitOf());
  await kept.close();
  const rate = await throughput(THROUGHPUT_REQUESTS, 4, () => print(context, docs.one.issued));
  console.log(
    `  Chromium warm, ${THROUGHPUT_REQUESTS} one-page prints, 4 pages at a time: ${rate.toFixed(1)} PDF/s`,
  );
  await close(browser);

  const cold = async (id: string) => {
    const fresh = await launch();
    try {
      await print(await signedIn(fresh), id);
    } finally {
      await close(fresh);
    }
  };
  const coldStats = {
    one: await sample(() => cold(docs.one.issued), SAMPLES, 1),
    three: { p50: 0, p95: 0 },
  };
  show("Chromium cold: launch, goto, pdf, close, 1 page", coldStats.one);
  coldStats.three = await sample(() => cold(docs.three.issued), SAMPLES, 1);
  show("Chromium cold: launch, goto, pdf, close, 3 pages", coldStats.three);
  return { warm, reused, cold: coldStats, throughput: rate };
}
