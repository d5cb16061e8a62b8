import type { Kysely } from "kysely";
import {
  type CheckedReceipt,
  checkReceipts,
  RECEIPT_MAX_BYTES,
  RECEIPT_MESSAGES,
  RECEIPTS_PER_UPLOAD,
  tooLargeMessage,
} from "~/modules/expenses/attachments.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { proposalFor } from "~/modules/expenses/protocol-notes.server";
import {
  EXPENSE_FIELD_ORDER,
  EXPENSE_FORM_ID,
  expenseInputFromForm,
  expenseSchema,
} from "~/modules/expenses/schema";
import {
  createExpense,
  DuplicateExpenseError,
  type ExpenseWithDetails,
  updateExpense,
} from "~/modules/expenses/service.server";
import { ecbRateToFill } from "~/modules/reference/ecb-rates.server";
import { AppError } from "~/utils/errors";
import { readFormWithFiles, type UploadResult } from "~/utils/files.server";
import type { FormAnswer } from "~/utils/forms";
import { typedValues } from "~/utils/forms.server";
import { centsToDecimal } from "~/utils/money";
import { fieldErrorsOf } from "~/utils/schema";
import type { Database } from "~db/types";

/*
 * The expense form of /expenses/add and /expenses/edit/{id}: one reading of the posted form (text
 * fields and receipts), one set of answers. Pages stay thin: they call submitExpenseForm and either
 * redirect or give the answer back.
 */

const FORM_ERROR = "Проверете отбелязаните полета";
const FILES_AGAIN = "Останалото е запазено — изберете файловете отново.";

/** The receipts' form field ("files"; "file" for a single-file client). */
export const RECEIPT_FIELDS = ["files", "file"] as const;

/** Reads a form that may carry receipts: text fields, and files bounded at 5 MB each. */
export function readReceiptForm(request: Request) {
  return readFormWithFiles(request, {
    fields: RECEIPT_FIELDS,
    maxBytes: RECEIPT_MAX_BYTES,
    maxFiles: RECEIPTS_PER_UPLOAD,
  });
}

export type ExpenseFormOutcome =
  | { saved: true; id: string }
  | { saved: false; answer: FormAnswer; status: number };

const firstInvalid = (errors: Record<string, string>) =>
  EXPENSE_FIELD_ORDER.find((name) => errors[name]) ?? Object.keys(errors)[0];

/** The form's control for an error's path: amounts.0.vat → amounts[20][vat]. */
export function controlOf(path: string): string {
  const amount = /^amounts\.(\d)\.(base|vat|vatRate)$/.exec(path);
  if (!amount) return path;
  const key = ["20", "9", "0", "none"][Number(amount[1])] ?? "20";
  return `amounts[${key}][${amount[2] === "vat" ? "vat" : "base"}]`;
}

/**
 * Creates (no id) or changes an expense from the posted form. Refusals keep everything typed: a
 * file over 5 MB, a wrong field, a duplicate (409, pointing at the recorded one, saved only with
 * «Запиши въпреки това»).
 */
export async function submitExpenseForm(
  db: Kysely<Database>,
  request: Request,
  who: { companyId: string; userId: string },
  id?: string,
): Promise<ExpenseFormOutcome> {
  return saveExpenseForm(db, await readReceiptForm(request), who, id);
}

/**
 * The form already read (text fields and receipts): creates or changes the expense. `extra` are
 * files attached besides the uploaded receipts (an imported e-invoice's XML, checked already).
 */
export async function saveExpenseForm(
  db: Kysely<Database>,
  { form, upload }: { form: FormData; upload: UploadResult },
  who: { companyId: string; userId: string },
  id?: string,
  extra: CheckedReceipt[] = [],
): Promise<ExpenseFormOutcome> {
  const values = typedValues(form);
  delete values.files;
  delete values.file;
  delete values.ubl;
  const refuse = (
    fieldErrors: Record<string, string>,
    formError: string,
    status: number,
    link?: FormAnswer["link"],
  ): ExpenseFormOutcome => ({
    saved: false,
    status,
    answer: {
      formId: EXPENSE_FORM_ID,
      fieldErrors,
      formError,
      repopulateFields: values,
      focus: firstInvalid(fieldErrors),
      ...(link && { link }),
    },
  });

  // A foreign currency's rate left empty is the ECB's of the tax event's (else the document's)
  // date, or the last one before it (decision 051); a typed rate stays.
  const ecb = await ecbRateToFill(db, {
    currency: values.currency,
    eurRate: values.eurRate,
    date: values.taxEventDate || values.documentDate,
  });
  if (ecb) values.eurRate = ecb.eurRate.replace(".", ",");
  const parsed = expenseSchema.safeParse(expenseInputFromForm(values));
  const errors = parsed.success
    ? {}
    : Object.fromEntries(
        Object.entries(fieldErrorsOf(parsed.error)).map(([path, message]) => [
          controlOf(path),
          message,
        ]),
      );
  if (upload.tooLarge.length) {
    const files = `${tooLargeMessage(upload.tooLarge[0]!)} ${FILES_AGAIN}`;
    return refuse(
      { ...errors, files },
      `${RECEIPT_MESSAGES.tooLarge}. ${RECEIPT_MESSAGES.tooLargeDetail}`,
      413,
    );
  }
  if (upload.tooMany) {
    return refuse({ ...errors, files: RECEIPT_MESSAGES.tooMany }, RECEIPT_MESSAGES.tooMany, 400);
  }
  if (!parsed.success) {
    const again: Record<string, string> = upload.files.length ? { files: FILES_AGAIN } : {};
    return refuse({ ...errors, ...again }, FORM_ERROR, 400);
  }
  try {
    const receipts = [...checkReceipts(upload.files), ...extra];
    if (id) {
      await updateExpense(db, who.companyId, id, parsed.data, receipts);
      return { saved: true, id };
    }
    return {
      saved: true,
      id: await createExpense(db, who.companyId, who.userId, parsed.data, receipts),
    };
  } catch (error) {
    if (error instanceof DuplicateExpenseError) {
      return refuse(
        { confirmDuplicate: error.fields?.confirmDuplicate ?? error.message },
        error.message,
        409,
        { to: `/expenses/${error.duplicate.id}`, text: "Отворете записания разход" },
      );
    }
    if (error instanceof AppError && error.status < 500) {
      return refuse(error.fields ?? {}, error.message, error.status);
    }
    throw error;
  }
}

/** A recorded expense as the form's fields (amounts with a decimal comma, as people type them). */
export function expenseFormValues(expense: ExpenseWithDetails): Record<string, string> {
  const decimal = (cents: number) => centsToDecimal(cents).replace(".", ",");
  const values: Record<string, string> = {
    supplierId: expense.supplierId ?? "",
    supplierName: expense.supplierName,
    supplierEik: expense.supplierEik ?? "",
    supplierVatNumber: expense.supplierVatNumber ?? "",
    supplierCompanyId: expense.supplierCompanyId ?? "",
    supplierAddress: expense.supplierAddress ?? "",
    documentType: expense.documentType,
    acquisition: expense.acquisition ?? "services",
    reverseCharge: expense.reverseCharge ? "on" : "",
    reverseChargeAnnexPart: expense.reverseChargeAnnexPart ?? "",
    documentNumber: expense.documentNumber,
    documentDate: expense.documentDate,
    taxEventDate: expense.taxEventDate ?? "",
    description: expense.description,
    categoryId: expense.categoryId ?? "",
    currency: expense.currency,
    eurRate: expense.eurRate?.replace(".", ",") ?? "",
    vatCredit: expense.vatCredit,
    vatCreditCoefficient: expense.vatCreditCoefficient?.replace(".", ",") ?? "",
    paid: expense.paidOn ? "yes" : "no",
    paidOn: expense.paidOn ?? "",
    paymentMethod: expense.paymentMethod ?? "bank",
    dueDate: expense.dueDate ?? "",
    notes: expense.notes ?? "",
  };
  for (const row of expense.amounts) {
    const key = row.vatRate === null ? "none" : String(row.vatRate);
    values[`amounts[${key}][base]`] = decimal(row.baseCents);
    if (row.vatRate) values[`amounts[${key}][vat]`] = decimal(row.vatCents);
  }
  return values;
}

/** What the expense form offers: the company's categories and whether it credits VAT at all. */
export async function expenseFormData(db: Kysely<Database>, companyId: string) {
  const [categories, company] = await Promise.all([
    listCategories(db, companyId),
    db
      .selectFrom("companies")
      .select("isVatRegistered")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    vatRegistered: company.isVatRegistered,
  };
}

/**
 * Where a saved expense leads: its protocol under чл. 117 to confirm when it needs one it has not
 * got (decision 073), else its page.
 */
export async function afterSave(db: Kysely<Database>, companyId: string, id: string) {
  const proposal = await proposalFor(db, companyId, id).catch(() => null);
  return proposal
    ? {
        to: `/expenses/${id}/protocol`,
        toast: {
          title: "Разходът е записан",
          description: "Потвърдете протокола по чл. 117 ЗДДС, който Сметка предлага.",
        },
      }
    : null;
}
