import type { Kysely } from "kysely";
import type { LedgerPdfModel } from "~/modules/ledger/report-file";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { EXPENSE_DOCUMENT_TYPES } from "./constants";
import { PROTOCOL_KINDS, PROTOCOL_MESSAGES } from "./protocol-rules";

/*
 * A protocol under чл. 117 ЗДДС as PDF, in Bulgarian (decision 073): what чл. 117, ал. 2 asks it
 * to say — its number and date, the parties, the supplier's document, the base, the rate and the
 * tax, the ground — drawn by the books' report renderer in the PDF pool (task «ledger»).
 */

/** The protocol's PDF model, read from the database (404 for anything not the company's). */
export async function protocolPdfModel(
  db: Kysely<Database>,
  companyId: string,
  expenseId: string,
  protocolId: string,
  madeAt: string,
): Promise<{ model: LedgerPdfModel; number: string }> {
  if (!isUuid(expenseId) || !isUuid(protocolId)) {
    throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
  }
  const row = await db
    .selectFrom("vatProtocols as p")
    .innerJoin("expenses as e", (j) =>
      j.onRef("e.id", "=", "p.expenseId").onRef("e.companyId", "=", "p.companyId"),
    )
    .innerJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("vatProtocols as o", (j) =>
      j.onRef("o.id", "=", "p.correctsId").onRef("o.companyId", "=", "p.companyId"),
    )
    .select([
      "p.number",
      "p.kind",
      "p.protocolDate",
      "p.chargeableDate",
      "p.currency",
      "p.rateNote",
      "p.baseCents",
      "p.vatRate",
      "p.vatCents",
      "p.status",
      "p.reason",
      "o.number as originalNumber",
      "o.protocolDate as originalDate",
      "e.documentType",
      "e.documentNumber",
      "e.documentDate",
      "e.description",
      "e.supplierName",
      "e.supplierVatNumber",
      "e.supplierEik",
      "e.supplierAddress",
      "e.currency as expenseCurrency",
      "e.subtotalCents",
      "c.name as companyName",
      "c.eik as companyEik",
      "c.vatNumber as companyVat",
      "c.address as companyAddress",
      "c.city as companyCity",
    ])
    .where("p.companyId", "=", companyId)
    .where("p.expenseId", "=", expenseId)
    .where("p.id", "=", protocolId)
    .executeTakeFirst();
  if (!row) throw new AppError(PROTOCOL_MESSAGES.notFound, 404);
  const money = (cents: number | string) => `${formatCents(Number(cents))} ${row.currency}`;
  const title = row.originalNumber ? "Коригиращ протокол" : "Протокол";
  const supplierId = row.supplierVatNumber ?? row.supplierEik ?? "—";
  const document = EXPENSE_DOCUMENT_TYPES[row.documentType] ?? "Документ";
  const heading = [
    `№ ${row.number} от ${printDate(row.protocolDate)}${row.status === "cancelled" ? " — АНУЛИРАН" : ""}`,
    `Издател (получател по доставката): ${row.companyName}, ЕИК ${row.companyEik ?? "—"}, ИН по ЗДДС ${row.companyVat ?? "—"}${row.companyAddress ? `, ${[row.companyCity, row.companyAddress].filter(Boolean).join(", ")}` : ""}`,
    `Доставчик: ${row.supplierName}, ${supplierId}${row.supplierAddress ? `, ${row.supplierAddress}` : ""}`,
    `Към ${document.toLowerCase()} № ${row.documentNumber} от ${printDate(row.documentDate)} (${formatCents(Number(row.subtotalCents))} ${row.expenseCurrency})`,
    `Основание: ${PROTOCOL_KINDS[row.kind]}`,
    `Данъкът е изискуем на ${printDate(row.chargeableDate)}`,
  ];
  if (row.originalNumber && row.originalDate) {
    heading.push(
      `Коригира протокол № ${row.originalNumber} от ${printDate(row.originalDate)} (чл. 117, ал. 4 ЗДДС). Основание за корекцията: ${row.reason ?? "—"}`,
    );
  }
  const model: LedgerPdfModel = {
    title: `${title} по чл. 117 ЗДДС`,
    heading,
    columns: [
      { label: "Предмет на доставката", width: 46, right: false },
      {
        label: row.originalNumber ? "Изменение на основата" : "Данъчна основа",
        width: 18,
        right: true,
      },
      { label: "Ставка", width: 10, right: true },
      { label: row.originalNumber ? "Изменение на ДДС" : "ДДС", width: 18, right: true },
    ],
    rows: [
      {
        cells: [row.description, money(row.baseCents), `${row.vatRate} %`, money(row.vatCents)],
        strong: false,
      },
      {
        cells: ["Общо", money(row.baseCents), "", money(row.vatCents)],
        strong: true,
      },
    ],
    footer: `Изготвено със Сметка на ${madeAt}`,
    after: [
      ...(row.rateNote ? [`${row.rateNote}.`] : []),
      "Съставил: ........................................ (име, подпис)",
    ],
  };
  return { model, number: row.number };
}
