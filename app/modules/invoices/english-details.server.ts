import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { englishDetailsWarning, missingEnglishDetails } from "./english-details";

/**
 * The warnings of issuing a document in `language` (issue #41 item 5): the company's details it
 * would print in Cyrillic, as one Bulgarian sentence; none for a Bulgarian document.
 */
export async function issueWarnings(
  db: Kysely<Database>,
  companyId: string,
  language: string,
): Promise<string[]> {
  if (language === "bg") return [];
  const company = await db
    .selectFrom("companies")
    .select(["nameEn", "addressEn", "cityEn"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const missing = missingEnglishDetails(language, company);
  return missing.length > 0 ? [englishDetailsWarning(missing)] : [];
}
