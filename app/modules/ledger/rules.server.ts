import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { DEFAULT_RULES, expenseRuleKeys, RULE_LABELS, resolveRule } from "./rules";

/*
 * The mapping rules as the owner and the accountant see them (issue #45 item 2, decision 060):
 * each rule's default (rules.ts), the company's dated rows (ledger_rules, append-only) and the
 * account in force on a day. Adding one is accounts.server.ts setRule: a new row from its date.
 */

export interface RuleHistoryRow {
  accountCode: string;
  validFrom: string;
  createdAt: Date;
  createdByName: string | null;
}

export interface RuleView {
  key: string;
  label: string;
  /** What the rule gives with none of the company's rows for it (rules.ts, or a wider rule). */
  defaultAccount: string;
  /** What a posting dated `on` takes. */
  account: string;
  /** The company's rows for this rule, the latest date first (later dates are planned ones). */
  history: RuleHistoryRow[];
}

/** Every rule the page shows: the fixed ones, then one per expense category of the company. */
export async function ruleBook(db: Kysely<Database>, companyId: string, on: string) {
  const [rows, categories] = await Promise.all([
    db
      .selectFrom("ledgerRules as r")
      .leftJoin("users as u", "u.id", "r.createdBy")
      .select([
        "r.rule",
        "r.accountCode",
        "r.validFrom",
        "r.createdAt",
        "u.firstName",
        "u.lastName",
      ])
      .where("r.companyId", "=", companyId)
      .orderBy("r.validFrom", "desc")
      .orderBy("r.createdAt", "desc")
      .execute(),
    db
      .selectFrom("expenseCategories")
      .select(["id", "code", "name"])
      .where("companyId", "=", companyId)
      .where("archivedAt", "is", null)
      .orderBy("position")
      .orderBy("name")
      .execute(),
  ]);
  const history = new Map<string, RuleHistoryRow[]>();
  // Each rule's row in force on the day: the latest from that day or earlier (rows come newest first).
  const inForce = new Map<string, string>();
  for (const r of rows) {
    history.set(r.rule, [
      ...(history.get(r.rule) ?? []),
      {
        accountCode: r.accountCode,
        validFrom: r.validFrom,
        createdAt: r.createdAt,
        createdByName: r.firstName ? `${r.firstName} ${r.lastName ?? ""}`.trim() : null,
      },
    ]);
    if (r.validFrom <= on && !inForce.has(r.rule)) inForce.set(r.rule, r.accountCode);
  }
  const fixed: RuleView[] = Object.entries(RULE_LABELS).map(([key, label]) => ({
    key,
    label,
    defaultAccount: DEFAULT_RULES[key] as string,
    account: resolveRule([key], inForce),
    history: history.get(key) ?? [],
  }));
  // A category's default is what its wider rules give: its kind's (rules.ts), else «Разходи».
  const perCategory: RuleView[] = categories.map((c) => {
    const [key, ...wider] = expenseRuleKeys(c) as [string, ...string[]];
    return {
      key,
      label: `Разходи: ${c.name}`,
      defaultAccount: resolveRule(wider, inForce),
      account: resolveRule([key, ...wider], inForce),
      history: history.get(key) ?? [],
    };
  });
  return [...fixed, ...perCategory];
}
