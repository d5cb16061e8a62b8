import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "@remix-run/dev/server-build";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import express from "express";
import { JOBS } from "~/composition.server";
import { auditImpersonatedRequest } from "~/modules/admin/audit.server";
import {
  answerBackupRequests,
  isBackupCommand,
  runBackupCommand,
} from "~/modules/backup/command.server";
import { claimDataDir, DataDirBusyError } from "~/modules/backup/control.server";
import { backupTarget } from "~/modules/backup/jobs.server";
import { closeStatementPool } from "~/modules/bank/reader.server";
import { closeUblPool } from "~/modules/einvoice/reader.server";
import { queueJobs } from "~/modules/jobs/client.server";
import { startJobs } from "~/modules/jobs/jobs.server";
import { createQueue } from "~/modules/jobs/queue.server";
import { closePdfPool, configurePdfPool, warmPdfPool } from "~/modules/pdf/pool.server";
import { pgliteHub, postgresHub } from "~/modules/subscriptions/events.server";
import type { AppConfig } from "~/utils/context.server";
import { EnvError, listenUrl, loadEnv } from "~/utils/env.server";
import {
  assignRequestIds,
  contentSecurityPolicy,
  countPeoplesRequests,
  refuseCrossSiteMutations,
  refuseNulInUrl,
  refuseOversizedBodies,
  remixHandler,
  securityHeaders,
} from "~/utils/express.server";
import { guardBuild } from "~/utils/route-guard.server";
import { resolveSessionSecret } from "~/utils/secrets.server";
import { otherCompanyOffer } from "~/web/team/other-company.server";
import { openDatabase } from "~db/client";
import { migrateToLatest } from "~db/migrate";
import { DEMO_ACCOUNTS, isEmpty, seedDemo, seedDemoData } from "~db/seed";

// The production server: `node build/index.js`. The Remix compiler bundles this file
// with the app (remix.config.js `server`), so there is one artefact to run.
// `node build/index.js --worker` (npm run worker) works the job queue without serving HTTP;
// `--backup` and `--restore FILE` (npm run backup / restore) are the backup commands.
const WORKER_ONLY = process.argv.includes("--worker");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const started = performance.now();
  const env = loadEnv();
  if (isBackupCommand(process.argv)) process.exit(await runBackupCommand(process.argv, env));
  // The embedded database is one process's: claimed before it is opened (decision 026).
  const claim = env.DATABASE_URL ? null : await claimDataDir(env.DATA_DIR);
  if (claim && !claim.socket) {
    console.warn(
      "DATA_DIR's path is too long for its control socket: `npm run backup` cannot reach this server (scheduled backups still run).",
    );
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) console.log(`Migrations applied: ${applied.join(", ")}`);

  // Only the embedded default seeds itself; a real server is seeded with `npm run db:seed`.
  let seeded = false;
  if (database.kind === "pglite" && (await isEmpty(database.db))) {
    seeded = (await seedDemo(database.db)).length > 0;
  } else if (database.kind === "pglite") {
    // A demo made before it had data gets its month (issue #41, item 15); nothing otherwise.
    await seedDemoData(database.db);
  }

  const session = await resolveSessionSecret({
    configured: env.SESSION_SECRET,
    dataDir: env.DATA_DIR,
  });
  if (database.kind === "postgres" && session.source !== "env") {
    console.warn(
      "SESSION_SECRET is not set: using the one kept in DATA_DIR. Set it when running several instances.",
    );
  }

  const config: AppConfig = {
    appUrl: env.APP_URL,
    sessionSecret: session.secret,
    databaseKind: database.kind,
    dataDir: env.DATA_DIR,
    secureCookies: env.APP_URL.startsWith("https://"),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY }
        : null,
    marketingUrl: env.MARKETING_URL,
    vies: { enabled: env.VIES_ENABLED === "on", url: env.VIES_URL, timeoutMs: 5000 },
    backup: {
      intervalHours: env.BACKUP_INTERVAL,
      keep: env.BACKUP_KEEP,
      databaseUrl: env.DATABASE_URL,
    },
    billing: {
      prices: {
        standard: Math.round(Number(env.PLAN_PRICE_STANDARD) * 100),
        full: Math.round(Number(env.PLAN_PRICE_FULL) * 100),
      },
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              priceIds: {
                standard: env.STRIPE_PRICE_STANDARD ?? "",
                full: env.STRIPE_PRICE_FULL ?? "",
              },
              ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
            }
          : null,
    },
  };
  // Subscription events reach this instance's open streams through LISTEN/NOTIFY.
  const events =
    database.pglite !== null
      ? await pgliteHub(database.pglite)
      : postgresHub(env.DATABASE_URL as string);

  configurePdfPool({
    threads: env.PDF_WORKERS,
    timeoutMs: env.PDF_TIMEOUT_MS,
    queueLimit: env.PDF_QUEUE_LIMIT,
  });

  // The job queue: schedules and queues are declared by every instance (idempotent); jobs are
  // worked here unless JOBS=off leaves them to `npm run worker`.
  const queue = createQueue({
    databaseUrl: env.DATABASE_URL,
    pglite: database.pglite && { pglite: database.pglite, db: database.db },
  });
  queue.on("error", (error) => console.error("Job queue:", error));
  await queue.start();
  const jobs = queueJobs(queue);
  await startJobs(
    queue,
    JOBS,
    { db: database.db, config, jobs },
    { work: WORKER_ONLY || env.JOBS === "on" },
  );
  // `npm run backup` asks here for the embedded database's backup.
  claim?.serve(answerBackupRequests(backupTarget({ db: database.db, config })));
  if (WORKER_ONLY) {
    console.log(`Сметка worker is running (database: ${database.location})`);
    const stopWorker = async (signal: string) => {
      console.log(`${signal} received: finishing jobs in hand`);
      await queue.stop({ graceful: true, wait: true, timeout: SHUTDOWN_GRACE_MS - 1000 });
      await closePdfPool();
      await closeUblPool();
      await database.close();
      await claim?.close();
      process.exit(0);
    };
    process.on("SIGTERM", () => void stopWorker("SIGTERM"));
    process.on("SIGINT", () => void stopWorker("SIGINT"));
    return;
  }
  const limits = { body: env.BODY_LIMIT, upload: env.UPLOAD_LIMIT };
  // Stripe's own pages (Checkout, the Billing Portal, hosted invoices) are reached by a form's
  // redirect, which the CSP's form-action must allow; reCAPTCHA loads its script and frame.
  const stripeHosts = config.billing.stripe
    ? [
        "https://checkout.stripe.com",
        "https://billing.stripe.com",
        "https://invoice.stripe.com",
        ...(config.billing.stripe.apiBase ? [new URL(config.billing.stripe.apiBase).origin] : []),
      ]
    : [];
  const recaptchaHosts = config.recaptcha
    ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]
    : [];

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(env.TRUST_PROXY));
  app.use(assignRequestIds);
  app.use(securityHeaders({ hsts: config.secureCookies }));
  // Fingerprinted assets are immutable; the rest of public/ may change between releases.
  app.use(
    build.publicPath,
    express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }),
  );
  // The rest of public/ by its top-level names only, so a page or API request does not look for a
  // file on disk first (a stat per request; bench, #17).
  const publicDir = path.join(root, "public");
  const publicNames = new Set(
    existsSync(publicDir) ? readdirSync(publicDir).filter((name) => name !== "build") : [],
  );
  const publicFiles = express.static(publicDir, { maxAge: "1h" });
  app.use((req, res, next) => {
    if (publicNames.has(req.path.split("/")[1] ?? "")) publicFiles(req, res, next);
    else next();
  });
  app.use(countPeoplesRequests);
  app.use(refuseNulInUrl);
  app.use(refuseOversizedBodies(limits));
  app.use(refuseCrossSiteMutations);
  app.all(
    "*",
    remixHandler({
      build: guardBuild(build as unknown as ServerBuild, { notFound: otherCompanyOffer }),
      limits,
      getLoadContext: (req, edge) => ({
        db: database.db,
        config,
        clientIp: req.ip ?? "unknown",
        events,
        jobs,
        requestId: edge.requestId,
        cspNonce: edge.cspNonce,
      }),
      onAnswer: auditImpersonatedRequest,
      csp: (nonce) =>
        contentSecurityPolicy(nonce, {
          scripts: recaptchaHosts,
          frames: recaptchaHosts,
          // A client's «Плати с карта» goes to Checkout of the company's own Stripe (decision 071).
          forms: [...new Set([...stripeHosts, "https://checkout.stripe.com"])],
        }),
    }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = listenUrl(env);
    const where =
      database.kind === "pglite" ? `embedded PGlite in ${database.location}` : database.location;
    console.log(`Сметка is running at ${address} (database: ${where})`);
    if (env.APP_URL !== address) console.log(`Links in e-mails use APP_URL: ${env.APP_URL}`);
    if (database.kind === "pglite") {
      console.log(
        `Demo logins${seeded ? " (just created)" : ""}: customer ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}, admin ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
      );
    }
    console.log(`Ready in ${Math.round(performance.now() - started)} ms`);
    warmPdfPool();
    if (build.mode === "development") broadcastDevReady(build);
  });
  server.on("error", async (error: NodeJS.ErrnoException) => {
    console.error(`Cannot listen on ${env.HOST}:${env.PORT}: ${error.code ?? error.message}`);
    await database.close();
    await claim?.close();
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing connections and the database`);
    const force = setTimeout(() => {
      console.error("Shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting, let requests in flight finish, then drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Event streams never go idle: after a short grace they are closed (browsers reconnect
    // to another instance).
    const drain = setTimeout(() => server.closeAllConnections(), 2_000);
    drain.unref();
    await closed;
    clearTimeout(drain);
    await events.close();
    await queue.stop({ graceful: true, wait: true, timeout: 5_000 });
    await closePdfPool();
    await closeUblPool();
    await closeStatementPool();
    await database.close();
    await claim?.close();
    console.log("Stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Express's "trust proxy" from TRUST_PROXY: a hop count, or names/addresses as given. */
function trustProxy(value: string): number | string | string[] {
  if (/^\d+$/.test(value)) return Number(value);
  return value.includes(",") ? value.split(",").map((part) => part.trim()) : value;
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirBusyError) console.error(error.message);
  else console.error("Failed to start:", error);
  process.exit(1);
});
