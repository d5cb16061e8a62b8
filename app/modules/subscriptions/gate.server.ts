import { type AppLoadContext, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser, requireUser } from "~/modules/auth/guards.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { FEATURE_PLANS, type Feature, hasPlan } from "./plans";

/**
 * Plan gates, checked on the server in every loader and API call of a gated feature —
 * the lock in the menu is only a hint. Pages get `{locked, needed}` with HTTP 403 and show the
 * gate; API calls answer 403 JSON (gated actions, once there are any, use the same refusal).
 */
export async function gatePage(request: Request, context: AppLoadContext, feature: Feature) {
  const user = await requireUser(request, context);
  const needed = FEATURE_PLANS[feature];
  return { user, needed, locked: !hasPlan(user, needed) };
}

/** The loader of a gated page: {locked, needed}, with HTTP 403 when locked. */
export async function gatedLoader({ request, context }: LoaderFunctionArgs, feature: Feature) {
  const { locked, needed } = await gatePage(request, context, feature);
  return json({ locked, needed }, { status: locked ? 403 : 200 });
}

export const GATE_MESSAGES = {
  standard: "Необходим е стандартен абонамент",
  full: "Upgrade Required",
} as const;

function refusal(needed: "standard" | "full") {
  return json(
    {
      message: needed === "full" ? "Необходим е пълен абонамент" : GATE_MESSAGES.standard,
      requiredPlan: needed,
    },
    { status: 403 },
  );
}

/** For API calls (cookie or bearer): 401 without a session, 403 below the plan. */
export async function requireApiFeature(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
): Promise<SessionUser> {
  const user = await requireApiUser(request, context);
  const needed = FEATURE_PLANS[feature];
  if (!hasPlan(user, needed)) throw refusal(needed);
  return user;
}
