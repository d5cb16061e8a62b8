import type { Kysely } from "kysely";
import { excelNumber } from "~/utils/csv.server";
import { printDate } from "~/utils/dates";
import type { Database } from "~db/types";
import { PROTOCOL_KINDS } from "./protocol-rules";

/*
 * The protocols under чл. 117 ЗДДС (decision 073) as a CSV for the accountant, in the company's
 * export: every protocol of the series by its number, the cancelled ones too (they keep their
 * number), with the expense it stands for and, for a correcting protocol, the one it corrects.
 */

export const PROTOCOL_CSV_HEADER = [
  "Номер",
  "Дата",
  "Вид",
  "Данъчно събитие",
  "Доставчик",
  "ДДС номер",
  "Фактура №",
  "Фактура от",
  "Валута",
  "Данъчна основа",
  "Ставка",
  "ДДС",
  "ДДС за приспадане",
  "Състояние",
  "Коригира протокол №",
  "Основание",
] as const;

/** One keyset page of the protocols, by number (a gapless series of 10 digits). */
export async function protocolCsvPage(
  db: Kysely<Database>,
  companyId: string,
  after: string | null,
  limit = 1000,
): Promise<{ rows: string[][]; nextCursor: string | null }> {
  let query = db
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as e", (join) =>
      join.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
    )
    .leftJoin("vatProtocols as o", (join) =>
      join.onRef("o.id", "=", "p.correctsId").onRef("o.companyId", "=", "p.companyId"),
    )
    .select([
      "p.number",
      "p.protocolDate",
      "p.kind",
      "p.chargeableDate",
      "p.currency",
      "p.baseCents",
      "p.vatRate",
      "p.vatCents",
      "p.creditableVatCents",
      "p.status",
      "p.reason",
      "o.number as correctsNumber",
      "e.supplierName",
      "e.supplierVatNumber",
      "e.documentNumber",
      "e.documentDate",
    ])
    .where("p.companyId", "=", companyId)
    .orderBy("p.number")
    .limit(limit + 1);
  if (after && /^\d{1,20}$/.test(after)) query = query.where("p.number", ">", after);
  const found = await query.execute();
  const page = found.slice(0, limit);
  const rows = page.map((p) => [
    p.number,
    printDate(p.protocolDate),
    PROTOCOL_KINDS[p.kind],
    printDate(p.chargeableDate),
    p.supplierName,
    p.supplierVatNumber ?? "",
    p.documentNumber,
    printDate(p.documentDate),
    p.currency,
    excelNumber(p.baseCents),
    `${p.vatRate} %`,
    excelNumber(p.vatCents),
    excelNumber(p.creditableVatCents),
    p.status === "cancelled" ? "Анулиран" : "Издаден",
    p.correctsNumber ?? "",
    p.reason ?? "",
  ]);
  const last = page.at(-1);
  return { rows, nextCursor: found.length > limit && last ? last.number : null };
}

/** One page of the protocols' ids by number, for their PDFs in the company's export. */
export async function protocolIdsPage(
  db: Kysely<Database>,
  companyId: string,
  after: string | null,
  limit: number,
): Promise<{
  rows: { id: string; expenseId: string; number: string; protocolDate: string }[];
  nextCursor: string | null;
}> {
  let query = db
    .selectFrom("vatProtocols")
    .select(["id", "expenseId", "number", "protocolDate"])
    .where("companyId", "=", companyId)
    .orderBy("number")
    .limit(limit + 1);
  if (after && /^\d{1,20}$/.test(after)) query = query.where("number", ">", after);
  const found = await query.execute();
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > limit && last ? last.number : null };
}
