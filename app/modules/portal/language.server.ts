import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import type { PortalLang } from "./constants";
import type { LivePortalLink } from "./links.server";

/*
 * The portal's language (issue #47, decision 069): Bulgarian always; English labels are offered
 * to a client who gets English documents — its language is English, or one of its documents the
 * portal shows is in English or in both languages. `?lang=en` picks them; nothing else does.
 */

/** Whether the link's client is offered English, and the language the page is drawn in. */
export async function portalLanguage(
  db: Kysely<Database>,
  link: Pick<LivePortalLink, "companyId" | "clientId">,
  asked: string | null,
): Promise<{ lang: PortalLang; english: boolean }> {
  const row = await db
    .selectFrom("clients")
    .select((eb) => [
      "clients.language",
      eb
        .exists(
          eb
            .selectFrom("documents")
            .select("documents.id")
            .where("documents.companyId", "=", link.companyId)
            .where("documents.clientId", "=", link.clientId)
            .where("documents.status", "in", ["issued", "cancelled"])
            .where("documents.language", "in", ["en", "bilingual"]),
        )
        .as("englishDocuments"),
    ])
    .where("clients.companyId", "=", link.companyId)
    .where("clients.id", "=", link.clientId)
    .executeTakeFirst();
  const english = row?.language === "en" || Boolean(row?.englishDocuments);
  return { lang: english && asked === "en" ? "en" : "bg", english };
}
