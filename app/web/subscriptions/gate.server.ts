import { type AppLoadContext, json } from "@remix-run/node";
import type { Capability } from "~/modules/auth/capabilities";
import type { CompanyUser } from "~/modules/auth/session.server";
import { FEATURE_PLANS, type Feature, hasPlan, PLAN_NAMES } from "~/modules/subscriptions/plans";
import { requireApiCompanyUser, requireCompanyUser } from "~/web/auth/guards.server";

/**
 * Plan gates, checked on the server in every loader and API call of a gated feature —
 * the lock in the menu is only a hint. They apply on top of the role's capability (decision
 * 028): the role is checked first, then the plan. Pages get `{locked, needed}` with HTTP 403 and
 * show the gate; API calls answer 403 JSON.
 */

function refusal(needed: "standard" | "full") {
  return json(
    {
      // The plan by its name (spec §9), as the page's gate and the plans page name it.
      message: `Необходим е план „${PLAN_NAMES[needed]}“`,
      requiredPlan: needed,
    },
    { status: 403 },
  );
}

/**
 * The guard of every loader and action of a gated module's pages: the company user when the role
 * has the capability and the plan opens the feature; otherwise a refused role goes to /dashboard
 * with the toast, and a plan below the feature's is a thrown 403 whose data ({locked, needed})
 * the route's GateBoundary draws as the plan gate (spec §2).
 */
export async function requireFeature(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
  capability: Capability,
): Promise<CompanyUser> {
  const user = await requireCompanyUser(request, context, capability);
  const needed = FEATURE_PLANS[feature];
  if (!hasPlan(user, needed)) throw json({ locked: true, needed }, { status: 403 });
  return user;
}

/** For API calls of a company's gated module: the caller with its company, or 401/403 JSON. */
export async function requireApiFeatureUser(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
  capability: Capability,
): Promise<CompanyUser> {
  const user = await requireApiCompanyUser(request, context, capability);
  const needed = FEATURE_PLANS[feature];
  if (!hasPlan(user, needed)) throw refusal(needed);
  return user;
}

/** For API calls of a company's gated module: its id, or 401/403 JSON. */
export async function requireApiFeatureCompany(
  request: Request,
  context: AppLoadContext,
  feature: Feature,
  capability: Capability,
): Promise<string> {
  return (await requireApiFeatureUser(request, context, feature, capability)).companyId;
}
