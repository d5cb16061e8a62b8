import type { Kysely } from "kysely";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import type { Database } from "~db/types";
import { clientActor, type LivePortalLink, truncateIp } from "./links.server";

/*
 * What a client does through the portal besides looking (decision 069): its answer to an act of
 * reconciliation goes to the company's audit trail, in the transaction that records it.
 */

/** Records the client's answer to an act (portal.reconciliation), as the client, from the link. */
export async function recordPortalAnswer(
  db: Kysely<Database>,
  link: LivePortalLink,
  ip: string | null,
  act: { id: string; number: number; status: "issued" | "confirmed" | "disputed" },
): Promise<void> {
  await recordCompanyAudit(db, {
    companyId: link.companyId,
    actor: clientActor(link, truncateIp(ip)),
    action: "portal.reconciliation",
    target: { type: "client", id: link.clientId, label: link.clientName },
    details: { link: link.id, act: act.id, number: act.number, answer: act.status },
  });
}
