import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { lockPeriod } from "~/modules/periods/locks.server";
import type { Database } from "~db/types";

/*
 * Locking a month in a test as its owner does (decision 058): the refusals the tests read name
 * «Мария Георгиева» as who locked it.
 */

/** The company's owner as the audit trail names them. */
export function ownerActor(me: { user: { id: string; email: string } }): Actor {
  return {
    id: me.user.id,
    email: me.user.email,
    name: "Мария Георгиева",
    role: "owner",
    impersonatorEmail: null,
    ip: null,
  };
}

/** Locks the month (yyyy-MM) of the company as its owner. */
export function lockAsOwner(
  db: Kysely<Database>,
  me: { companyId: string; user: { id: string; email: string } },
  month: string,
) {
  return lockPeriod(db, me.companyId, month, ownerActor(me));
}
