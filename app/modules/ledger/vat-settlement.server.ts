import { type Kysely, sql } from "kysely";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { AppError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";
import { accountsOn, type Db, insertEntry, type Poster } from "./post.server";
import { credit, debit, finish, reversalLines } from "./postings";
import { LEDGER_MESSAGES } from "./schema";

/*
 * The month's VAT settlement (issue #45 items 2 and 5, decision 059): on the month's last day the
 * VAT charged (4532, the return's кл. 20) and the VAT credit (4531, кл. 40) are closed into the
 * tax payable (4538, кл. 50) or for refund (4539, кл. 60), and a refund of the months before that
 * чл. 92, ал. 1 deducts (кл. 70) is set off 4538 against 4539. Once per month: a second is refused;
 * it is undone only by its reversing entry. The cells come from the VAT module (which calls here);
 * the books must say the same first.
 */

/** The return's cells the settlement posts (cents of the month's currency). */
export interface VatCells {
  /** кл. 20: VAT charged. */
  output: number;
  /** кл. 40: VAT credit. */
  credit: number;
  /** кл. 50: payable. */
  payable: number;
  /** кл. 60: for refund. */
  refund: number;
  /** кл. 70: deducted from the refunds of the months before (чл. 92, ал. 1). */
  deducted: number;
}

const settlementsQuery = (db: Db, companyId: string) =>
  db
    .selectFrom("ledgerEntries as e")
    .select(["e.id", "e.entryDate", "e.createdByName", "e.createdAt"])
    .where("e.companyId", "=", companyId)
    .where("e.sourceKind", "=", "vat_settlement")
    .where("e.reversesEntryId", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("ledgerEntries as r")
            .select("r.id")
            .whereRef("r.reversesEntryId", "=", "e.id"),
        ),
      ),
    );

/** The months settled (and not reversed) whose last day is within the dates, oldest first. */
export async function vatSettlements(db: Db, companyId: string, from: string, to: string) {
  const rows = await settlementsQuery(db, companyId)
    .where("e.entryDate", ">=", from)
    .where("e.entryDate", "<=", to)
    .orderBy("e.entryDate")
    .execute();
  return rows.map((r) => ({ ...r, month: r.entryDate.slice(0, 7) }));
}

/** The VAT accounts' net turnover of the month in the books, the settlements left out. */
async function vatTurnover(
  trx: Db,
  companyId: string,
  month: string,
  salesVat: string,
  purchaseVat: string,
) {
  const rows = await trx
    .selectFrom("ledgerLines as l")
    .innerJoin("ledgerEntries as e", "e.id", "l.entryId")
    .select([
      "l.accountCode",
      sql<string>`coalesce(sum(l.debit_cents - l.credit_cents), 0)`.as("net"),
    ])
    .where("l.companyId", "=", companyId)
    .where("l.accountCode", "in", [salesVat, purchaseVat])
    .where("l.entryDate", ">=", `${month}-01`)
    .where("l.entryDate", "<=", lastDayOf(month))
    .where("e.sourceKind", "!=", "vat_settlement")
    .groupBy("l.accountCode")
    .execute();
  const net = (code: string) => Number(rows.find((r) => r.accountCode === code)?.net ?? 0);
  return { output: -net(salesVat), credit: net(purchaseVat) };
}

/** One settlement at a time per company: the company's row, held to the transaction's end. */
async function holdCompany(trx: Kysely<Database>, companyId: string) {
  await trx
    .selectFrom("companies")
    .select("id")
    .where("id", "=", companyId)
    .forNoKeyUpdate()
    .execute();
}

/**
 * Posts the month's settlement from the return's cells, once: 409 when it is settled already,
 * when its month is locked, or when the books' 4532/4531 turnover of the month is not кл. 20/40.
 * Its entry's id.
 */
export async function postVatSettlement(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  cells: VatCells,
  poster: Poster,
): Promise<string> {
  const day = lastDayOf(month);
  return db.transaction().execute(async (trx) => {
    await holdCompany(trx, companyId);
    await assertPeriodOpen(trx, companyId, day);
    const [settled] = await settlementsQuery(trx, companyId)
      .where("e.entryDate", "=", day)
      .execute();
    if (settled) throw new AppError(LEDGER_MESSAGES.vatSettled(month), 409);
    const a = await accountsOn(trx, companyId, day, [
      "sales_vat",
      "purchase_vat",
      "vat.payable",
      "vat.refund",
    ]);
    const salesVat = a.sales_vat as string;
    const purchaseVat = a.purchase_vat as string;
    const books = await vatTurnover(trx, companyId, month, salesVat, purchaseVat);
    const differences = [
      books.output !== cells.output
        ? `${salesVat} за месеца ${formatCents(books.output)}, кл. 20 ${formatCents(cells.output)}`
        : "",
      books.credit !== cells.credit
        ? `${purchaseVat} за месеца ${formatCents(books.credit)}, кл. 40 ${formatCents(cells.credit)}`
        : "",
    ].filter(Boolean);
    if (differences.length) {
      throw new AppError(LEDGER_MESSAGES.vatDisagrees(differences.join("; ")), 409);
    }
    const payable = a["vat.payable"] as string;
    const refund = a["vat.refund"] as string;
    const period = `${month.slice(5, 7)}.${month.slice(0, 4)}`;
    const posting = finish({
      entryDate: day,
      description: `Приключване на ДДС за ${period}: ${
        cells.payable > 0
          ? `за внасяне ${formatCents(cells.payable - cells.deducted)}`
          : `за възстановяване ${formatCents(cells.refund)}`
      }`,
      documentRef: `СД по ЗДДС ${period}`,
      lines: [
        debit(salesVat, cells.output),
        credit(purchaseVat, cells.credit),
        credit(payable, cells.payable),
        debit(refund, cells.refund),
        debit(payable, cells.deducted),
        credit(refund, cells.deducted),
      ],
    });
    if (!posting) throw new AppError(LEDGER_MESSAGES.vatNothing(month), 409);
    return insertEntry(trx, companyId, { kind: "vat_settlement", id: null }, posting, poster);
  });
}

/** Undoes a month's settlement by its reversing entry (409 when it is not settled). Its id. */
export async function reverseVatSettlement(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  poster: Poster,
): Promise<string> {
  const day = lastDayOf(month);
  return db.transaction().execute(async (trx) => {
    await holdCompany(trx, companyId);
    await assertPeriodOpen(trx, companyId, day);
    const [settled] = await settlementsQuery(trx, companyId)
      .select(["e.description", "e.documentRef"])
      .where("e.entryDate", "=", day)
      .execute();
    if (!settled) throw new AppError(LEDGER_MESSAGES.vatNotSettled(month), 409);
    const lines = await trx
      .selectFrom("ledgerLines")
      .select(["accountCode", "debitCents", "creditCents"])
      .where("entryId", "=", settled.id)
      .orderBy("id")
      .execute();
    return insertEntry(
      trx,
      companyId,
      { kind: "vat_settlement", id: null, reverses: settled.id },
      {
        entryDate: day,
        description: `Сторно: ${settled.description}`.slice(0, 500),
        documentRef: settled.documentRef,
        lines: reversalLines(
          lines.map((l) => ({
            accountCode: l.accountCode,
            counterparty: null,
            debitCents: Number(l.debitCents),
            creditCents: Number(l.creditCents),
          })),
        ),
      },
      poster,
    );
  });
}
