import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Decision 028: one server-side check of the role's capability, used by every loader, action and
 * API call. The guards take the capability as a required argument (a call without one does not
 * compile); this test finds the other way round: a route that reads the company it works in
 * (`companyId`) behind a plain requireUser/getUser, without any capability check. The few that
 * may are listed with the reason.
 */

const routes = path.dirname(fileURLToPath(import.meta.url));

const ALLOWED: Record<string, string> = {
  "api.settings.logo.ts": "the company's logo: every member of the company sees it",
  "api.subscription.status.ts": "the company's plan: every member works under it",
  "subscription-success.tsx": "public page after a payment: only the plan's name",
  "switch-company.ts": "the switch itself: checks the membership (team/companies.server)",
  "api.companies.active.ts": "the switch itself: checks the membership (team/companies.server)",
  "invite.$token.tsx": "accepting an invitation: the token names the company",
  "api.stripe.card-webhook.$companyId.ts":
    "Stripe's webhook of a company's own account: the signature with its sealed secret is the check",
  "portal.$token.tsx":
    "the client portal: the secret link names the company and the client (portal/links.server)",
  "api.team.invitations.accept.ts": "accepting an invitation: the token names the company",
  "_app.companies_.months.tsx":
    "the login's own memberships where it keeps the books (owner or accountant: month-end/overview.server)",
  "_app.companies.tsx":
    "the login's own memberships: leaving checks the membership (team/members.server)",
};

// requireBankPage/requireBankApi: the bank's one wiring of its capabilities (bank.view,
// bank.edit) onto requireFeature/requireApiFeatureUser (web/bank/access.server.ts).
const CHECKED =
  /\b(requireCompanyUser|requireApiCompany|requireApiCompanyUser|requireFeature|requireApiFeatureCompany|requireApiFeatureUser|requireCapability|requireAdmin|requireApiAdmin|requireBankPage|requireBankApi)\(|\bcan\(/;

function routeFiles(dir = routes, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full, `${prefix}${name}/`);
    if (!/\.tsx?$/.test(name) || /\.(test|css)\.tsx?$/.test(name)) return [];
    return [`${prefix}${name}`];
  });
}

describe("the role's capability (decision 028)", () => {
  it("is checked by every route that reads the company it works in", () => {
    const unchecked = routeFiles().filter((file) => {
      const source = readFileSync(path.join(routes, file), "utf8");
      return /companyId/.test(source) && !CHECKED.test(source) && !Object.hasOwn(ALLOWED, file);
    });
    expect(unchecked).toEqual([]);
  });

  it("lists only routes that still exist and still need it", () => {
    const files = new Set(routeFiles());
    for (const file of Object.keys(ALLOWED)) {
      if (!files.has(file)) continue;
      const source = readFileSync(path.join(routes, file), "utf8");
      expect(CHECKED.test(source), `${file} checks a capability: strike it off`).toBe(false);
    }
  });
});
