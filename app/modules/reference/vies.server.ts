import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import type { ViesConfig } from "~/utils/context.server";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { bgVatError } from "./bg-identifiers";
import { parseVatNumber, VIES_MESSAGES, type ViesAnswer, type ViesVat } from "./vies";

/*
 * VAT numbers asked of the EU Commission's VIES REST API (decision 014):
 *   GET {VIES_URL}/ms/{countryCode}/vat/{number}
 *   → {isValid, requestDate, userError: "VALID" | "INVALID" | "MS_UNAVAILABLE" | …, name, address, …}
 * (its POST /check-vat-number answers the same with `valid`; both are read). A member state that
 * does not answer comes back as userError MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ … on a 200,
 * or as {actionSucceed: false, errorWrappers: [{error}]}; none of these says anything about the
 * number, so they are «VIES не отговаря» (503) like a slow (5 s), failing or unreachable service.
 * Answers (valid or not) are kept a day in vies_checks, shared by every instance.
 */

const CACHE_FOR = "1 day";
/** The most of VIES's answer that is read (a real one is under 2 KB); a longer one is «VIES не отговаря». */
export const VIES_MAX_BYTES = 64 * 1024;
/** Member states' words for "this number was checked": the others mean it was not. */
const ANSWERED = new Set(["VALID", "INVALID"]);
const MAX_TEXT = 500;

/** VIES's text: "---" (not disclosed) is nothing; lines become ", "; controls are dropped. */
function clean(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, " ")
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(", ")
    .trim();
  if (text === "" || /^-+$/.test(text)) return null;
  return text.slice(0, MAX_TEXT);
}

const unavailable = () => new AppError(VIES_MESSAGES.unavailable, 503);

/**
 * The answer's JSON, read as it streams in up to VIES_MAX_BYTES: past it the download is cancelled
 * (the connection closed) and VIES counts as not answering. null for a body that is not JSON.
 */
// The answer of fetch() to VIES: what this server received as a client, not an answer it gives.
type FetchAnswer = Awaited<ReturnType<typeof fetch>>;

async function readAnswer(response: FetchAnswer): Promise<unknown> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > VIES_MAX_BYTES) {
    void response.body?.cancel().catch(() => {});
    throw unavailable();
  }
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > VIES_MAX_BYTES) {
      // Not awaited: a cancel settles only when every reader of a teed body has let go.
      void reader.cancel().catch(() => {});
      throw unavailable();
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}
const badFormat = () =>
  new AppError(VIES_MESSAGES.format, 400, { vatNumber: VIES_MESSAGES.format });

/** One question to VIES; throws AppError 503 when it cannot answer, 400 when it refuses the input. */
async function askVies(
  config: ViesConfig,
  countryCode: string,
  number: string,
): Promise<{ valid: boolean; name: string | null; address: string | null }> {
  const url = `${config.url}/ms/${countryCode}/vat/${encodeURIComponent(number)}`;
  let body: Record<string, unknown> | null;
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    body = (await readAnswer(response)) as Record<string, unknown> | null;
    if (!response.ok && !isInvalidInput(body)) throw unavailable();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Timed out, refused, reset: the service did not answer.
    throw unavailable();
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw unavailable();
  if (isInvalidInput(body)) throw badFormat();
  const verdict =
    typeof body.isValid === "boolean"
      ? body.isValid
      : typeof body.valid === "boolean"
        ? body.valid
        : null;
  const userError = typeof body.userError === "string" ? body.userError : null;
  if (
    verdict === null ||
    body.actionSucceed === false ||
    (userError !== null && !ANSWERED.has(userError))
  ) {
    throw unavailable();
  }
  return { valid: verdict, name: clean(body.name), address: clean(body.address) };
}

/** VIES refused the number itself (its format), rather than failing to answer. */
function isInvalidInput(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const record = body as { userError?: unknown; errorWrappers?: unknown };
  const codes = [
    record.userError,
    ...(Array.isArray(record.errorWrappers)
      ? record.errorWrappers.map((wrapper: { error?: unknown }) => wrapper?.error)
      : []),
  ];
  return codes.includes("INVALID_INPUT");
}

/**
 * The number as VIES is asked it, or the AppError that says why it is not asked: none typed, not
 * a VAT number (400), a Bulgarian one with a wrong check digit (400, as the form says it in the
 * browser), or the check turned off (503).
 */
function askable(config: ViesConfig, vatNumber: string): ViesVat {
  const vat = parseVatNumber(vatNumber);
  if (!vat) {
    throw vatNumber.trim() === ""
      ? new AppError(VIES_MESSAGES.required, 400, { vatNumber: VIES_MESSAGES.required })
      : badFormat();
  }
  const bgError = vat.countryCode === "BG" ? bgVatError(vat.vatNumber) : null;
  if (bgError) throw new AppError(bgError, 400, { vatNumber: bgError });
  if (!config.enabled) throw new AppError(VIES_MESSAGES.off, 503);
  return vat;
}

/**
 * Checks a VAT number in VIES: {valid, name, address, countryCode, number, checkedAt}. A number
 * that cannot be one is AppError 400 before any call; the check turned off (VIES_ENABLED=off), VIES
 * down, slow or busy is AppError 503. An answer is kept a day for every instance.
 */
export async function checkVat(db: Kysely<Database>, config: ViesConfig, vatNumber: string) {
  const vat = askable(config, vatNumber);
  const kept = await db
    .selectFrom("viesChecks")
    .select(["valid", "name", "address", "checkedAt"])
    .where("vatNumber", "=", vat.vatNumber)
    .where("checkedAt", ">", sql<Date>`now() - ${CACHE_FOR}::interval`)
    .executeTakeFirst();
  const found =
    kept ??
    (await (async () => {
      const answer = await askVies(config, vat.countryCode, vat.number);
      return db
        .insertInto("viesChecks")
        .values({ vatNumber: vat.vatNumber, ...answer, checkedAt: sql`now()` })
        .onConflict((oc) =>
          oc.column("vatNumber").doUpdateSet((eb) => ({
            valid: eb.ref("excluded.valid"),
            name: eb.ref("excluded.name"),
            address: eb.ref("excluded.address"),
            checkedAt: eb.ref("excluded.checkedAt"),
          })),
        )
        .returning(["valid", "name", "address", "checkedAt"])
        .executeTakeFirstOrThrow();
    })());
  return {
    valid: found.valid,
    name: found.name,
    address: found.address,
    countryCode: vat.countryCode,
    number: vat.number,
    checkedAt: new Date(found.checkedAt),
  };
}

/**
 * A person's «Провери»: within LIMITS.vies per `key` (company or address; AppError 429), then
 * checkVat, as the JSON the API and the pages' scripts read.
 */
export async function lookupVat(
  context: AppLoadContext,
  key: string,
  vatNumber: string,
): Promise<ViesAnswer> {
  // A number that cannot be one, or the check turned off, is said before it counts.
  askable(context.config.vies, vatNumber);
  const limit = await hit(context.db, `vies:${key}`, LIMITS.vies);
  if (!limit.allowed) throw new AppError(VIES_MESSAGES.throttled, 429);
  const result = await checkVat(context.db, context.config.vies, vatNumber);
  return {
    valid: result.valid,
    name: result.name,
    address: result.address,
    vatNumber: `${result.countryCode}${result.number}`,
    checkedAt: result.checkedAt.toISOString(),
  };
}
