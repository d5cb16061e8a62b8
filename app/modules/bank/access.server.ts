import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { CompanyAuditAction } from "~/modules/audit/constants";
import { recordAct } from "~/modules/auth/acts.server";
import type { Capability } from "~/modules/auth/capabilities";
import type { CompanyUser } from "~/modules/auth/session.server";
import type { Database } from "~db/types";

/*
 * Who may do what with the bank (issue #30 on issue #29's roles, decision 031) — in this one
 * place: every bank page, action and API call asks here. Reading statements and movements is
 * `bank.view` (owner, accountant, viewer); importing, matching, unmatching and the debit rules
 * are `bank.edit` (owner, accountant); staff see neither (decision 028's table). The plan gate
 * (standard and full) applies on top, as for expenses. Every act is written to the company's
 * audit trail with its author.
 */

export type BankAct = "view" | "edit";

/** The capability each bank act needs (the guards are in web/bank/access.server.ts). */
export const BANK_CAPABILITIES: Record<BankAct, Capability> = {
  view: "bank.view",
  edit: "bank.edit",
};

/** Who acted, as the bank's own rows keep it (the match's and the rule's author). */
export interface BankActor {
  user: CompanyUser;
  context: Pick<AppLoadContext, "db" | "clientIp">;
}

export const actorName = (user: CompanyUser) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Who posts a bank act's entry in the books (decision 059). */
export const posterOf = (actor: BankActor) => ({ id: actor.user.id, name: actorName(actor.user) });

/** Writes a bank act to the company's audit trail (in the transaction `db`, when given). */
export function recordBankAct(
  actor: BankActor,
  action: Extract<CompanyAuditAction, `bank.${string}`>,
  target: { type: string; id?: string | null; label?: string | null },
  details?: Record<string, unknown>,
  db?: Kysely<Database>,
): Promise<void> {
  return recordAct(actor.context, actor.user, action, target, details, db);
}
