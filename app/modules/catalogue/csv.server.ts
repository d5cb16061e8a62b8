import type { Kysely } from "kysely";
import { excelPrice } from "~/utils/csv.server";
import { PRICE_SCALE, parseDecimal } from "~/utils/money";
import type { Database } from "~db/types";
import { vatRateLabel } from "./constants";
import { listCatalogue } from "./queries.server";

/*
 * The catalogue's items as CSV for the accountant (the company's export, modules/export): the
 * list's columns, the active items first, then the archived (the list's two tabs, by name).
 */

export const CATALOGUE_CSV_HEADER = [
  "Наименование",
  "Наименование на английски",
  "Мярка",
  "Единична цена без ДДС",
  "ДДС",
  "Основание без ДДС",
  "Архивиран",
];

/** A page of the items' CSV rows (`archived`: which tab) and the list's cursor of the next. */
export async function catalogueCsvPage(
  db: Kysely<Database>,
  companyId: string,
  archived: boolean,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  const page = await listCatalogue(db, companyId, { archived, after, limit });
  const rows = page.items.map((item) => [
    item.name,
    item.nameEn ?? "",
    item.unit,
    excelPrice(parseDecimal(item.unitPrice, PRICE_SCALE) ?? 0n),
    vatRateLabel(item.vatRate),
    item.vatGround ?? "",
    archived ? "да" : "не",
  ]);
  return { rows, nextCursor: page.nextCursor };
}
