import { type Kysely, sql, type Transaction } from "kysely";
import { postExpense } from "~/modules/ledger/post.server";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { printDate } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { creditableVat, expenseTotals } from "./amounts";
import { type CheckedReceipt, storeReceipts } from "./attachments.server";
import { CATEGORY_MESSAGES } from "./categories.server";
import { refreshMonthTotals } from "./month-totals.server";
import { protocolsBlockingDelete } from "./protocols.server";
import {
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_MESSAGES,
  type ExpenseInput,
  givesVatCredit,
} from "./schema";
import { rememberSupplier } from "./suppliers.server";

/* Recording purchase documents: the expense, its amounts per VAT rate and its supplier, together. */

const EXPENSE_NOT_FOUND = EXPENSE_MESSAGES.notFound;

/** The same supplier ЕИК, document type and number already recorded: the other expense, if any. */
export async function findDuplicate(
  db: Kysely<Database>,
  companyId: string,
  input: Pick<ExpenseInput, "supplierEik" | "supplierName" | "documentType" | "documentNumber">,
  exceptId?: string,
) {
  let query = db
    .selectFrom("expenses")
    .select(["id", "documentNumber", "documentDate", "supplierName"])
    .where("companyId", "=", companyId)
    .where("documentType", "=", input.documentType)
    .where("documentNumber", "=", input.documentNumber);
  query = input.supplierEik
    ? query.where("supplierEik", "=", input.supplierEik)
    : query.where("supplierEik", "is", null).where("supplierName", "=", input.supplierName);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return query.limit(1).executeTakeFirst();
}

/** The warning for a duplicate: which expense it repeats, with its id for a link. */
export class DuplicateExpenseError extends AppError {
  constructor(
    public duplicate: { id: string; documentNumber: string; documentDate: string },
    type: string,
  ) {
    super(
      `${EXPENSE_MESSAGES.duplicate}: ${type} № ${duplicate.documentNumber} от ${printDate(duplicate.documentDate)} от същия доставчик. Отбележете «Запиши въпреки това», ако е друг документ.`,
      409,
      { confirmDuplicate: EXPENSE_MESSAGES.duplicate },
    );
  }
}

async function columnsOf(db: Kysely<Database>, companyId: string, input: ExpenseInput) {
  const company = await db
    .selectFrom("companies")
    .select("isVatRegistered")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const totals = expenseTotals(input.amounts);
  // Only a VAT-registered company credits VAT (ЗДДС чл. 68–69), and only on a tax document (чл. 71):
  // a касов бон never carries credit, whatever was chosen (issue #25).
  const vatCredit =
    company.isVatRegistered && givesVatCredit(input.documentType) ? input.vatCredit : "none";
  const coefficient = vatCredit === "partial" ? input.vatCreditCoefficient : null;
  return {
    supplierName: input.supplierName,
    supplierEik: input.supplierEik,
    supplierVatNumber: input.supplierVatNumber,
    supplierCompanyId: input.supplierCompanyId,
    supplierAddress: input.supplierAddress,
    documentType: input.documentType,
    acquisition: input.documentType === "protocol_117" ? (input.acquisition ?? "services") : null,
    reverseCharge: input.documentType === "invoice" && input.reverseCharge,
    reverseChargeAnnexPart:
      input.documentType === "invoice" && input.reverseCharge ? input.reverseChargeAnnexPart : null,
    documentNumber: input.documentNumber,
    documentDate: input.documentDate,
    taxEventDate: input.taxEventDate,
    description: input.description,
    categoryId: input.categoryId,
    currency: input.currency,
    eurRate: input.currency === "EUR" || input.currency === "BGN" ? null : input.eurRate,
    ...totals,
    vatCredit,
    vatCreditCoefficient: coefficient,
    creditableVatCents: creditableVat(totals.vatCents, vatCredit, coefficient),
    paymentMethod: input.paid ? input.paymentMethod : null,
    paidOn: input.paid ? input.paidOn : null,
    dueDate: input.paid ? null : input.dueDate,
    notes: input.notes,
  };
}

async function writeAmounts(
  trx: Transaction<Database>,
  companyId: string,
  expenseId: string,
  input: ExpenseInput,
) {
  await trx
    .deleteFrom("expenseAmounts")
    .where("companyId", "=", companyId)
    .where("expenseId", "=", expenseId)
    .execute();
  await trx
    .insertInto("expenseAmounts")
    .values(
      input.amounts.map((row) => ({
        expenseId,
        companyId,
        vatRate: row.vatRate,
        baseCents: row.baseCents,
        vatCents: row.vatCents,
        documentDate: input.documentDate,
        currency: input.currency,
        sign: input.documentType === "credit_note" ? -1 : 1,
      })),
    )
    .execute();
}

/**
 * A category of another company (or none: the key (company, category) refuses it) is not found,
 * as reading it is (issue #43 item 2): a field error, not a crash.
 */
function categoryRefusal(error: unknown): never {
  if ((error as { code?: string }).code === "23503") {
    throw new AppError(CATEGORY_MESSAGES.notFound, 404, {
      categoryId: CATEGORY_MESSAGES.notFound,
    });
  }
  throw error;
}

async function checkDuplicate(
  db: Kysely<Database>,
  companyId: string,
  input: ExpenseInput,
  exceptId?: string,
) {
  if (input.confirmDuplicate) return;
  const duplicate = await findDuplicate(db, companyId, input, exceptId);
  if (duplicate)
    throw new DuplicateExpenseError(duplicate, EXPENSE_DOCUMENT_TYPES[input.documentType]);
}

/**
 * Records a purchase document with its receipts (checked beforehand with checkReceipts), all in
 * one transaction; refuses a duplicate unless confirmed (DuplicateExpenseError).
 */
export async function createExpense(
  db: Kysely<Database>,
  companyId: string,
  userId: string | null,
  input: ExpenseInput,
  receipts: CheckedReceipt[] = [],
): Promise<string> {
  await checkDuplicate(db, companyId, input);
  const columns = await columnsOf(db, companyId, input);
  return db
    .transaction()
    .execute(async (trx) => {
      // An expense's month is its document's date (decision 058), as in the purchase journal.
      await assertPeriodOpen(trx, companyId, input.documentDate);
      const supplierId = await rememberSupplier(trx, companyId, {
        name: input.supplierName,
        eik: input.supplierEik,
        vatNumber: input.supplierVatNumber,
        address: input.supplierAddress,
      });
      const row = await trx
        .insertInto("expenses")
        .values({ ...columns, companyId, supplierId, createdBy: userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeAmounts(trx, companyId, row.id, input);
      await storeReceipts(trx, companyId, row.id, receipts);
      await refreshMonthTotals(trx, companyId, [input.documentDate]);
      // Its entries in the books, in this transaction (decision 057).
      await postExpense(trx, companyId, row.id, userId ? { id: userId, name: null } : null);
      return row.id;
    })
    .catch(categoryRefusal);
}

/**
 * The days whose months an edit of the expense would change (decision 058): its document's, and
 * its issued protocols' under чл. 117, which show its supplier and document (decision 073). The
 * edit refuses, and the expense's page offers no edit, when one of them is locked.
 */
export async function expenseLockDates(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  documentDate: string,
): Promise<string[]> {
  const protocols = await db
    .selectFrom("vatProtocols")
    .select("protocolDate")
    .where("companyId", "=", companyId)
    .where("expenseId", "=", id)
    .where("status", "=", "issued")
    .execute();
  return [documentDate, ...protocols.map((p) => p.protocolDate)];
}

/** Changes a recorded expense (amounts, supplier and all, new receipts too) in one transaction. */
export async function updateExpense(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: ExpenseInput,
  receipts: CheckedReceipt[] = [],
): Promise<void> {
  if (!isUuid(id)) throw new AppError(EXPENSE_NOT_FOUND, 404);
  await checkDuplicate(db, companyId, input, id);
  const columns = await columnsOf(db, companyId, input);
  await db
    .transaction()
    .execute(async (trx) => {
      const supplierId = await rememberSupplier(trx, companyId, {
        name: input.supplierName,
        eik: input.supplierEik,
        vatNumber: input.supplierVatNumber,
        address: input.supplierAddress,
      });
      const before = await trx
        .selectFrom("expenses")
        .select("documentDate")
        .where("companyId", "=", companyId)
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError(EXPENSE_NOT_FOUND, 404);
      await assertPeriodOpen(
        trx,
        companyId,
        input.documentDate,
        ...(await expenseLockDates(trx, companyId, id, before.documentDate)),
      );
      await trx
        .updateTable("expenses")
        .set({ ...columns, supplierId, updatedAt: new Date() })
        .where("companyId", "=", companyId)
        .where("id", "=", id)
        .execute();
      await writeAmounts(trx, companyId, id, input);
      await storeReceipts(trx, companyId, id, receipts);
      await refreshMonthTotals(trx, companyId, [before.documentDate, input.documentDate]);
      await postExpense(trx, companyId, id, null);
    })
    .catch(categoryRefusal);
}

/**
 * Deletes an expense with its amounts and attachments (the files go in the hourly sweep) inside
 * the caller's transaction; false when the company has no such expense.
 */
export async function removeExpense(
  trx: Transaction<Database>,
  companyId: string,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  // A protocol under чл. 117 keeps its number and its expense (decision 073).
  await protocolsBlockingDelete(trx, companyId, id);
  const row = await trx
    .deleteFrom("expenses")
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("documentDate")
    .executeTakeFirst();
  if (!row) return false;
  await assertPeriodOpen(trx, companyId, row.documentDate);
  await refreshMonthTotals(trx, companyId, [row.documentDate]);
  await postExpense(trx, companyId, id, null);
  return true;
}

/** Deletes an expense with its amounts and attachments (the files go in the hourly sweep). */
export async function deleteExpense(db: Kysely<Database>, companyId: string, id: string) {
  if (!isUuid(id)) throw new AppError(EXPENSE_NOT_FOUND, 404);
  await db.transaction().execute(async (trx) => {
    if (!(await removeExpense(trx, companyId, id))) throw new AppError(EXPENSE_NOT_FOUND, 404);
  });
}

/**
 * Marks an expense paid (on a day, by a method) or unpaid again, inside the caller's transaction,
 * with the month's unpaid totals kept; the bank's matches use it. False when there is no such
 * expense.
 */
export async function setExpensePaid(
  trx: Transaction<Database>,
  companyId: string,
  id: string,
  paid: { paidOn: string; method: "bank" | "card" | "cash" | "other" } | null,
): Promise<boolean> {
  const row = await trx
    .updateTable("expenses")
    .set({
      paidOn: paid?.paidOn ?? null,
      paymentMethod: paid?.method ?? null,
      updatedAt: new Date(),
    })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("documentDate")
    .executeTakeFirst();
  if (!row) return false;
  await assertPeriodOpen(trx, companyId, row.documentDate);
  await refreshMonthTotals(trx, companyId, [row.documentDate]);
  await postExpense(trx, companyId, id, null);
  return true;
}

/** One expense of the company with its amounts and attachments; undefined for anything else. */
export async function getExpense(db: Kysely<Database>, companyId: string, id: string | undefined) {
  if (!isUuid(id)) return undefined;
  const expense = await db
    .selectFrom("expenses")
    .leftJoin("expenseCategories", (join) =>
      join
        .onRef("expenseCategories.id", "=", "expenses.categoryId")
        .onRef("expenseCategories.companyId", "=", "expenses.companyId"),
    )
    .selectAll("expenses")
    .select("expenseCategories.name as categoryName")
    .where("expenses.companyId", "=", companyId)
    .where("expenses.id", "=", id)
    .executeTakeFirst();
  if (!expense) return undefined;
  const [amounts, attachments] = await Promise.all([
    db
      .selectFrom("expenseAmounts")
      .select(["vatRate", "baseCents", "vatCents"])
      .where("companyId", "=", companyId)
      .where("expenseId", "=", id)
      .orderBy(sql`coalesce(vat_rate, -1)`, "desc")
      .execute(),
    db
      .selectFrom("expenseAttachments")
      .innerJoin("storedFiles", (join) =>
        join
          .onRef("storedFiles.companyId", "=", "expenseAttachments.companyId")
          .onRef("storedFiles.sha256", "=", "expenseAttachments.sha256"),
      )
      .select([
        "expenseAttachments.id",
        "expenseAttachments.fileName",
        "expenseAttachments.createdAt",
        "storedFiles.contentType",
        "storedFiles.size",
      ])
      .where("expenseAttachments.companyId", "=", companyId)
      .where("expenseAttachments.expenseId", "=", id)
      .orderBy("expenseAttachments.createdAt")
      .execute(),
  ]);
  return { ...expense, amounts, attachments };
}
export type ExpenseWithDetails = NonNullable<Awaited<ReturnType<typeof getExpense>>>;

/** The company's expense for a page, or the 404 page for anything else. */
export async function requireExpense(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  const expense = await getExpense(db, companyId, id);
  if (!expense) throw new NotFoundError();
  return expense;
}
