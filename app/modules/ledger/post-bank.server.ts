import { sql } from "kysely";
import { previousMonth } from "~/utils/periods";
import { accountFor, accountsOn, type Db, type Poster, syncSource } from "./post.server";
import {
  credit,
  DOCUMENT_TITLES,
  debit,
  finish,
  type Posting,
  type PostingLine,
  toLedgerCents,
} from "./postings";

/*
 * A bank movement in the books (decision 059) when its match is not a document's payment or an
 * expense (those post through their own sources): a payment to one of НАП's accounts (by the
 * account's kind: ДОО, ДЗПО, ЗО, taxes — ДДС when the reason says so), or a movement booked to an
 * account of the chart (a fee without a document, a transfer between own accounts: 503 / 503, a
 * loan, capital). One entry per match row (source «bank»); undoing the match reverses it.
 */

/** The currencies the books take a movement in without a rate: leva and euro (fixed rate). */
export const BOOKABLE_CURRENCIES = ["BGN", "EUR"] as const;

const NAP_TITLES: Record<string, string> = {
  doo: "ДОО",
  dzpo: "ДЗПО",
  zo: "ЗО",
  tax: "данъци",
  vat: "ДДС",
  enforcement: "принудително събиране",
};

/** Whether a payment to НАП's tax account is VAT (by its reason), not an income tax. */
const isVat = (reason: string) =>
  /(^|[^\p{L}])(ддс|vat)([^\p{L}]|$)|добавена стойност/iu.test(reason);

/**
 * The ГВРС in a payment to НАП's ДОО account: the employer's ГВРС of the payroll month (one of the
 * two before the payment's) whose ДОО obligation is exactly the amount paid; 0 when none is.
 */
async function gvrsPaid(trx: Db, companyId: string, bookedOn: string, amountCents: number) {
  const m1 = previousMonth(bookedOn.slice(0, 7));
  const months = await trx
    .selectFrom("salaries")
    .select([
      "month",
      sql<string>`sum(employee_doo_cents + employer_doo_cents + employer_tzpb_cents + employer_gvrs_cents)`.as(
        "doo",
      ),
      sql<string>`sum(employer_gvrs_cents)`.as("gvrs"),
    ])
    .where("companyId", "=", companyId)
    .where("month", "in", [m1, previousMonth(m1)])
    .where("status", "!=", "draft")
    .groupBy("month")
    .orderBy("month", "desc")
    .execute();
  const match = months.find((m) => Number(m.doo) === amountCents);
  return match ? Number(match.gvrs) : 0;
}

/** A bank match posted as it now stands; an undone one (or one of another kind) reversed. */
export async function postBankMatch(
  trx: Db,
  companyId: string,
  matchId: string,
  poster: Poster | null,
) {
  const row = await trx
    .selectFrom("bankMatches as m")
    .innerJoin("bankTransactions as t", (join) =>
      join.onRef("t.id", "=", "m.transactionId").onRef("t.companyId", "=", "m.companyId"),
    )
    .leftJoin("documents as d", (join) =>
      join.onRef("d.id", "=", "m.documentId").on("d.companyId", "=", companyId),
    )
    .leftJoin("clients as c", (join) =>
      join.onRef("c.id", "=", "d.clientId").on("c.companyId", "=", companyId),
    )
    .select([
      "m.undoneAt",
      "m.napKind",
      "m.accountCode",
      "m.amountCents as matchedCents",
      "d.number as documentNumber",
      "d.type as documentType",
      "d.clientId",
      "d.clientSnapshot",
      "c.name as clientName",
      "t.direction",
      "t.amountCents",
      "t.currency",
      "t.bookedOn",
      "t.reason",
      "t.counterpartyName",
      "t.bankReference",
      "t.lineNo",
    ])
    .where("m.companyId", "=", companyId)
    .where("m.id", "=", matchId)
    .executeTakeFirst();
  let wanted: Posting | null = null;
  const bookable = (BOOKABLE_CURRENCIES as readonly string[]).includes(row?.currency ?? "");
  if (row && !row.undoneAt && bookable && (row.napKind || row.accountCode)) {
    const date = row.bookedOn;
    // A client's overpayment (decision 065) is the surplus part of the movement, of its client.
    const surplus = row.accountCode !== null && row.clientId !== null;
    const cents = surplus ? row.matchedCents : row.amountCents;
    const amount = toLedgerCents(cents, { currency: row.currency, eurRate: null }, date);
    const money = await accountFor(trx, companyId, date, ["bank.money", "money.bank"]);
    const ref = `Банково извлечение, ${row.bankReference ? `реф. ${row.bankReference}` : `ред ${row.lineNo}`}`;
    const other: PostingLine[] = [];
    let what: string;
    if (row.napKind) {
      const kind = row.napKind === "tax" && isVat(row.reason) ? "vat" : row.napKind;
      const gvrs = kind === "doo" ? await gvrsPaid(trx, companyId, date, amount) : 0;
      const on = await accountsOn(trx, companyId, date, [`nap.${kind}`, "salary.gvrs"]);
      const account = on[`nap.${kind}`] as string;
      other.push(debit(account, amount - gvrs), debit(on["salary.gvrs"] as string, gvrs));
      what = `Плащане към НАП (${NAP_TITLES[kind] ?? kind})`;
    } else if (surplus) {
      const client = {
        kind: "client" as const,
        id: row.clientId,
        name: (row.clientSnapshot as { name?: string } | null)?.name ?? row.clientName ?? "Клиент",
      };
      other.push(credit(row.accountCode as string, amount, client));
      what = `Надплатено по ${DOCUMENT_TITLES[row.documentType as keyof typeof DOCUMENT_TITLES] ?? "документ"} № ${row.documentNumber ?? ""} (${client.name})`;
    } else {
      const account = row.accountCode as string;
      other.push(row.direction === "debit" ? debit(account, amount) : credit(account, amount));
      what = `Банково движение към сметка ${account}`;
    }
    const side = row.direction === "debit" ? credit(money, amount) : debit(money, amount);
    const text = [row.counterpartyName, row.reason].filter(Boolean).join(", ");
    wanted = finish({
      entryDate: date,
      description: `${what}${text ? `: ${text}` : ""}`.slice(0, 500),
      documentRef: ref.slice(0, 100),
      // Debits first, as an entry is read: Dr what the money paid / Cr 503, or Dr 503 / Cr whence.
      lines: row.direction === "debit" ? [...other, side] : [side, ...other],
    });
  }
  return syncSource(trx, companyId, "bank", matchId, wanted, poster);
}
