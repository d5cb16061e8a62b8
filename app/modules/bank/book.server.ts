import { BOOKABLE_CURRENCIES, postBankMatch } from "~/modules/ledger/post-bank.server";
import { paySalaryByBank } from "~/modules/salaries/bank-payment.server";
import { AppError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import { actorName, type BankActor, posterOf, recordBankAct } from "./access.server";
import { BANK_MESSAGES } from "./constants";
import { lockTransaction, type MatchOutcome, refuseIfMatched } from "./match-rows.server";

/*
 * «Осчетоводи по сметка» (issue #45 item 2, decision 059): a movement with no document behind it —
 * a fee the bank sent no invoice for, a transfer between the company's own accounts (503), a
 * loan, capital paid in — is booked to an account of the chart. The match keeps the account and
 * the books post it against 503 in the same transaction; «Отмени» reverses both.
 */

/** Books a movement to an account of the company's chart. */
export async function bookToAccount(
  actor: BankActor,
  transactionId: string,
  accountCode: string,
): Promise<MatchOutcome> {
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  return actor.context.db.transaction().execute(async (trx) => {
    const tx = await lockTransaction(trx, companyId, transactionId);
    await refuseIfMatched(trx, companyId, transactionId);
    if (!(BOOKABLE_CURRENCIES as readonly string[]).includes(tx.currency)) {
      throw new AppError(BANK_MESSAGES.bookCurrency(tx.currency), 409);
    }
    const account = await trx
      .selectFrom("ledgerAccounts")
      .select(["code", "name"])
      .where("companyId", "=", companyId)
      .where("code", "=", accountCode)
      .executeTakeFirst();
    if (!account) {
      const message = BANK_MESSAGES.bookAccount(accountCode);
      throw new AppError(message, 400, { account: message });
    }
    const match = await trx
      .insertInto("bankMatches")
      .values({
        companyId,
        transactionId,
        accountCode: account.code,
        amountCents: tx.amountCents,
        createdBy: actor.user.id,
        createdByName: actorName(actor.user),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await postBankMatch(trx, companyId, match.id, posterOf(actor));
    // A transfer of an employee's net to 421 pays that salary: marked paid, posted once.
    await paySalaryByBank(trx, companyId, match.id);
    await recordBankAct(
      actor,
      "bank.match",
      { type: "bank_transaction", id: transactionId, label: tx.counterpartyName },
      { account: `${account.code} ${account.name}`, amount: formatCents(tx.amountCents) },
      trx,
    );
    return { appliedCents: tx.amountCents, overpaidCents: 0 };
  });
}
