import type { Kysely } from "kysely";
import type { CompanyUser } from "~/modules/auth/session.server";
import type { BankActor } from "~/modules/bank/access.server";
import type { Database } from "~db/types";

/** A bank actor for the owner of a test company. */
export function actorOf(
  db: Kysely<Database>,
  user: { id: string; email: string },
  companyId: string,
) {
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: "Мария",
      lastName: "Георгиева",
      companyId,
      companyRole: "owner",
    } as unknown as CompanyUser,
    context: { db, clientIp: "127.0.0.1" },
  } satisfies BankActor;
}
