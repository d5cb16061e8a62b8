import type { Kysely } from "kysely";
import { VAT_CREDIT_DOCUMENT_TYPES } from "~/modules/expenses/constants";
import type { Database } from "~db/types";
import {
  monthRange,
  type Problem,
  type PurchaseColumn,
  type PurchaseRow,
  type SalesRow,
  salesJournal,
  toPeriodCents,
} from "./journals.server";
import { madeProtocolPurchases, madeProtocolSales } from "./protocols.server";

/*
 * What the journals take from the expenses: the purchase journal (every expense with a VAT
 * document), and a protocol under чл. 117 ЗДДС in the sales journal too — the buyer charges
 * itself the VAT of a reverse charge or an intra-Community acquisition (ППЗДДС: the protocol is
 * entered in both journals), so the return's кл. 22 and кл. 41 both carry it (decision 059).
 */

const EXPENSE_TYPE = {
  invoice: "01",
  debit_note: "02",
  credit_note: "03",
  protocol_117: "09",
} as const;
const EXPENSE_TITLES = {
  invoice: "Фактура",
  debit_note: "Дебитно известие",
  credit_note: "Кредитно известие",
  protocol_117: "Протокол по чл. 117",
};

/** The purchase journal: expenses of the month with a VAT document (receipts do not give credit). */
export async function purchaseJournal(db: Kysely<Database>, companyId: string, month: string) {
  const { from, to } = monthRange(month);
  const expenses = await db
    .selectFrom("expenses")
    .select([
      "id",
      "documentType",
      "documentNumber",
      "documentDate",
      "supplierName",
      "supplierEik",
      "supplierVatNumber",
      "description",
      "currency",
      "eurRate",
      "subtotalCents",
      "vatCents",
      "totalCents",
      "vatCredit",
      "creditableVatCents",
    ])
    .where("companyId", "=", companyId)
    .where("documentType", "in", VAT_CREDIT_DOCUMENT_TYPES)
    // An expense with a protocol made from it is in the journal as that protocol (decision 073).
    .where(
      ({ exists, selectFrom }) =>
        exists(
          selectFrom("vatProtocols as p")
            .select("p.id")
            .whereRef("p.companyId", "=", "expenses.companyId")
            .whereRef("p.expenseId", "=", "expenses.id")
            // A credit or debit note's correcting protocol stands for the note (decision 073).
            .where("p.status", "=", "issued"),
        ),
      "=",
      false,
    )
    .where("documentDate", ">=", from)
    .where("documentDate", "<", to)
    .orderBy("documentDate")
    .orderBy("documentNumber")
    .execute();
  const rows: PurchaseRow[] = [];
  const problems: Problem[] = [];
  for (const e of expenses) {
    const type = e.documentType as keyof typeof EXPENSE_TYPE;
    const sign = type === "credit_note" ? -1 : 1;
    const conv = (cents: number) => sign * toPeriodCents(Number(cents), e, month);
    const amounts: Partial<Record<PurchaseColumn, number>> = {};
    if (e.vatCredit === "full") {
      amounts["03-31"] = conv(Number(e.subtotalCents));
      amounts["03-41"] = conv(Number(e.vatCents));
    } else if (e.vatCredit === "partial") {
      amounts["03-32"] = conv(Number(e.subtotalCents));
      amounts["03-42"] = conv(Number(e.vatCents));
    } else {
      amounts["03-30"] = conv(Number(e.totalCents));
    }
    const counterpartyId =
      e.supplierVatNumber?.replace(/\s+/g, "").toUpperCase() || e.supplierEik || "";
    if (!counterpartyId) {
      problems.push({
        what: `${EXPENSE_TITLES[type]} № ${e.documentNumber} от ${e.supplierName}`,
        href: `/expenses/edit/${e.id}`,
        message: "Доставчикът няма ЕИК или ДДС номер, а дневникът изисква идентификатор.",
      });
    }
    rows.push({
      expenseId: e.id,
      type: EXPENSE_TYPE[type],
      number: e.documentNumber,
      date: e.documentDate,
      counterpartyId,
      counterpartyName: e.supplierName,
      subject: e.description,
      amounts,
    });
  }
  const made = await madeProtocolPurchases(db, companyId, month);
  rows.push(...made.rows);
  problems.push(...made.problems);
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return { rows, problems };
}

/**
 * The month's protocols under чл. 117 as sales journal rows (document type 09): the base in
 * кол. 13 (02-12) for an intra-Community acquisition of goods (чл. 84), else in кол. 14 (02-26,
 * supplies received under чл. 82, ал. 2–6), as the protocol says (decision 065; one recorded
 * before it says nothing and stays a service); the VAT in кол. 15 (02-22) for both.
 */
export async function protocolSales(db: Kysely<Database>, companyId: string, month: string) {
  const { from, to } = monthRange(month);
  const protocols = await db
    .selectFrom("expenses")
    .select([
      "id",
      "documentNumber",
      "documentDate",
      "supplierName",
      "supplierEik",
      "supplierVatNumber",
      "description",
      "currency",
      "eurRate",
      "subtotalCents",
      "vatCents",
      "acquisition",
    ])
    .where("companyId", "=", companyId)
    .where("documentType", "=", "protocol_117")
    .where("documentDate", ">=", from)
    .where("documentDate", "<", to)
    .orderBy("documentDate")
    .orderBy("documentNumber")
    .execute();
  return protocols.map(
    (e): SalesRow => ({
      documentId: null,
      expenseId: e.id,
      type: "09",
      number: e.documentNumber,
      date: e.documentDate,
      counterpartyId: e.supplierVatNumber?.replace(/\s+/g, "").toUpperCase() || e.supplierEik || "",
      counterpartyName: e.supplierName,
      countryCode: e.supplierVatNumber?.slice(0, 2).toUpperCase() || "BG",
      subject: e.description,
      cancelled: false,
      amounts: {
        [e.acquisition === "goods" ? "02-12" : "02-26"]: toPeriodCents(
          Number(e.subtotalCents),
          e,
          month,
        ),
        "02-22": toPeriodCents(Number(e.vatCents), e, month),
      },
      vies: null,
    }),
  );
}

/** The sales journal's rows with the protocols among them, by date (documents first on a day). */
export function withProtocols(documents: SalesRow[], protocols: SalesRow[]): SalesRow[] {
  if (!protocols.length) return documents;
  return [...documents, ...protocols].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * A month's two journals as the return takes them: the sales journal with the protocols (when the
 * plan has expenses) and the purchase journal (empty without them).
 */
export async function monthJournals(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  withExpenses: boolean,
) {
  const [sales, protocols, purchases] = await Promise.all([
    salesJournal(db, companyId, month),
    withExpenses
      ? Promise.all([
          protocolSales(db, companyId, month),
          madeProtocolSales(db, companyId, month),
        ]).then(([typed, made]) => [...typed, ...made])
      : [],
    withExpenses
      ? purchaseJournal(db, companyId, month)
      : { rows: [] as PurchaseRow[], problems: [] as Problem[] },
  ]);
  return {
    sales: { rows: withProtocols(sales.rows, protocols), problems: sales.problems },
    purchases,
  };
}
