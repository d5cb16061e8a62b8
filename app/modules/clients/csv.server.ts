import type { Kysely } from "kysely";
import { countryByCode } from "~/modules/reference/countries";
import type { Database } from "~db/types";
import { CLIENT_KINDS, VAT_TREATMENTS } from "./constants";
import { listClients } from "./queries.server";

/*
 * The clients as CSV for the accountant (the company's export, modules/export): every field of
 * the client's form, the active ones first, then the archived (the list's two tabs, by name).
 */

export const CLIENT_CSV_HEADER = [
  "Име",
  "Име на английски",
  "Вид",
  "ЕИК",
  "ДДС номер",
  "МОЛ",
  "Държава",
  "Град",
  "Пощенски код",
  "Адрес",
  "Имейли",
  "Телефон",
  "Валута",
  "Език на документите",
  "Срок за плащане (дни)",
  "ДДС режим",
  "Архивиран",
];

/**
 * A page of the clients' CSV rows: `archived` says which tab, `after` the list's cursor; the next
 * cursor is null after the tab's last page.
 */
export async function clientCsvPage(
  db: Kysely<Database>,
  companyId: string,
  archived: boolean,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  const page = await listClients(db, companyId, { archived, after, limit });
  const rows = page.clients.map((c) => [
    c.name,
    c.nameEn ?? "",
    CLIENT_KINDS[c.kind],
    c.eik ?? "",
    c.vatNumber ?? "",
    c.mol ?? "",
    countryByCode(c.countryCode)?.nameBg ?? c.countryCode,
    c.city,
    c.postalCode ?? "",
    c.address,
    c.emails.join(", "),
    c.phone ?? "",
    c.currency,
    c.language === "en" ? "Английски" : "Български",
    String(c.paymentTermDays),
    VAT_TREATMENTS[c.vatTreatment],
    archived ? "да" : "не",
  ]);
  return { rows, nextCursor: page.nextCursor };
}
