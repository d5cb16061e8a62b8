import { z } from "zod";
import { hasValidEikChecksum } from "~/modules/accounts/eik";
import { MESSAGES } from "~/modules/accounts/schema";
import { EU_VAT } from "~/modules/clients/schema";
import { CURRENCIES } from "~/modules/reference/currencies";
import { formatCents, MAX_AMOUNT_CENTS, parseDecimal, VAT_RATES } from "~/utils/money";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { EXPENSE_AMOUNT_MESSAGES, vatOf, vatProblem } from "./amounts";

/** Purchase documents (ЗДДС чл. 71, 73 and the purchase journal's kinds). */
export const EXPENSE_DOCUMENT_TYPES = {
  invoice: "Фактура",
  credit_note: "Кредитно известие",
  debit_note: "Дебитно известие",
  receipt: "Касов бон",
  protocol_117: "Протокол по чл. 117 ЗДДС",
  other: "Друг документ",
} as const;
export type ExpenseDocumentTypeKey = keyof typeof EXPENSE_DOCUMENT_TYPES;

export const VAT_CREDITS = {
  full: "С пълен данъчен кредит",
  partial: "С частичен данъчен кредит (коефициент)",
  none: "Без право на данъчен кредит",
} as const;

export const EXPENSE_PAYMENT_METHODS = {
  bank: "Банков превод",
  cash: "В брой",
  card: "С карта",
  other: "Друг",
} as const;

/** The VAT rows of the form: the rates in force and "Без ДДС" (stored as null). */
export const EXPENSE_RATE_KEYS = [...VAT_RATES.map(String), "none"] as const;
export const RATE_LABELS: Record<string, string> = {
  "20": "20 %",
  "9": "9 %",
  "0": "0 %",
  none: "Без ДДС",
};

/** The expense form's id in answers (the add and edit pages). */
export const EXPENSE_FORM_ID = "expense";

/** The list's payment filter. */
export const PAYMENT_FILTERS = {
  paid: "Платени",
  unpaid: "Неплатени",
  overdue: "Просрочени",
} as const;

/** The list's orders. */
export const EXPENSE_SORTS = {
  date_desc: "Най-новите първо",
  date_asc: "Най-старите първо",
  amount_desc: "Най-голямата сума първо",
  amount_asc: "Най-малката сума първо",
  supplier: "По доставчик",
} as const;
export type ExpenseSort = keyof typeof EXPENSE_SORTS;

export const EXPENSE_MESSAGES = {
  supplierName: "Въведете доставчика",
  eik: "ЕИК/Булстат е 9 до 13 цифри",
  vat: "Невалиден ДДС номер: BG и 9 или 10 цифри, или ДДС номер от ЕС (напр. DE123456789)",
  documentType: "Изберете вид на документа",
  documentNumber: "Въведете номера на документа",
  tenDigits: "Номерът на фактура или известие от български доставчик е точно 10 цифри",
  documentDate: "Въведете датата на документа",
  description: "Опишете разхода",
  category: "Изберете категория",
  currency: "Изберете валута",
  bgnAfter2025:
    "От 01.01.2026 г. документите са в евро. Лева — само за документи с дата до 31.12.2025 г.",
  eurRate: "Въведете курс към еврото: положително число под 1 000 000 с до 8 знака след запетаята",
  paymentMethod: "Изберете начин на плащане",
  paidOn: "Въведете датата на плащане",
  dueBeforeDocument: "Падежът не може да е преди датата на документа",
  tooLarge: "Общата сума е твърде голяма: най-много 99 999 999 999,99",
  duplicate: "Вече има такъв разход",
  notFound: "Разходът не е намерен",
} as const;

const amount = (message: string) =>
  z
    .union([z.string().max(40, message), z.number()], { errorMap: () => ({ message }) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return null;
      const cents = parseDecimal(value, 2);
      if (cents === null || cents < 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
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
  row.baseCents > 0 || row.vatCents > 0;

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const isBulgarianTaxDocument = (type: string, vatNumber: string | null) =>
  (type === "invoice" || type === "credit_note" || type === "debit_note") &&
  !(vatNumber && EU_VAT.test(vatNumber));

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
      .transform((value) => value?.replace(/[\s.-]/g, "").toUpperCase() || null),
    supplierAddress: optionalText(300),
    documentType: z.enum(Object.keys(EXPENSE_DOCUMENT_TYPES) as [ExpenseDocumentTypeKey], {
      errorMap: () => ({ message: EXPENSE_MESSAGES.documentType }),
    }),
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
    if (data.supplierEik) {
      const eik = data.supplierEik;
      if (!/^\d{9,13}$/.test(eik)) issue(["supplierEik"], EXPENSE_MESSAGES.eik);
      else if ((eik.length === 9 || eik.length === 13) && !hasValidEikChecksum(eik)) {
        issue(["supplierEik"], MESSAGES.eikChecksum);
      }
    }
    if (
      data.supplierVatNumber &&
      !/^BG\d{9,10}$/.test(data.supplierVatNumber) &&
      !EU_VAT.test(data.supplierVatNumber)
    ) {
      issue(["supplierVatNumber"], EXPENSE_MESSAGES.vat);
    }
    if (
      isBulgarianTaxDocument(data.documentType, data.supplierVatNumber) &&
      !/^\d{10}$/.test(data.documentNumber)
    ) {
      issue(["documentNumber"], EXPENSE_MESSAGES.tenDigits);
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

/**
 * The expense form's fields as the schema's input (the one reading of the form): the VAT rows
 * `amounts[20][base]`, `amounts[20][vat]`, … become the schema's list of amounts.
 */
export function expenseInputFromForm(values: Record<string, string>): Record<string, unknown> {
  const { ...fields } = values;
  const amounts = EXPENSE_RATE_KEYS.map((key) => ({
    vatRate: key === "none" ? null : Number(key),
    base: values[`amounts[${key}][base]`] ?? "",
    vat: values[`amounts[${key}][vat]`] ?? "",
  }));
  for (const key of Object.keys(fields)) if (key.startsWith("amounts[")) delete fields[key];
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
  return { ...given, amounts, paid: values.paid === "on" || values.paid === "yes" };
}

/** A category the company adds or renames. */
export const categorySchema = z.object({
  name: boundedText(80, "Въведете име на категорията"),
});

/** The form's controls in the order they appear: the first with an error gets focus. */
export const EXPENSE_FIELD_ORDER = [
  "confirmDuplicate",
  "supplierName",
  "supplierEik",
  "supplierVatNumber",
  "supplierAddress",
  "documentType",
  "documentNumber",
  "documentDate",
  "taxEventDate",
  "description",
  "categoryId",
  "currency",
  "eurRate",
  "amounts",
  ...EXPENSE_RATE_KEYS.flatMap((key) => [`amounts[${key}][base]`, `amounts[${key}][vat]`]),
  "vatCredit",
  "vatCreditCoefficient",
  "paidOn",
  "paymentMethod",
  "dueDate",
  "notes",
  "files",
] as const;
