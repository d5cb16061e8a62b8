import type { Kysely } from "kysely";
import type { Poster } from "~/modules/ledger/post.server";
import { LEDGER_MESSAGES } from "~/modules/ledger/schema";
import {
  postVatSettlement,
  reverseVatSettlement,
  type VatCells,
} from "~/modules/ledger/vat-settlement.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { vatReport } from "./report.server";

/*
 * «Приключи ДДС» (issue #45, decision 059): the month's return, as /reports/vat makes it, posted
 * into the books by the ledger (4532 and 4531 into 4538 or 4539). A month that has not ended yet
 * and a company not registered for VAT are refused.
 */

/** The return's cells of a month that the settlement posts, and the return itself. */
export async function settlementCells(db: Kysely<Database>, companyId: string, month: string) {
  const report = await vatReport(db, companyId, month, true);
  const f = report.figures;
  const cells: VatCells = {
    output: f["01-20"],
    credit: f["01-40"],
    payable: f["01-50"],
    refund: f["01-60"],
    deducted: f["01-70"],
  };
  return { cells, registered: report.company.isVatRegistered, currency: report.currency };
}

/** Settles a month's VAT in the books (once); the entry's id and the cells it posted. */
export async function settleVat(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  poster: Poster,
) {
  if (month >= todayInSofia().slice(0, 7)) {
    throw new AppError(LEDGER_MESSAGES.vatOpenMonth(month), 409);
  }
  const { cells, registered, currency } = await settlementCells(db, companyId, month);
  if (!registered) throw new AppError(LEDGER_MESSAGES.vatNotRegistered, 409);
  const entryId = await postVatSettlement(db, companyId, month, cells, poster);
  return { entryId, cells, currency };
}

/** Reverses a month's settlement (its reversing entry's id). */
export function unsettleVat(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  poster: Poster,
) {
  return reverseVatSettlement(db, companyId, month, poster);
}
