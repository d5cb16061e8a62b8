import { type Kysely, sql } from "kysely";
import type { PrintParty } from "~/modules/invoices/print";
import type { VatGroundKind } from "~/modules/reference/vat";
import { BGN_PER_EUR, computeTotals, convertCents, divRound, percentOf } from "~/utils/money";
import { nextMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import { vatPosition } from "./position";

/*
 * The month's VAT journals (issue #16), in the columns of НАП's forms: every issued invoice, debit
 * and credit note by its issue date (credit notes with a minus, cancelled documents with zeros, as
 * чл. 124 ЗДДС and ППЗДДС have them), and every expense with a VAT document. Amounts are in the
 * period's currency: leva up to December 2025, euro from January 2026 (a document in another
 * currency at its own rate, then at 1.95583 for a leva period), rounded per document and column.
 * What cannot be placed in a column is a problem the page shows, never a silent guess.
 */

/**
 * НАП's identifier of a counterparty that has none: a person without an ЕГН on the document, a
 * company outside the EU without a number (fifteen nines; decision 050).
 */
export const NO_COUNTERPARTY_ID = "999999999999999";

/** The sales journal's amount columns (file field codes). */
export type SalesColumn =
  | "02-11"
  | "02-21"
  | "02-12"
  | "02-26"
  | "02-22"
  | "02-13"
  | "02-24"
  | "02-14"
  | "02-15"
  | "02-16"
  | "02-17"
  | "02-18"
  | "02-19";
export type PurchaseColumn = "03-30" | "03-31" | "03-41" | "03-32" | "03-42";

export interface Problem {
  /** What is wrong, in Bulgarian. */
  message: string;
  /** Where to fix it. */
  href: string;
  /** "Фактура № 0000000012" */
  what: string;
}

export interface SalesRow {
  /** The issued document, or null for a protocol under чл. 117 (an expense: `expenseId`). */
  documentId: string | null;
  expenseId: string | null;
  type: "01" | "02" | "03" | "09";
  number: string;
  date: string;
  counterpartyId: string;
  counterpartyName: string;
  countryCode: string;
  subject: string;
  cancelled: boolean;
  amounts: Partial<Record<SalesColumn, number>>;
  /** 02-27: НАП's code of a чл. 163а supply's part of Приложение № 2 ("01", "02"; decision 079). */
  deliveryCode?: "01" | "02" | undefined;
  /** For the VIES return: goods (ВОД) and services (чл. 21, ал. 2) to an EU VAT number. */
  vies: { vatNumber: string; goods: number; services: number } | null;
}

export interface PurchaseRow {
  expenseId: string;
  type: "01" | "02" | "03" | "09";
  number: string;
  date: string;
  counterpartyId: string;
  counterpartyName: string;
  subject: string;
  amounts: Partial<Record<PurchaseColumn, number>>;
  /** 03-45: as the sales row's `deliveryCode`. */
  deliveryCode?: "01" | "02" | undefined;
}

/** The period's currency: leva up to 2025, euro from 2026. */
export const periodCurrency = (month: string) => (month < "2026-01" ? "BGN" : "EUR");

/** An amount in the document's currency, in the period's (rounded half up). */
export function toPeriodCents(
  cents: number,
  doc: { currency: string; eurRate: string | null },
  month: string,
): number {
  const target = periodCurrency(month);
  if (doc.currency === target) return cents;
  let eur = cents;
  if (doc.currency === "BGN") {
    // Leva to euro (a 2025 leva document can only be in a 2025 month; kept for completeness).
    eur = Number(divRound(BigInt(cents) * 100_000n, 195_583n));
  } else if (doc.currency !== "EUR") {
    eur = convertCents(cents, doc.eurRate ?? "1");
  }
  return target === "EUR" ? eur : convertCents(eur, BGN_PER_EUR);
}

const DOC_TYPE = { invoice: "01", debit_note: "02", credit_note: "03" } as const;
const TITLES = {
  invoice: "Фактура",
  debit_note: "Дебитно известие",
  credit_note: "Кредитно известие",
};

export const monthRange = (month: string) => ({
  from: `${month}-01`,
  to: `${nextMonth(month)}-01`,
});

/** The column of a base taxed at 0 % or not taxed, from the document's legal ground. */
function zeroColumn(
  kind: VatGroundKind | undefined,
  ground: string,
): SalesColumn | "eu-services" | null {
  switch (kind) {
    case "intra_community":
      return "02-15";
    case "export":
      return "02-14";
    case "zero":
      return "02-16";
    case "exempt":
      return "02-19";
    case "outside_scope":
      return "02-18";
    case "reverse_charge":
      // Services to a taxable person in another member state; reverse charge in the country
      // (чл. 163а) has its own code and is not written automatically.
      return /чл\.\s*21,\s*ал\.\s*2/.test(ground) ? "eu-services" : null;
    default:
      return null;
  }
}

/** The sales journal of a company's month, with what could not be placed. */
export async function salesJournal(db: Kysely<Database>, companyId: string, month: string) {
  const { from, to } = monthRange(month);
  // The month's documents, their bases per rate and their first line's text, as three flat reads
  // run side by side: per-document subqueries made PostgreSQL plan 10,000 × 2 index probes (and
  // compile them with JIT), 55–75 ms for a month of 10,000 documents against about 15 ms now.
  const monthDocuments = db
    .selectFrom("documents")
    .where("documents.companyId", "=", companyId)
    .where("documents.type", "in", ["invoice", "debit_note", "credit_note"])
    .where("documents.status", "in", ["issued", "cancelled"])
    .where("documents.issueDate", ">=", from)
    .where("documents.issueDate", "<", to);
  const monthLines = monthDocuments
    .innerJoin("documentLines as l", "l.documentId", "documents.id")
    .where("l.companyId", "=", companyId);
  const [docs, groupRows, firstLines, groundRows] = await Promise.all([
    monthDocuments
      .leftJoin("clients", (join) =>
        join.onRef("clients.id", "=", "documents.clientId").on("clients.companyId", "=", companyId),
      )
      .select([
        "documents.id",
        "documents.type",
        "documents.status",
        "documents.number",
        "documents.issueDate",
        "documents.currency",
        "documents.eurRate",
        "documents.vatGround",
        "documents.clientId",
        "documents.clientSnapshot",
        "clients.kind as clientKind",
      ])
      .orderBy("documents.issueDate")
      .orderBy("documents.number")
      .execute(),
    monthLines
      .select(["l.documentId", "l.vatRate", sql<string>`sum(l.net_cents)::bigint`.as("net")])
      .groupBy(["l.documentId", "l.vatRate"])
      .execute(),
    monthLines
      .distinctOn("l.documentId")
      .select(["l.documentId", "l.description"])
      .orderBy("l.documentId")
      .orderBy("l.position")
      .execute(),
    db.selectFrom("vatGrounds").select(["text", "kind"]).execute(),
  ]);
  const groupsOf = new Map<string, { vatRate: number | null; netCents: number }[]>();
  for (const row of groupRows) {
    const groups = groupsOf.get(row.documentId) ?? [];
    groups.push({ vatRate: row.vatRate, netCents: Number(row.net) });
    groupsOf.set(row.documentId, groups);
  }
  const subjectOf = new Map(firstLines.map((line) => [line.documentId, line.description]));
  const kinds = new Map(groundRows.map((g) => [g.text, g.kind as VatGroundKind]));
  const rows: SalesRow[] = [];
  const problems: Problem[] = [];
  for (const doc of docs) {
    const type = doc.type as keyof typeof DOC_TYPE;
    const party = doc.clientSnapshot as PrintParty | null;
    const what = `${TITLES[type]} № ${doc.number}`;
    const href = `/invoice/${doc.id}`;
    const sign = type === "credit_note" ? -1 : 1;
    const cancelled = doc.status === "cancelled";
    const amounts: Partial<Record<SalesColumn, number>> = {};
    const add = (column: SalesColumn, cents: number) => {
      amounts[column] = (amounts[column] ?? 0) + sign * toPeriodCents(cents, doc, month);
    };
    let euGoods = 0;
    let euServices = 0;
    if (!cancelled) {
      const totals = computeTotals(groupsOf.get(doc.id) ?? []);
      for (const group of totals.groups) {
        if (group.baseCents === 0) continue;
        if (group.rate === 20) {
          add("02-11", group.baseCents);
          add("02-21", group.vatCents);
        } else if (group.rate === 9) {
          add("02-13", group.baseCents);
          add("02-24", group.vatCents);
        } else if (group.rate === 0 || group.rate === null) {
          const ground = doc.vatGround ?? "";
          const column = zeroColumn(kinds.get(ground), ground);
          if (column === null) {
            problems.push({
              what,
              href,
              message: ground
                ? `Основанието «${ground}» няма колона в дневника за продажбите (напр. обратно начисляване в страната по чл. 163а). Впишете документа ръчно в програмата на НАП.`
                : "Документът е с 0 % или без ДДС, но без основание по ЗДДС.",
            });
            continue;
          }
          if (column === "eu-services") {
            add("02-17", group.baseCents);
            euServices += sign * toPeriodCents(group.baseCents, doc, month);
          } else {
            add(column, group.baseCents);
            if (column === "02-15") euGoods += sign * toPeriodCents(group.baseCents, doc, month);
          }
        } else {
          problems.push({
            what,
            href,
            message: `Ставка ${group.rate} % няма колона в дневника за продажбите на НАП.`,
          });
        }
      }
    }
    const vatNumber = party?.vatNumber?.replace(/\s+/g, "").toUpperCase() ?? "";
    // A person without an ЕГН on the invoice, or a company abroad without a number, is written
    // with НАП's code for a counterparty with no identifier (decision 050); a Bulgarian company
    // without its ЕИК is still a problem to fix.
    const withoutId =
      doc.clientKind === "individual" ||
      doc.clientKind === "foreign_company" ||
      (party?.countryCode ?? "BG") !== "BG";
    const counterpartyId = vatNumber || party?.eik || (withoutId ? NO_COUNTERPARTY_ID : "");
    if (!counterpartyId) {
      problems.push({
        what,
        href: `/client/edit/${doc.clientId}`,
        message:
          "Клиентът няма ЕИК или ДДС номер, а дневникът изисква идентификатор на контрагента.",
      });
    }
    const needsVies = euGoods !== 0 || euServices !== 0;
    if (needsVies && (!vatNumber || vatNumber.startsWith("BG") || !/^[A-Z]{2}/.test(vatNumber))) {
      problems.push({
        what,
        href: `/client/edit/${doc.clientId}`,
        message:
          "Вътреобщностна доставка изисква ДДС номер на клиента от друга държава членка (с префикс, напр. DE123456789).",
      });
    }
    rows.push({
      documentId: doc.id,
      expenseId: null,
      type: DOC_TYPE[type],
      number: doc.number ?? "",
      date: doc.issueDate,
      counterpartyId,
      counterpartyName: party?.name ?? "",
      countryCode: party?.countryCode ?? "BG",
      subject: subjectOf.get(doc.id) ?? "",
      cancelled,
      amounts,
      vies: needsVies ? { vatNumber, goods: euGoods, services: euServices } : null,
    });
  }
  return { rows, problems };
}

const sum = <K extends string>(rows: { amounts: Partial<Record<K, number>> }[], key: K) =>
  rows.reduce((total, row) => total + (row.amounts[key] ?? 0), 0);

/**
 * The return's cells (cents) from the two journals; `coefficient` is кл. 33 (0.00–1.00) and
 * `refundCarried` the tax for refund of the two months before that чл. 92, ал. 1 deducts from this
 * month's tax payable (see `carriedRefund`). НАП's instructions for the return: кл. 50 is split into
 * кл. 70 (deducted under чл. 92, ал. 1) and кл. 71 (effectively paid), 50 = 70 + 71; кл. 60 into
 * кл. 80, 81 and 82 (refund under чл. 92, ал. 1, 3 and 4), 60 = 80 + 81 + 82. A refund follows
 * ал. 1 (deducted in the next two months, then paid back) unless the company has the status of
 * ал. 3 or 4, which it chooses in НАП's program: so 80 = 60 here.
 */
export function returnFigures(
  sales: SalesRow[],
  purchases: PurchaseRow[],
  coefficient = 1,
  refundCarried = 0,
) {
  const c = {
    "01-11": sum(sales, "02-11"),
    "01-21": sum(sales, "02-21"),
    // ВОП and the supplies of чл. 82, ал. 2–6 received (protocols under чл. 117).
    "01-12": sum(sales, "02-12") + sum(sales, "02-26"),
    "01-22": sum(sales, "02-22"),
    "01-23": 0,
    "01-13": sum(sales, "02-13"),
    "01-24": sum(sales, "02-24"),
    "01-14": sum(sales, "02-14"),
    "01-15": sum(sales, "02-15"),
    "01-16": sum(sales, "02-16"),
    "01-17": sum(sales, "02-17"),
    "01-18": sum(sales, "02-18"),
    "01-19": sum(sales, "02-19"),
    "01-30": sum(purchases, "03-30"),
    "01-31": sum(purchases, "03-31"),
    "01-41": sum(purchases, "03-41"),
    "01-32": sum(purchases, "03-32"),
    "01-42": sum(purchases, "03-42"),
    "01-43": 0,
  };
  const output = c["01-21"] + c["01-22"] + c["01-23"] + c["01-24"];
  const credit = c["01-41"] + percentOf(c["01-42"], coefficient * 100) + c["01-43"];
  // The one computation of кл. 50 and кл. 60, shared with /analytics.
  const { toPayCents: payable, toRefundCents: refund } = vatPosition(output, credit);
  const deducted = Math.min(payable, Math.max(refundCarried, 0));
  return {
    ...c,
    "01-01": c["01-11"] + c["01-12"] + c["01-13"] + c["01-14"] + c["01-15"] + c["01-16"],
    "01-20": output,
    "01-40": credit,
    "01-50": payable,
    "01-60": refund,
    "01-70": deducted,
    "01-71": payable - deducted,
    "01-80": refund,
    "01-81": 0,
    "01-82": 0,
  };
}

export type ReturnCells = ReturnType<typeof returnFigures>;

/** A month's кл. 50 and кл. 60, in the currency of the month they are used in. */
export interface MonthResult {
  payable: number;
  refund: number;
}

/**
 * The tax for refund that чл. 92, ал. 1 deducts from this month's tax payable: what is left of
 * the refunds of the two months before (the older first, each for two months). `before` holds the
 * results of the three months before, the nearest first ([M-1, M-2, M-3]); a month that had a
 * refund had nothing payable, so three months decide it.
 */
export function carriedRefund(before: [MonthResult, MonthResult, MonthResult]): number {
  const [m1, m2, m3] = before;
  // M-2's refund: in M-1 the refund of M-3 (its second month) was deducted first.
  const usedInM1 = m2.refund > 0 ? Math.min(m2.refund, Math.max(m1.payable - m3.refund, 0)) : 0;
  return m2.refund - usedInM1 + m1.refund;
}

/** Leva cents in euro cents (1.95583, rounded half up) for a refund carried into 2026. */
export const levaToEuro = (cents: number) => Number(divRound(BigInt(cents) * 100_000n, 195_583n));

/**
 * The controls of the return (НАП's instructions): each broken one as a Bulgarian sentence. The
 * files are refused while any fails, so a return that does not add up never leaves.
 */
export function checkReturnControls(cells: Record<string, number>, coefficient = 1): string[] {
  const v = (code: string) => cells[code] ?? 0;
  const failed: string[] = [];
  const check = (ok: boolean, text: string) => {
    if (!ok) failed.push(text);
  };
  check(
    v("01-01") === v("01-11") + v("01-12") + v("01-13") + v("01-14") + v("01-15") + v("01-16"),
    "кл. 01 не е равна на сбора на кл. 11–16",
  );
  check(
    v("01-20") === v("01-21") + v("01-22") + v("01-23") + v("01-24"),
    "кл. 20 не е равна на сбора на кл. 21–24",
  );
  check(coefficient >= 0 && coefficient <= 1, "кл. 33 не е между 0,00 и 1,00");
  check(
    v("01-40") === v("01-41") + percentOf(v("01-42"), coefficient * 100) + v("01-43"),
    "кл. 40 не е равна на кл. 41 + кл. 42 × кл. 33 + кл. 43",
  );
  check(
    v("01-50") === Math.max(v("01-20") - v("01-40"), 0) &&
      v("01-60") === Math.max(v("01-40") - v("01-20"), 0),
    "кл. 50 и кл. 60 не са разликата между кл. 20 и кл. 40",
  );
  check(v("01-70") >= 0 && v("01-71") >= 0, "кл. 70 и кл. 71 не може да са отрицателни");
  check(v("01-50") === v("01-70") + v("01-71"), "кл. 50 не е равна на кл. 70 + кл. 71");
  check(
    v("01-80") >= 0 && v("01-81") >= 0 && v("01-82") >= 0,
    "кл. 80, 81 и 82 не може да са отрицателни",
  );
  check(
    v("01-60") === v("01-80") + v("01-81") + v("01-82"),
    "кл. 60 не е равна на кл. 80 + кл. 81 + кл. 82",
  );
  return failed;
}

/** Sales row: кол. 9 and кол. 10 follow from the others. */
export function salesTotals(row: SalesRow) {
  const a = row.amounts;
  return {
    "02-10":
      (a["02-11"] ?? 0) +
      (a["02-12"] ?? 0) +
      (a["02-26"] ?? 0) +
      (a["02-13"] ?? 0) +
      (a["02-14"] ?? 0) +
      (a["02-15"] ?? 0) +
      (a["02-16"] ?? 0),
    "02-20": (a["02-21"] ?? 0) + (a["02-22"] ?? 0) + (a["02-24"] ?? 0),
  };
}
