import { type AppLoadContext, json } from "@remix-run/node";
import { CHECKS_THROTTLED } from "~/modules/accounts/service.server";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";

/**
 * The availability checks (e-mail, company name, EIK) are limited per address: otherwise they
 * list the registered accounts at hundreds a second. Throws the API's 429 answer.
 */
export async function limitAvailabilityChecks(context: AppLoadContext): Promise<void> {
  const result = await hit(context.db, `availability:${context.clientIp}`, LIMITS.availability);
  if (result.allowed) return;
  throw json(
    { success: false, message: CHECKS_THROTTLED, error: CHECKS_THROTTLED },
    { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
  );
}
