import { type Kysely, sql, type Transaction } from "kysely";
import { accountsOn } from "~/modules/ledger/post.server";
import { postSalary } from "~/modules/ledger/post-payroll.server";
import { ledgerCurrency } from "~/modules/ledger/postings";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { lastDayOf } from "~/utils/periods";
import type { Database } from "~db/types";

/*
 * A salary's net is paid in the books once (decision 065). Two things say it was paid: the
 * salary marked «Платена» (its own entry Дт 421 / Кт 503 on that day) and a bank movement booked
 * to 421 (the booking's entry). When a booking to 421 (or an analytic of it) is a debit to the
 * employee's IBAN of exactly the net, in the month's currency, the salary names it
 * (`salaries.bank_match_id`), is marked paid on the movement's day, and makes no payment entry of
 * its own — whichever came first. Undoing the booking leaves the salary paid with its own entry.
 */

type Trx = Transaction<Database> | Kysely<Database>;

const ibanOf = (column: string) => sql<string>`upper(replace(${sql.ref(column)}, ' ', ''))`;

/** Whether an account is the payroll's payable account (421 by the rules) or an analytic of it. */
const isPayable = (account: string | null, payable: string) =>
  account !== null && (account === payable || account.startsWith(`${payable}-`));

/**
 * The salary as it now stands, linked to the bank booking that paid it (or unlinked when it is
 * not paid), then posted. Every write of a salary ends here.
 */
export async function settleSalary(trx: Trx, companyId: string, salaryId: string) {
  const salary = await trx
    .selectFrom("salaries")
    .innerJoin("employees as e", (join) =>
      join.onRef("e.id", "=", "salaries.employeeId").on("e.companyId", "=", companyId),
    )
    .select([
      "salaries.month",
      "salaries.status",
      "salaries.netCents",
      "salaries.bankMatchId",
      ibanOf("e.iban").as("iban"),
    ])
    .where("salaries.companyId", "=", companyId)
    .where("salaries.id", "=", salaryId)
    .executeTakeFirst();
  if (salary?.status !== "paid" && salary?.bankMatchId) {
    await link(trx, companyId, salaryId, null);
  } else if (salary?.status === "paid" && !salary.bankMatchId && salary.iban) {
    const month = String(salary.month);
    const { "salary.payable": payable } = await accountsOn(trx, companyId, lastDayOf(month), [
      "salary.payable",
    ]);
    const booking = await liveBookings(trx, companyId)
      .where(ibanOf("t.counterpartyIban"), "=", salary.iban)
      .where("t.amountCents", "=", salary.netCents)
      .where("t.currency", "=", ledgerCurrency(lastDayOf(month)))
      .where("t.bookedOn", ">=", `${month}-01`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom("salaries as s").select("s.id").whereRef("s.bankMatchId", "=", "m.id")),
        ),
      )
      .orderBy("t.bookedOn")
      .execute();
    const paid = booking.find((b) => isPayable(b.accountCode, payable as string));
    if (paid) await link(trx, companyId, salaryId, paid);
  }
  await postSalary(trx, companyId, salaryId, null);
}

/** The company's bank bookings to an account that stand, debits only, with their movement. */
function liveBookings(trx: Trx, companyId: string) {
  return trx
    .selectFrom("bankMatches as m")
    .innerJoin("bankTransactions as t", (join) =>
      join.onRef("t.id", "=", "m.transactionId").on("t.companyId", "=", companyId),
    )
    .select(["m.id", "m.accountCode", "t.bookedOn", "t.amountCents", "t.currency"])
    .where("m.companyId", "=", companyId)
    .where("m.undoneAt", "is", null)
    .where("m.accountCode", "is not", null)
    .where("t.direction", "=", "debit");
}

/**
 * A bank movement just booked to an account: when it pays an employee's salary (approved or
 * paid, not paid by another booking; the latest month up to the movement's), that salary is
 * marked paid on the movement's day and its own payment entry, if any, reversed.
 */
export async function paySalaryByBank(trx: Trx, companyId: string, matchId: string) {
  const [booking] = await liveBookings(trx, companyId)
    .select(ibanOf("t.counterpartyIban").as("iban"))
    .where("m.id", "=", matchId)
    .execute();
  if (!booking?.iban) return;
  const { "salary.payable": payable } = await accountsOn(trx, companyId, booking.bookedOn, [
    "salary.payable",
  ]);
  if (!isPayable(booking.accountCode, payable as string)) return;
  const salaries = await trx
    .selectFrom("salaries")
    .innerJoin("employees as e", (join) =>
      join.onRef("e.id", "=", "salaries.employeeId").on("e.companyId", "=", companyId),
    )
    .select(["salaries.id", "salaries.month", "salaries.paidOn"])
    .where("salaries.companyId", "=", companyId)
    .where("salaries.status", "in", ["approved", "paid"])
    .where("salaries.bankMatchId", "is", null)
    .where("salaries.netCents", "=", booking.amountCents)
    .where("salaries.month", "<=", booking.bookedOn.slice(0, 7))
    .where(ibanOf("e.iban"), "=", booking.iban)
    .orderBy("salaries.month", "desc")
    .forUpdate()
    .execute();
  const salary = salaries.find(
    (s) => ledgerCurrency(lastDayOf(String(s.month))) === booking.currency,
  );
  if (!salary) return;
  // Its own payment entry, if it was marked paid, is reversed on its own day.
  await assertPeriodOpen(trx, companyId, salary.paidOn);
  await link(trx, companyId, salary.id, booking);
  await postSalary(trx, companyId, salary.id, null);
}

/** A booking undone: the salaries it paid stay paid and make their own payment entry again. */
export async function unlinkBankPayments(trx: Trx, companyId: string, matchIds: string[]) {
  if (!matchIds.length) return;
  const linked = await trx
    .updateTable("salaries")
    .set({ bankMatchId: null, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("bankMatchId", "in", matchIds)
    .returning("id")
    .execute();
  for (const salary of linked) await postSalary(trx, companyId, salary.id, null);
}

async function link(
  trx: Trx,
  companyId: string,
  salaryId: string,
  booking: { id: string; bookedOn: string } | null,
) {
  await trx
    .updateTable("salaries")
    .set(
      booking
        ? {
            bankMatchId: booking.id,
            status: "paid",
            paidOn: booking.bookedOn,
            updatedAt: new Date(),
          }
        : { bankMatchId: null, updatedAt: new Date() },
    )
    .where("companyId", "=", companyId)
    .where("id", "=", salaryId)
    .execute();
}
