import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { issueLocalToken } from "~/modules/auth/bot-check.server";
import { API_MESSAGES, jsonError } from "~/utils/http.server";

/**
 * GET /api/bot-check/challenge → {token}: a one-time token of the local bot check for API
 * clients (send it as recaptchaToken). Only without reCAPTCHA keys; otherwise 404.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (context.config.recaptcha) return jsonError(API_MESSAGES.notFound, 404);
  return json(
    { token: issueLocalToken(context.config.sessionSecret) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const openapi = undocumented(
  "The sign-up and login pages' local bot check, not the integration API",
);
