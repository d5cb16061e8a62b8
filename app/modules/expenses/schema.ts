import { z } from "zod";
import { MESSAGES } from "~/modules/accounts/constants";
import { bgIdError, bgVatError } from "~/modules/reference/bg-identifiers";
import { CURRENCIES } from "~/modules/reference/currencies";
import { compactForeignVat, isForeignVatNumber } from "~/modules/reference/foreign-vat";
import { formatCents, MAX_AMOUNT_CENTS, parseDecimal, VAT_RATES } from "~/utils/money";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { EXPENSE_AMOUNT_MESSAGES, vatOf, vatProblem } from "./amounts";
import {
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_MESSAGES,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_RATE_KEYS,
  type ExpenseDocumentTypeKey,
} from "./constants";

export {
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_FIELD_ORDER,
  EXPENSE_FORM_ID,
  EXPENSE_MESSAGES,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_RATE_KEYS,
  EXPENSE_SORTS,
  type ExpenseDocumentTypeKey,
  type ExpenseSort,
  expenseInputFromForm,
  givesVatCredit,
  NO_CREDIT_NOTE,
  PAYMENT_FILTERS,
  RATE_LABELS,
  VAT_CREDIT_DOCUMENT_TYPES,
  VAT_CREDITS,
} from "./constants";

const amount = (message: string) =>
  z
    .union([z.string().max(40, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return null;
      // A row may be negative (a returned deposit on an invoice, issue #42 item 9); the document's
      // total may not (superRefine below).
      const cents = parseDecimal(value, 2);
      if (cents === null || cents < -BigInt(MAX_AMOUNT_CENTS) || cents > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(cents);
    });

/** One VAT rate's amounts: the base, and the VAT as on the document (computed when left empty). */
export const amountSchema = z
  .object({
    vatRate: z
      .union([z.number(), z.string(), z.null()], {
        errorMap: () => ({ message: "Изберете ставка на ДДС" }),
      })
      .transform((value, ctx) => {
        if (value === null || value === "none" || value === "") return null;
        const rate = Number(value);
        if ((VAT_RATES as readonly number[]).includes(rate)) return rate;
        ctx.addIssue({ code: "custom", message: "Изберете ставка на ДДС" });
        return z.NEVER;
      }),
    base: amount(EXPENSE_AMOUNT_MESSAGES.base),
    vat: amount(EXPENSE_AMOUNT_MESSAGES.vat),
  })
  .transform((row) => ({
    vatRate: row.vatRate,
    baseCents: row.base ?? 0,
    vatCents: row.vat ?? vatOf(row.base ?? 0, row.vatRate),
  }));

const hasAmount = (row: { baseCents: number; vatCents: number }) =>
  row.baseCents !== 0 || row.vatCents !== 0;

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A foreign supplier: a VAT number of another country, or a foreign registration number without an ЕИК. */
const isForeignSupplier = (data: {
  supplierVatNumber: string | null;
  supplierEik: string | null;
  supplierCompanyId: string | null;
}) =>
  (data.supplierVatNumber !== null && isForeignVatNumber(data.supplierVatNumber)) ||
  (!data.supplierEik && data.supplierCompanyId !== null);

const isBulgarianTaxDocument = (type: string, foreign: boolean) =>
  (type === "invoice" || type === "credit_note" || type === "debit_note") && !foreign;

/** A purchase document, as the expense form and POST/PUT /api/expenses give it. */
export const expenseSchema = z
  .object({
    supplierId: z
      .string()
      .max(40)
      .nullish()
      .transform((value) => (isUuid(value) ? value : null)),
    supplierName: boundedText(200, EXPENSE_MESSAGES.supplierName),
    supplierEik: optionalText(13),
    supplierVatNumber: boundedText(30)
      .nullish()
      .transform((value) => (value ? compactForeignVat(value) : "") || null),
    /** A foreign supplier's registration number (not an ЕИК), as written on its documents. */
    supplierCompanyId: optionalText(50),
    supplierAddress: optionalText(300),
    documentType: z.enum(Object.keys(EXPENSE_DOCUMENT_TYPES) as [ExpenseDocumentTypeKey], {
      errorMap: () => ({ message: EXPENSE_MESSAGES.documentType }),
    }),
    // A protocol under чл. 117: goods (ВОП) or services; ignored for any other document.
    acquisition: z
      .enum(["services", "goods"], { errorMap: () => ({ message: EXPENSE_MESSAGES.acquisition }) })
      .nullish(),
    documentNumber: boundedText(50, EXPENSE_MESSAGES.documentNumber),
    documentDate: isoDate(EXPENSE_MESSAGES.documentDate),
    taxEventDate: optionalDate,
    description: boundedText(500, EXPENSE_MESSAGES.description),
    categoryId: z
      .string({ required_error: EXPENSE_MESSAGES.category })
      .max(40, EXPENSE_MESSAGES.category)
      .refine(isUuid, EXPENSE_MESSAGES.category),
    currency: z
      .enum(["BGN", ...CURRENCIES], { errorMap: () => ({ message: EXPENSE_MESSAGES.currency }) })
      .default("EUR"),
    eurRate: z
      .union([z.string().max(40), z.number()], {
        errorMap: () => ({ message: EXPENSE_MESSAGES.eurRate }),
      })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return null;
        const rate = parseDecimal(value, 8);
        if (rate === null || rate <= 0n || rate >= 100_000_000_000_000n) {
          ctx.addIssue({ code: "custom", message: EXPENSE_MESSAGES.eurRate });
          return z.NEVER;
        }
        return String(value).replace(",", ".").trim();
      }),
    amounts: z
      .array(amountSchema, { errorMap: () => ({ message: EXPENSE_AMOUNT_MESSAGES.none }) })
      .max(EXPENSE_RATE_KEYS.length, EXPENSE_AMOUNT_MESSAGES.none),
    vatCredit: z
      .enum(["full", "partial", "none"], {
        errorMap: () => ({ message: "Изберете данъчния кредит" }),
      })
      .default("full"),
    vatCreditCoefficient: z
      .union([z.string().max(20), z.number()], {
        errorMap: () => ({ message: EXPENSE_AMOUNT_MESSAGES.coefficient }),
      })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return null;
        const k = parseDecimal(value, 4);
        if (k === null || k <= 0n || k >= 10_000n) {
          ctx.addIssue({ code: "custom", message: EXPENSE_AMOUNT_MESSAGES.coefficient });
          return z.NEVER;
        }
        return (Number(k) / 10_000).toFixed(4);
      }),
    paid: checkbox,
    /** The supplier charged no VAT under чл. 163а (domestic reverse charge): a protocol follows. */
    reverseCharge: checkbox,
    /** With `reverseCharge`: the part of Приложение № 2 ЗДДС (НАП's code 01 or 02; decision 079). */
    // The form's "" is no choice, as null is.
    reverseChargeAnnexPart: z
      .enum(["I", "II", ""], { errorMap: () => ({ message: EXPENSE_MESSAGES.annexPart }) })
      .nullish()
      .transform((value) => value || null),
    paymentMethod: z
      .enum(Object.keys(EXPENSE_PAYMENT_METHODS) as [keyof typeof EXPENSE_PAYMENT_METHODS], {
        errorMap: () => ({ message: EXPENSE_MESSAGES.paymentMethod }),
      })
      .nullish()
      .transform((value) => value ?? null),
    paidOn: optionalDate,
    dueDate: optionalDate,
    notes: optionalText(2000),
    confirmDuplicate: checkbox,
  })
  .superRefine((data, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    // A Bulgarian supplier's ЕИК/Булстат (ЕГН/ЛНЧ) and BG VAT number, check digits included
    // (decision 049); a 9-digit VAT number beside a 9-digit ЕИК is BG + that ЕИК.
    const eikError = data.supplierEik ? bgIdError(data.supplierEik) : null;
    if (eikError) {
      issue(["supplierEik"], eikError === MESSAGES.eikFormat ? EXPENSE_MESSAGES.eik : eikError);
    }
    if (data.supplierVatNumber?.startsWith("BG")) {
      const vat = data.supplierVatNumber;
      const error = bgVatError(vat, vat.length === 11 && !eikError ? data.supplierEik : null);
      if (error)
        issue(["supplierVatNumber"], error === MESSAGES.vatFormat ? EXPENSE_MESSAGES.vat : error);
    } else if (data.supplierVatNumber && !isForeignVatNumber(data.supplierVatNumber)) {
      issue(["supplierVatNumber"], EXPENSE_MESSAGES.foreignVat);
    }
    if (
      isBulgarianTaxDocument(data.documentType, isForeignSupplier(data)) &&
      !/^\d{10}$/.test(data.documentNumber)
    ) {
      issue(["documentNumber"], EXPENSE_MESSAGES.tenDigits);
    }
    if (data.documentType === "invoice" && data.reverseCharge && !data.reverseChargeAnnexPart) {
      issue(["reverseChargeAnnexPart"], EXPENSE_MESSAGES.annexPart);
    }
    if (data.currency === "BGN" && data.documentDate > "2025-12-31") {
      issue(["currency"], EXPENSE_MESSAGES.bgnAfter2025);
    }
    if (data.currency !== "EUR" && data.currency !== "BGN" && !data.eurRate) {
      issue(["eurRate"], EXPENSE_MESSAGES.eurRate);
    }
    // Errors name the row as given (the form's row of the rate, the API's index); empty rows are
    // dropped after the checks.
    if (!data.amounts.some(hasAmount)) issue(["amounts"], EXPENSE_AMOUNT_MESSAGES.none);
    const rates = new Set<string>();
    data.amounts.forEach((row, i) => {
      if (!hasAmount(row)) return;
      const key = row.vatRate === null ? "none" : String(row.vatRate);
      if (rates.has(key)) issue(["amounts", i, "vatRate"], "Всяка ставка се въвежда веднъж");
      rates.add(key);
      const problem = vatProblem(row, formatCents);
      if (problem) issue(["amounts", i, "vat"], problem);
    });
    const total = data.amounts.reduce((sum, row) => sum + row.baseCents + row.vatCents, 0);
    if (total > MAX_AMOUNT_CENTS) issue(["amounts"], EXPENSE_MESSAGES.tooLarge);
    if (total < 0) issue(["amounts"], EXPENSE_MESSAGES.negativeTotal);
    if (data.vatCredit === "partial" && !data.vatCreditCoefficient) {
      issue(["vatCreditCoefficient"], EXPENSE_AMOUNT_MESSAGES.coefficient);
    }
    if (data.paid) {
      if (!data.paidOn) issue(["paidOn"], EXPENSE_MESSAGES.paidOn);
      if (!data.paymentMethod) issue(["paymentMethod"], EXPENSE_MESSAGES.paymentMethod);
    } else if (data.dueDate && data.dueDate < data.documentDate) {
      issue(["dueDate"], EXPENSE_MESSAGES.dueBeforeDocument);
    }
  })
  .transform((data) => ({ ...data, amounts: data.amounts.filter(hasAmount) }));
export type ExpenseInput = z.infer<typeof expenseSchema>;

/** A category the company adds or renames. */
export const categorySchema = z.object({
  name: boundedText(80, "Въведете име на категорията"),
});
