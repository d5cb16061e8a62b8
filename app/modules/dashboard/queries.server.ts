import type { Kysely } from "kysely";
import type { Database } from "~db/types";

/** The first steps of a new company, for the dashboard's checklist: a logo, a client, an issued document. */
export async function setupProgress(db: Kysely<Database>, companyId: string | null) {
  if (!companyId) return { hasLogo: false, hasClient: false, hasIssued: false };
  const [logo, client, issued] = await Promise.all([
    db
      .selectFrom("companyLogos")
      .select("companyId")
      .where("companyId", "=", companyId)
      .executeTakeFirst(),
    db
      .selectFrom("clients")
      .select("id")
      .where("companyId", "=", companyId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", companyId)
      .where("status", "<>", "draft")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    hasLogo: logo !== undefined,
    hasClient: client !== undefined,
    hasIssued: issued !== undefined,
  };
}
