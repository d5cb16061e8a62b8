import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { LOCAL_SITE_KEY } from "~/modules/auth/bot-check.server";

/** GET /api/recaptcha-key → {siteKey, isProduction}; the local check says isProduction: false. */
export function loader({ context }: LoaderFunctionArgs) {
  const { recaptcha } = context.config;
  return json(
    recaptcha
      ? { siteKey: recaptcha.siteKey, isProduction: true }
      : { siteKey: LOCAL_SITE_KEY, isProduction: false },
  );
}

export const openapi = undocumented("The pages' bot check key, not the integration API");
