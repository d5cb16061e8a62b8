import type { Kysely } from "kysely";
import type { Database } from "~db/types";

/** The first steps of a new company, for the dashboard's checklist: a logo, a client, an issued document. */
export async function setupProgress(db: Kysely<Database>, companyId: string | null) {
  if (!companyId) return { hasLogo: false, hasClient: false, hasIssued: false };
  // One round trip: the dashboard is the page people open most.
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb.selectFrom("companyLogos").select("companyId").where("companyId", "=", companyId),
        )
        .as("hasLogo"),
      eb
        .exists(eb.selectFrom("clients").select("id").where("companyId", "=", companyId))
        .as("hasClient"),
      eb
        .exists(
          eb
            .selectFrom("documents")
            .select("id")
            .where("companyId", "=", companyId)
            .where("status", "<>", "draft"),
        )
        .as("hasIssued"),
    ])
    .executeTakeFirstOrThrow();
  return {
    hasLogo: Boolean(row.hasLogo),
    hasClient: Boolean(row.hasClient),
    hasIssued: Boolean(row.hasIssued),
  };
}
