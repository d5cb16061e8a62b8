import { BANK_FEES_CATEGORY, bankFeesCategory } from "~/modules/expenses/categories.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { createExpense, removeExpense } from "~/modules/expenses/service.server";
import { bankOfIban } from "~/modules/reference/banks";
import { bulgarianBanks } from "~/modules/reference/banks.server";
import { AppError } from "~/utils/errors";
import { formatCents } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import { actorName, type BankActor, recordBankAct } from "./access.server";
import { BANK_MESSAGES } from "./constants";
import { isBankFee } from "./fees";
import {
  activeMatches,
  lockTransaction,
  type MatchOutcome,
  refuseIfMatched,
  stands,
} from "./match-rows.server";

/*
 * A debit that becomes an expense as it is matched (issue #30, issue #41 item 14): the expense a
 * bank rule describes, or a bank's fee in «Банкови такси». The expense is made through the
 * expenses' one path (paid that day by bank), so the books post it as any expense; «Отмени»
 * deletes it again.
 */

/** Makes the expense a rule describes from a debit (paid that day by bank) and matches them. */
export async function matchRule(
  actor: BankActor,
  transactionId: string,
  ruleId: string,
): Promise<MatchOutcome> {
  const db = actor.context.db;
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  if (!isUuid(ruleId)) throw new AppError(BANK_MESSAGES.ruleNotFound, 404);
  const [tx, rule] = await Promise.all([
    db
      .selectFrom("bankTransactions")
      .select([
        "id",
        "direction",
        "amountCents",
        "currency",
        "bookedOn",
        "bankReference",
        "lineNo",
        "reason",
        "counterpartyName",
      ])
      .where("companyId", "=", companyId)
      .where("id", "=", transactionId)
      .executeTakeFirst(),
    db
      .selectFrom("bankRules")
      .select(["id", "supplierName", "supplierEik", "categoryId", "vatRate", "description"])
      .where("companyId", "=", companyId)
      .where("id", "=", ruleId)
      .where("deletedAt", "is", null)
      .executeTakeFirst(),
  ]);
  if (!tx) throw new AppError(BANK_MESSAGES.notFound, 404);
  if (!rule) throw new AppError(BANK_MESSAGES.ruleNotFound, 404);
  if (tx.direction !== "debit") throw new AppError(BANK_MESSAGES.debitsOnly, 409);
  if ((await activeMatches(db, companyId, transactionId)).some(stands)) {
    throw new AppError(BANK_MESSAGES.alreadyMatched, 409);
  }
  return matchNewExpense(actor, tx, rule, {
    expense: `${rule.supplierName}: ${rule.description}`,
  });
}

/** A debit as an expense made from it needs it. */
interface DebitRow {
  id: string;
  amountCents: number;
  currency: string;
  bookedOn: string;
  bankReference: string | null;
  lineNo: number;
  counterpartyName: string | null;
}

/** What an expense made from a debit says: a rule's, or a bank fee's. */
interface NewExpense {
  supplierName: string;
  supplierEik: string | null;
  description: string;
  categoryId: string | null;
  vatRate: number | null;
}

/**
 * Makes an expense of a debit (paid that day by bank) and matches them; «Отмени» deletes it
 * again. A rule's expense and a bank fee's are made this one way.
 */
async function matchNewExpense(
  actor: BankActor,
  tx: DebitRow,
  spec: NewExpense,
  audit: Record<string, string>,
): Promise<MatchOutcome> {
  const db = actor.context.db;
  const companyId = actor.user.companyId;
  const transactionId = tx.id;
  // The amount with the VAT rate in it: base = total / (1 + rate), VAT the rest.
  const rate = spec.vatRate;
  const base = rate ? Math.round((tx.amountCents * 100) / (100 + rate)) : tx.amountCents;
  const parsed = expenseSchema.safeParse({
    supplierName: spec.supplierName,
    supplierEik: spec.supplierEik,
    documentType: "other",
    documentNumber: (tx.bankReference ?? `${tx.bookedOn}-${tx.lineNo}`).slice(0, 50),
    documentDate: tx.bookedOn,
    description: spec.description,
    categoryId: spec.categoryId,
    currency: tx.currency,
    amounts: [
      {
        vatRate: rate ?? null,
        base: formatCents(base).replace(/\s/g, ""),
        vat: formatCents(tx.amountCents - base).replace(/\s/g, ""),
      },
    ],
    vatCredit: "none",
    paid: true,
    paidOn: tx.bookedOn,
    paymentMethod: "bank",
    confirmDuplicate: true,
  });
  // A line the expense form would refuse (a currency without its rate to the euro, лева after
  // 2025) is refused with the form's reason, never a 500.
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? "невалидни данни";
    throw new AppError(`${BANK_MESSAGES.expenseFromLine} ${reason}`, 409);
  }
  const input = parsed.data;
  const expenseId = await createExpense(db, companyId, actor.user.id, input);
  try {
    await db.transaction().execute(async (trx) => {
      await lockTransaction(trx, companyId, transactionId);
      await refuseIfMatched(trx, companyId, transactionId);
      await trx
        .insertInto("bankMatches")
        .values({
          companyId,
          transactionId,
          expenseId,
          expenseCreated: true,
          amountCents: tx.amountCents,
          createdBy: actor.user.id,
          createdByName: actorName(actor.user),
        })
        .execute();
      await recordBankAct(
        actor,
        "bank.match",
        { type: "bank_transaction", id: transactionId, label: tx.counterpartyName },
        { ...audit, amount: formatCents(tx.amountCents) },
        trx,
      );
    });
  } catch (error) {
    // Matched by someone else meanwhile: the expense made for it goes again.
    await db.transaction().execute((trx) => removeExpense(trx, companyId, expenseId));
    throw error;
  }
  return { appliedCents: tx.amountCents, overpaidCents: 0 };
}

/**
 * «Създай разход в „Банкови такси“» (issue #41 item 14): a debit whose text names a bank fee
 * becomes an expense of the bank in the category «Банкови такси» (made if the company has none),
 * as the line's one sum with no VAT in it (the statement shows none; the expense can be edited if
 * the bank's document says otherwise), paid by the line and matched to it.
 */
export async function matchBankFee(actor: BankActor, transactionId: string): Promise<MatchOutcome> {
  const db = actor.context.db;
  const companyId = actor.user.companyId;
  if (!isUuid(transactionId)) throw new AppError(BANK_MESSAGES.notFound, 404);
  const tx = await db
    .selectFrom("bankTransactions")
    .innerJoin("bankAccounts", "bankAccounts.id", "bankTransactions.accountId")
    .select([
      "bankTransactions.id",
      "bankTransactions.direction",
      "bankTransactions.amountCents",
      "bankTransactions.currency",
      "bankTransactions.bookedOn",
      "bankTransactions.bankReference",
      "bankTransactions.lineNo",
      "bankTransactions.reason",
      "bankTransactions.counterpartyName",
      "bankAccounts.iban",
    ])
    .where("bankTransactions.companyId", "=", companyId)
    .where("bankAccounts.companyId", "=", companyId)
    .where("bankTransactions.id", "=", transactionId)
    .executeTakeFirst();
  if (!tx) throw new AppError(BANK_MESSAGES.notFound, 404);
  if (tx.direction !== "debit") throw new AppError(BANK_MESSAGES.debitsOnly, 409);
  if (!isBankFee(tx)) throw new AppError(BANK_MESSAGES.notAFee, 409);
  if ((await activeMatches(db, companyId, transactionId)).some(stands)) {
    throw new AppError(BANK_MESSAGES.alreadyMatched, 409);
  }
  const [categoryId, banks] = await Promise.all([
    bankFeesCategory(db, companyId),
    bulgarianBanks(db, tx.bookedOn),
  ]);
  // The supplier is the account's bank (by its IBAN), else the name on the line.
  const bank = bankOfIban(banks, tx.iban)?.nameBg ?? tx.counterpartyName ?? "Банка";
  return matchNewExpense(
    actor,
    tx,
    {
      supplierName: bank.slice(0, 200),
      supplierEik: null,
      description: `Банкова такса: ${tx.reason || "без основание"}`.slice(0, 500),
      categoryId,
      vatRate: null,
    },
    { expense: `${BANK_FEES_CATEGORY}: ${bank}` },
  );
}
