import { type ChildProcess, execFile, spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, expect, inject, type TestContext } from "vitest";
import { DEMO_ACCOUNTS } from "~db/demo-accounts";
import { createDatabase, dropDatabase, uniqueName } from "../setup/postgres";
import { registrationPayload } from "../setup/values";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/**
 * Debian's Chromium for the tests: its headless shell (package chromium-headless-shell, the same
 * Blink and V8 without the browser's own UI process work) when installed, which is what
 * Playwright itself runs headless; else the full browser. The same browser tests took 44 % less
 * CPU on it (decision 037).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
export const hasChromium = existsSync(CHROMIUM_PATH);
const BUILD = path.join(ROOT, "build/index.js");
const START_TIMEOUT_MS = 60_000;

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Sends a signal (SIGTERM by default) and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Where the servers' data folders go: memory (/dev/shm) where the system has it, else the temp
 * folder. The 43 MB template is copied for every server: 0.08 s into memory, 0.3 s of the
 * disk's system time into /tmp on this machine (decision 037).
 */
export const DATA_ROOT = (() => {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return os.tmpdir();
  }
})();

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Runs `node build/index.js` with the environment given (and arguments: `--worker`, `--backup`,
 * `--restore FILE`), collecting its output.
 */
export function runServer(
  env: Record<string, string>,
  args: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = "";
  const base = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "SESSION_SECRET",
    "APP_URL",
    "PORT",
    "HOST",
    "DATA_DIR",
    "SMTP_URL",
    "SUPPORT_EMAIL",
    "RECAPTCHA_SITE_KEY",
    "RECAPTCHA_SECRET_KEY",
  ]) {
    delete base[name];
  }
  // A test's server lives for seconds: V8's baseline WebAssembly compiler only (Liftoff), so
  // PGlite's start is not followed by optimizing its hot functions in the background, work a
  // long-lived server earns back and a test's does not (decision 036: a third less server CPU).
  const child = spawn(process.execPath, ["--liftoff-only", BUILD, ...args], {
    cwd: ROOT,
    env: { ...base, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * The DATA_DIR the e2e global setup had the built server migrate and seed (embedded default
 * only); null outside the e2e project (a benchmark) and on PostgreSQL.
 */
function dataTemplate(): string | null {
  try {
    return inject("e2eDataTemplate") ?? null;
  } catch {
    return null;
  }
}

/**
 * Starts the built app on a free port with a fresh DATA_DIR (and, when TEST_DATABASE_URL is
 * set, a fresh Postgres database), and resolves once it is serving. A fresh DATA_DIR starts with
 * a copy of the template's embedded database: what the server's own first start would make
 * (every migration, the demo logins), without making it again; `template: null` starts empty.
 */
export async function startApp(
  options: {
    dataDir?: string;
    databaseUrl?: string;
    env?: Record<string, string>;
    template?: string | null;
  } = {},
): Promise<RunningApp> {
  if (!existsSync(BUILD)) throw new Error("No build found: run `npm run build` (npm test does).");
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(DATA_ROOT, "smetka-e2e-")));
  const template = options.template === undefined ? dataTemplate() : options.template;
  const embedded = !options.databaseUrl && !process.env.TEST_DATABASE_URL;
  if (template && embedded && !options.dataDir) {
    await copyFolder(path.join(template, "pgdata"), path.join(dataDir, "pgdata"));
  }
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Links in mails must reach this server, which listens on 127.0.0.1 only.
    APP_URL: `http://127.0.0.1:${port}`,
  };

  let dropOwnDatabase = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
  } else if (serverUrl) {
    const name = uniqueName("smetka_e2e");
    env.DATABASE_URL = await createDatabase(serverUrl, name);
    dropOwnDatabase = () => dropDatabase(serverUrl, name);
  }
  if (env.DATABASE_URL) env.SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";

  const server = runServer({ ...env, ...options.env });
  const url = `http://127.0.0.1:${port}`;
  // The time limit is cleared once the race is decided: a pending 60 s timer kept the runner's
  // process alive after the tests (vitest's «close timed out» on a run of one file).
  let limit: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    // "Ready in" is printed last, after the address and the demo logins.
    waitFor(() => server.output().includes("Ready in")),
    server.exited.then((code) => `exited with code ${code}`),
    new Promise<string>((resolve) => {
      limit = setTimeout(() => resolve("timed out"), START_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(limit));
  if (ready !== true) {
    server.child.kill("SIGKILL");
    await dropOwnDatabase();
    throw new Error(`The app did not start (${ready}):\n${server.output()}`);
  }

  return {
    url,
    dataDir,
    output: server.output,
    stop: async (signal = "SIGTERM") => {
      if (server.child.exitCode === null) server.child.kill(signal);
      const code = await server.exited;
      await dropOwnDatabase();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Copies a folder with the system's `cp -R`, and with Node's `fs.cp` where there is none: the
 * template's 1,500 files took `fs.cp` 1.0 s and `cp -R` 0.13 s, at every server start.
 */
function copyFolder(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("cp", ["-R", from, to], (error) => {
      if (!error) resolve();
      else if ((error as NodeJS.ErrnoException).code === "ENOENT")
        cp(from, to, { recursive: true }).then(resolve, reject);
      else reject(error);
    });
  });
}

async function waitFor(check: () => boolean): Promise<true> {
  while (!check()) await delay(50);
  return true;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's Chromium, with the flags this machine needs; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

// Contexts opened with JavaScript off: axe cannot run inside them (it hangs), see below.
const noJavaScript = new WeakSet<BrowserContext>();

/** A page in a context of its own; `javaScriptEnabled: false` for the no-JavaScript paths. */
export async function openPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: "bg-BG",
  });
  if (options.javaScriptEnabled === false) noJavaScript.add(context);
  return { page: await context.newPage(), context };
}

/** Fails with a readable list when axe finds a serious or critical WCAG A/AA violation. */
export async function expectAccessible(page: Page): Promise<void> {
  if (!noJavaScript.has(page.context())) return scan(page);
  // The page as a person without JavaScript has it: the same HTML, its scripts blocked, at the
  // same width, in a page where axe itself may run.
  const browser = page.context().browser()!;
  const url = page.url().split("#")[0]!;
  const html = await page.content();
  const viewport = page.viewportSize();
  const previous = scanning.get(browser) ?? Promise.resolve();
  const done = previous.then(async () => {
    const copy = await copyPage(browser);
    copy.shown = { url, html };
    if (viewport) await copy.page.setViewportSize(viewport);
    await copy.page.goto(url);
    await scan(copy.page);
  });
  scanning.set(
    browser,
    done.catch(() => {}),
  );
  await done;
}

/**
 * One JavaScript-enabled page per browser that shows the no-JavaScript pages' HTML for axe, kept
 * for the browser's life: a context and a page of their own for every scan cost twice the scan
 * (a new renderer, the style sheets and fonts fetched again), 80 scans in a full e2e run.
 */
interface CopyPage {
  page: Page;
  shown: { url: string; html: string };
}
const copies = new WeakMap<Browser, Promise<CopyPage>>();
const scanning = new WeakMap<Browser, Promise<void>>();

function copyPage(browser: Browser): Promise<CopyPage> {
  let copy = copies.get(browser);
  if (!copy) {
    copy = (async () => {
      const context = await browser.newContext({ locale: "bg-BG" });
      const page = await context.newPage();
      const made: CopyPage = { page, shown: { url: "", html: "" } };
      await page.route("**/*", (route) => {
        const request = route.request();
        if (request.isNavigationRequest() && request.url() === made.shown.url) {
          return route.fulfill({ body: made.shown.html, contentType: "text/html; charset=utf-8" });
        }
        return request.resourceType() === "script" ? route.abort() : route.continue();
      });
      return made;
    })();
    copies.set(browser, copy);
  }
  return copy;
}

/**
 * axe in its legacy mode: one `axe.run` in the page. The default mode runs axe in each frame and
 * then opens a blank page in the same context to merge the frames' results there, which was two
 * thirds of each scan (0.48 s against 0.18 s on /auth, idle; decision 036). The legacy mode only
 * leaves out frames from another origin: the app has no frames, and a foreign one fails the scan.
 */
async function scan(page: Page): Promise<void> {
  // What the legacy mode would leave out: a frame from another origin must not go unscanned.
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== "" && url !== "about:blank" && new URL(url).origin !== origin);
  expect(foreign, `frames from another origin on ${page.url()}`).toEqual([]);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * POSTs JSON to the app's API as the browser whose request context is given (its session cookie,
 * the app's Origin) and returns the answer's body. Fails the test, naming the call and the answer,
 * unless the status is the one expected (any 2xx when none is given).
 */
export async function postJson<T = { id: string }>(
  request: APIRequestContext,
  app: RunningApp,
  url: string,
  data: unknown,
  status?: number,
): Promise<T> {
  const response = await request.post(`${app.url}${url}`, { data, headers: { Origin: app.url } });
  const answer = await response.text();
  if (status === undefined) expect(response.ok(), `${url}: ${answer}`).toBe(true);
  else expect(response.status(), `${url}: ${answer}`).toBe(status);
  return JSON.parse(answer) as T;
}

/**
 * POSTs JSON to the running app as an API client does (no browser: the headers given, a bearer or
 * a cookie with the app's Origin), expects the status (any 2xx when none is given) and returns the
 * answer's body. Fails the test naming the call and the answer.
 */
export async function fetchJson<T = { id: string }>(
  app: RunningApp,
  url: string,
  data: unknown,
  headers: Record<string, string>,
  status?: number,
): Promise<T> {
  const response = await fetch(`${app.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(data),
  });
  const answer = await response.text();
  if (status === undefined) expect(response.ok, `${url}: ${answer}`).toBe(true);
  else expect(response.status, `${url}: ${answer}`).toBe(status);
  return JSON.parse(answer) as T;
}

/** The demo customer's API token, from /api/login with a local bot-check token. */
export async function demoToken(app: RunningApp): Promise<string> {
  const { token: recaptchaToken } = (await (
    await fetch(`${app.url}/api/bot-check/challenge`)
  ).json()) as { token: string };
  const { token } = await fetchJson<{ token: string }>(
    app,
    "/api/login",
    {
      username: DEMO_ACCOUNTS.customer.email,
      password: DEMO_ACCOUNTS.customer.password,
      recaptchaToken,
    },
    {},
    200,
  );
  return token;
}

/**
 * Registers an account over the JSON API (a local bot-check token from the challenge call): the
 * answer's login and token, and the session cookie's value the server set.
 */
export async function registerViaApi(app: RunningApp, payload: Record<string, unknown>) {
  const { token } = (await (await fetch(`${app.url}/api/bot-check/challenge`)).json()) as {
    token: string;
  };
  const response = await fetch(`${app.url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ ...payload, recaptchaToken: token }),
  });
  if (response.status !== 201)
    throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
  const body = (await response.json()) as { username: string; token: string };
  return { ...body, cookie: cookie.split(";")[0]!.slice("__session=".length) };
}

/** The input whose label is exactly `name` (a required field's label ends with a hidden " *"). */
export function field(page: Page, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/**
 * Chooses «Клиент» in the document editor: without JavaScript from its select (the first 20
 * clients, or a search's); with it, in the combobox by the keyboard only — the name typed, the
 * server's match taken with ArrowDown and Enter.
 */
export async function chooseClient(page: Page, name: string, javaScriptEnabled = true) {
  if (!javaScriptEnabled) {
    await field(page, "Клиент").selectOption({ label: name });
    return;
  }
  // The text box that replaces the native select once the page is hydrated (until then the
  // select is a combobox too, and typing into it would be lost).
  const box = page.getByRole("combobox", { name: "Клиент" }).and(page.locator("input"));
  await box.waitFor();
  await box.fill(name);
  const option = page.getByRole("option", { name: new RegExp(`^${name}`) });
  await option.waitFor();
  await box.press("ArrowDown");
  // Enter chooses the highlighted option: wait until the arrow has highlighted it.
  await expect.poll(() => option.getAttribute("aria-selected")).toBe("true");
  await box.press("Enter");
  await page.waitForFunction(
    () => (document.querySelector('input[name="clientId"]') as HTMLInputElement | null)?.value,
  );
}

/** A fresh customer's session cookie value, as the server sets it on registration. */
export async function sessionCookieValue(app: RunningApp): Promise<string> {
  return (await registerCustomer(app)).cookie;
}

/** A new customer registered over the API: its e-mail, company, bearer token and browser cookie. */
export async function registerCustomer(app: RunningApp, payload = registrationPayload()) {
  const { token, cookie } = await registerViaApi(app, payload);
  return {
    email: payload.username,
    companyName: payload.companyName,
    bearer: { Authorization: `Bearer ${token}` },
    cookie,
  };
}

/**
 * The header's switcher, as a person uses it: done once the switch's toast shows (the page may
 * already be /dashboard, and the switcher's open list names every company).
 */
export async function switchCompany(page: Page, companyName: string) {
  const header = page.getByRole("banner");
  await header.locator("summary", { hasText: /смяна на фирмата/ }).click();
  await header.getByRole("button", { name: new RegExp(companyName) }).click();
  await page.getByText(`Работите във фирма „${companyName}“.`).waitFor();
  await page.waitForURL(/\/dashboard$/);
}

/** Signs a browser context in as a fresh customer. */
export async function signInContext(app: RunningApp, context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: "__session", value: await sessionCookieValue(app), url: app.url },
  ]);
}

/** Signs in to the back office through its form, as the demo admin: done on /hatterscastle. */
export async function signInAdmin(page: Page, app: RunningApp): Promise<void> {
  await page.goto(`${app.url}/hatterscastle/login`);
  await field(page, "Имейл").fill(DEMO_ACCOUNTS.admin.email);
  await field(page, "Парола").fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "Вход" }).click();
  await page.waitForURL(`${app.url}/hatterscastle`);
}

/** Adds a card on the «Начин на плащане» tab, then comes back to the plans. */
export async function addCard(page: Page, number: string) {
  const base = new URL(page.url()).origin;
  await page.goto(`${base}/settings/subscription?tab=payment`);
  await field(page, "Номер на картата").fill(number);
  await field(page, "Валидна до (ММ/ГГ)").fill("12/39");
  await field(page, "CVC").fill("123");
  await page.getByRole("button", { name: /Добави карта|Смени картата/ }).click();
  await page.getByText("Картата е запазена").waitFor();
  await page.getByText(`•••• ${number.replace(/\s/g, "").slice(-4)}`).waitFor();
  // Nothing of the card stays in the form once it is saved.
  expect(await field(page, "Номер на картата").inputValue()).toBe("");
  expect(await field(page, "CVC").inputValue()).toBe("");
  await page.goto(`${base}/settings/subscription`);
}

/**
 * The fixture for steps that are not about billing: the signed-in customer of `page`'s context
 * moves to a higher plan through the subscription page's own forms (the local test card), sent
 * without opening the page; the plan is checked on /api/subscription/status.
 */
export async function upgradeByForms(
  page: Page,
  app: RunningApp,
  plan: "standard" | "full",
): Promise<void> {
  const forms: Record<string, string>[] = [
    { intent: "card", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    { intent: "upgrade", plan },
  ];
  for (const form of forms) {
    const response = await page.request.post(`${app.url}/settings/subscription`, {
      form,
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    expect(response.status(), `${form.intent}: ${await response.text()}`).toBeLessThan(400);
  }
  const status = await page.request.get(`${app.url}/api/subscription/status`);
  expect(((await status.json()) as { data: { plan: string } }).data.plan).toBe(plan);
}

/**
 * On PostgreSQL (TEST_DATABASE_URL): a database with the demo accounts (the embedded default seeds
 * them itself), for startApp's databaseUrl, and how to drop it. Without it: nothing to do.
 */
export async function seededDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  // Imported here, on PostgreSQL only: the database modules are 0.8 s of an e2e file's import.
  const [{ openPostgres }, { migrateToLatest }, { seedDemo }] = await Promise.all([
    import("~db/client"),
    import("~db/migrate"),
    import("~db/seed"),
  ]);
  const name = uniqueName(prefix);
  const databaseUrl = await createDatabase(serverUrl, name);
  const database = openPostgres(databaseUrl, 2);
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  await database.close();
  return { databaseUrl, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * For one describe block: a server on a database of its own, seeded with the demo logins (a new
 * PostgreSQL database with TEST_DATABASE_URL, else the embedded default), and a browser; started
 * before the block's tests, `use`d by them, and closed (the database dropped) after them.
 */
export function onSeededApp(
  prefix: string,
  use: (started: { app: RunningApp; browser: Browser }) => void,
) {
  let started: { app: RunningApp; browser: Browser } | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const seeded = await seededDatabase(prefix);
    drop = seeded.drop;
    const [app, browser] = await Promise.all([
      startApp(seeded.databaseUrl ? { databaseUrl: seeded.databaseUrl } : {}),
      launchBrowser(),
    ]);
    started = { app, browser };
    use(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.app.stop();
    await drop();
  });
}

/**
 * A journey's steps (issue #44 item 7): `const step = stepsOf(annotate)` in a long browser test,
 * then `await step("…")` where each part begins. The steps are the test's annotations: when it
 * fails, the report lists the steps it reached, the last being the one that failed.
 */
export function stepsOf(annotate: TestContext["annotate"]): (name: string) => Promise<void> {
  let count = 0;
  return async (name: string) => {
    count += 1;
    await annotate(`step ${count}: ${name}`);
  };
}
