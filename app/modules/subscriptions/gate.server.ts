import { type AppLoadContext, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser, requireCompanyUser, requireUser } from "~/modules/auth/guards.server";
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

/**
 * The guard of every loader and action of a gated module's pages: the company user when the plan
 * opens the feature; otherwise a thrown 403 whose data ({locked, needed}) the route's
 * GateBoundary draws as the plan gate (spec §2).
 */
export async function requireFeature(request: Request, context: AppLoadContext, feature: Feature) {
  const user = await requireCompanyUser(request, context);
  const needed = FEATURE_PLANS[feature];
  if (!hasPlan(user, needed)) throw json({ locked: true, needed }, { status: 403 });
  return user;
}

/** For API calls of a company's gated module: the caller with its company, or 401/403 JSON. */
export async function requireApiFeatureUser(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
): Promise<SessionUser & { companyId: string }> {
  const user = await requireApiFeature(request, context, feature);
  const { companyId } = user;
  if (!companyId) throw json({ message: "Достъп отказан" }, { status: 403 });
  return { ...user, companyId };
}

/** For API calls of a company's gated module: its id, or 401/403 JSON. */
export async function requireApiFeatureCompany(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
): Promise<string> {
  return (await requireApiFeatureUser(request, context, feature)).companyId;
}
