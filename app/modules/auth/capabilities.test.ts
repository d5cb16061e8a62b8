import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CAPABILITIES, can, MEMBER_ROLES } from "./capabilities";

/*
 * The role × capability table of decision 028 drives the one server-side check: the table in the
 * decision and CAPABILITIES here must say the same, capability by capability, role by role.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const decision = readFileSync(
  path.join(root, "docs/decisions/028-team-and-accountant-access.md"),
  "utf8",
);

/** The decision's table: capability → the roles with a ✓. */
function documentedTable(): Record<string, string[]> {
  const lines = decision.split("\n").filter((line) => line.startsWith("|"));
  const header = lines[0]!.split("|").map((cell) => cell.trim());
  expect(header.slice(1, 6)).toEqual(["capability", ...MEMBER_ROLES]);
  const table: Record<string, string[]> = {};
  for (const line of lines.slice(2)) {
    const cells = line.split("|").map((cell) => cell.trim());
    const capability = cells[1]!;
    table[capability] = MEMBER_ROLES.filter((_, i) => cells[i + 2] === "✓");
    for (const [i] of MEMBER_ROLES.entries()) expect(["✓", "—"]).toContain(cells[i + 2]);
  }
  return table;
}

describe("the role × capability table (decision 028)", () => {
  it("is the same in the decision and in the code", () => {
    const code = Object.fromEntries(
      Object.entries(CAPABILITIES).map(([capability, roles]) => [
        capability,
        MEMBER_ROLES.filter((role) => (roles as readonly string[]).includes(role)),
      ]),
    );
    expect(documentedTable()).toEqual(code);
  });

  it("gives the owner everything, and nothing to a session without a company", () => {
    for (const capability of Object.keys(CAPABILITIES) as (keyof typeof CAPABILITIES)[]) {
      expect(can({ companyRole: "owner" }, capability)).toBe(true);
      expect(can({ companyRole: null }, capability)).toBe(false);
    }
  });

  it("keeps payroll from staff and viewers, and members and billing from all but the owner", () => {
    expect(can({ companyRole: "staff" }, "salaries.view")).toBe(false);
    expect(can({ companyRole: "viewer" }, "salaries.view")).toBe(false);
    expect(can({ companyRole: "staff" }, "vat.files")).toBe(false);
    expect(can({ companyRole: "staff" }, "documents.edit")).toBe(true);
    expect(can({ companyRole: "viewer" }, "documents.edit")).toBe(false);
    expect(can({ companyRole: "accountant" }, "vat.files")).toBe(true);
    expect(can({ companyRole: "accountant" }, "team")).toBe(false);
    expect(can({ companyRole: "accountant" }, "billing")).toBe(false);
  });
});
