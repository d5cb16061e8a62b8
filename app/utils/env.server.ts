import { existsSync } from "node:fs";
import { z } from "zod";

/** The EU Commission's VIES REST API. */
export const VIES_DEFAULT_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";

// An empty value in .env ("DATABASE_URL=") means "not set", as people expect.
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"])).transform(
      (value) => value ?? "production",
    ),
    PORT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a whole number from 1 to 65535" })
        .int("must be a whole number from 1 to 65535")
        .min(1, "must be a whole number from 1 to 65535")
        .max(65535, "must be a whole number from 1 to 65535"),
    ).transform((value) => value ?? 3000),
    HOST: optional(z.string()).transform((value) => value ?? "127.0.0.1"),
    APP_URL: optional(
      z
        .string()
        .url("must be an absolute URL such as https://smetka.example.bg")
        .transform((value) => value.replace(/\/+$/, "")),
    ),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
    ),
    DATABASE_POOL_SIZE: optional(
      z.coerce.number().int().min(1, "must be at least 1").max(100, "must be at most 100"),
    ).transform((value) => value ?? 10),
    DATA_DIR: optional(z.string()).transform((value) => value ?? "./data"),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
    SMTP_URL: optional(
      z
        .string()
        .regex(
          /^smtps?:\/\//,
          "must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587",
        ),
    ),
    MAIL_FROM: optional(z.string()).transform((value) => value ?? "Сметка <no-reply@smetka.bg>"),
    SUPPORT_EMAIL: optional(z.string().email("must be an e-mail address")),
    RECAPTCHA_SITE_KEY: optional(z.string()),
    RECAPTCHA_SECRET_KEY: optional(z.string()),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, "must start with sk_ or rk_")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "must start with whsec_")),
    STRIPE_PRICE_STANDARD: optional(
      z.string().regex(/^price_/, "must be a Stripe price id (price_…)"),
    ),
    STRIPE_PRICE_FULL: optional(z.string().regex(/^price_/, "must be a Stripe price id (price_…)")),
    // Another address for Stripe's API (stripe-mock, or a test's stand-in); empty: api.stripe.com.
    STRIPE_API_BASE: optional(
      z.string().url("must be an absolute URL such as http://127.0.0.1:12111"),
    ),
    PLAN_PRICE_STANDARD: optional(
      z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a monthly price in euro, e.g. 19.00"),
    ).transform((value) => value ?? "19.00"),
    PLAN_PRICE_FULL: optional(
      z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a monthly price in euro, e.g. 39.00"),
    ).transform((value) => value ?? "39.00"),
    BODY_LIMIT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of bytes, e.g. 1048576" })
        .int("must be a number of bytes, e.g. 1048576")
        .min(1024, "must be at least 1024 bytes"),
    ).transform((value) => value ?? 1_048_576),
    UPLOAD_LIMIT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of bytes, e.g. 26214400" })
        .int("must be a number of bytes, e.g. 26214400")
        .min(1024, "must be at least 1024 bytes"),
    ).transform((value) => value ?? 26_214_400),
    // Which proxies to believe about the client's address (Express "trust proxy"): "loopback",
    // a hop count such as "1", or addresses/subnets separated by commas.
    TRUST_PROXY: optional(z.string()).transform((value) => value ?? "loopback"),
    // Whether this web process also works the job queue ("on"), or leaves it to `npm run worker`.
    JOBS: optional(z.enum(["on", "off"], { message: "must be on or off" })).transform(
      (value) => value ?? "on",
    ),
    PDF_WORKERS: optional(
      z.coerce
        .number({ invalid_type_error: "must be a whole number from 1 to 16" })
        .int("must be a whole number from 1 to 16")
        .min(1, "must be a whole number from 1 to 16")
        .max(16, "must be a whole number from 1 to 16"),
    ),
    PDF_TIMEOUT_MS: optional(
      z.coerce
        .number({ invalid_type_error: "must be milliseconds from 1000 to 120000" })
        .int("must be milliseconds from 1000 to 120000")
        .min(1000, "must be milliseconds from 1000 to 120000")
        .max(120_000, "must be milliseconds from 1000 to 120000"),
    ).transform((value) => value ?? 20_000),
    // PDFs waiting for a render thread, all companies together; beyond it 503 with Retry-After.
    PDF_QUEUE_LIMIT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a whole number from 1 to 10000" })
        .int("must be a whole number from 1 to 10000")
        .min(1, "must be a whole number from 1 to 10000")
        .max(10_000, "must be a whole number from 1 to 10000"),
    ).transform((value) => value ?? 100),
    // Backups (docs/decisions/026): hours between scheduled backups (0: none) and how many to keep.
    BACKUP_INTERVAL: optional(
      z.coerce
        .number({ invalid_type_error: "must be hours from 0 (off) to 8760, e.g. 24" })
        .int("must be hours from 0 (off) to 8760, e.g. 24")
        .min(0, "must be hours from 0 (off) to 8760, e.g. 24")
        .max(8760, "must be hours from 0 (off) to 8760, e.g. 24"),
    ).transform((value) => value ?? 24),
    BACKUP_KEEP: optional(
      z.coerce
        .number({ invalid_type_error: "must be a whole number from 1 to 1000" })
        .int("must be a whole number from 1 to 1000")
        .min(1, "must be a whole number from 1 to 1000")
        .max(1000, "must be a whole number from 1 to 1000"),
    ).transform((value) => value ?? 7),
    MARKETING_URL: optional(z.string().url("must be an absolute URL")).transform((value) =>
      (value ?? "https://smetka.bg").replace(/\/+$/, ""),
    ),
    // VAT numbers looked up in the EU's VIES service: "on" (default) or "off"; off in tests.
    VIES_ENABLED: optional(z.enum(["on", "off"], { message: "must be on or off" })),
    // VIES's REST API (another address for a stand-in or a test's mock).
    VIES_URL: optional(
      z
        .string()
        .url("must be an absolute URL such as https://ec.europa.eu/taxation_customs/vies/rest-api"),
    ).transform((value) => (value ?? VIES_DEFAULT_URL).replace(/\/+$/, "")),
  })
  .refine((env) => Boolean(env.RECAPTCHA_SITE_KEY) === Boolean(env.RECAPTCHA_SECRET_KEY), {
    path: ["RECAPTCHA_SECRET_KEY"],
    message: "and RECAPTCHA_SITE_KEY must be set together (or both left empty for the local check)",
  })
  .refine(
    (env) =>
      !env.STRIPE_SECRET_KEY ||
      (env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_STANDARD && env.STRIPE_PRICE_FULL),
    {
      path: ["STRIPE_SECRET_KEY"],
      message:
        "needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STANDARD and STRIPE_PRICE_FULL too (or leave it empty for the local billing provider)",
    },
  );

export type Env = z.infer<typeof envSchema> & { APP_URL: string; VIES_ENABLED: "on" | "off" };

/**
 * The address the server listens on, as the console prints it and a browser opens it: the host
 * (an IPv6 one in brackets; all interfaces, 0.0.0.0 or ::, as localhost) and the port.
 */
export function listenUrl(env: { HOST: string; PORT: number }): string {
  const host =
    env.HOST === "0.0.0.0" || env.HOST === "::" || env.HOST === "" ? "localhost" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates the environment; throws EnvError with one readable line on the first problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".");
    const got = source[name];
    const shown = got === undefined ? "" : ` (got "${name.endsWith("SECRET") ? "***" : got}")`;
    throw new EnvError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  return {
    ...env,
    // The address the console prints (issue #41, item 15): a link in an e-mail opens the same
    // host, so the session cookie set there is the one the link finds.
    APP_URL: env.APP_URL ?? listenUrl(env),
    // Tests never reach the real service unless they say so.
    VIES_ENABLED: env.VIES_ENABLED ?? (env.NODE_ENV === "test" ? "off" : "on"),
  };
}

/** Loads .env from the working folder when there is one (Node's own loader), then validates. */
export function loadEnv(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  return parseEnv(process.env);
}
