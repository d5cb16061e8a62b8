import type { Kysely } from "kysely";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import {
  getReconciliation,
  listReconciliations,
  type Reconciliation,
} from "./reconciliations.server";
import { STATEMENT_MESSAGES, statementPeriod } from "./schema";
import { type ClientStatement, clientStatement } from "./statement.server";

/*
 * The statement of account and the acts of reconciliation as the client portal shows them
 * (issue #47 item 4, decisions 069 and 070): the scope is the portal link's company and client,
 * and nothing of the company's people (who issued an act) goes to the client.
 */

/** An act as its client sees it. */
export type ClientReconciliation = Omit<Reconciliation, "createdByName" | "createdAt" | "clientId">;

const forClient = ({
  createdByName: _who,
  createdAt: _at,
  clientId: _client,
  ...act
}: Reconciliation): ClientReconciliation => act;

/** One act of the link's client and company, as its client sees it; undefined otherwise. */
export async function clientReconciliation(
  db: Kysely<Database>,
  scope: { companyId: string; clientId: string },
  id: string | undefined,
): Promise<ClientReconciliation | undefined> {
  if (!isUuid(id)) return undefined;
  try {
    return forClient(await getReconciliation(db, scope, id));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

export interface PortalStatement {
  from: string;
  to: string;
  currencies: ClientStatement["currencies"];
  /** What was typed in the period's form, shown again when it is refused. */
  query: { from: string; to: string };
  /** The reason a period is refused (the default period is shown then), or null. */
  periodError: string | null;
  acts: ClientReconciliation[];
}

/** The client's statement for the period of the query (default: 1 January – today) and its acts. */
export async function portalStatement(
  db: Kysely<Database>,
  scope: { companyId: string; clientId: string },
  search: URLSearchParams,
  today: string,
): Promise<PortalStatement> {
  const period = statementPeriod(search, today);
  const shown = period ?? statementPeriod(new URLSearchParams(), today)!;
  const [statement, acts] = await Promise.all([
    clientStatement(db, scope.companyId, scope.clientId, shown.from, shown.to),
    listReconciliations(db, scope.companyId, scope.clientId),
  ]);
  return {
    from: statement.from,
    to: statement.to,
    currencies: statement.currencies,
    query: { from: search.get("from") ?? "", to: search.get("to") ?? "" },
    periodError: period ? null : STATEMENT_MESSAGES.period,
    acts: acts.map(forClient),
  };
}
