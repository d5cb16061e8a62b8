import { centsToDecimal } from "~/utils/money";
import { periodRange } from "~/utils/periods";
import { isoDate } from "~/utils/schema";
import { z } from "~/utils/zod-openapi.server";
import type { ExpenseCurrencyTotals, ExpenseListRow, ExpenseRateTotals } from "./queries.server";
import { expenseSchema } from "./schema";
import type { ExpenseWithDetails } from "./service.server";

/** An expense as the JSON API gives it: amounts as decimal strings, dates as yyyy-mm-dd. */
export function expenseJson(expense: ExpenseWithDetails) {
  return {
    id: expense.id,
    supplier: {
      id: expense.supplierId,
      name: expense.supplierName,
      eik: expense.supplierEik,
      vatNumber: expense.supplierVatNumber,
      companyId: expense.supplierCompanyId,
      address: expense.supplierAddress,
    },
    documentType: expense.documentType,
    acquisition: expense.acquisition,
    reverseCharge: expense.reverseCharge,
    reverseChargeAnnexPart: expense.reverseChargeAnnexPart,
    documentNumber: expense.documentNumber,
    documentDate: expense.documentDate,
    taxEventDate: expense.taxEventDate,
    description: expense.description,
    category: { id: expense.categoryId, name: expense.categoryName },
    currency: expense.currency,
    eurRate: expense.eurRate,
    amounts: expense.amounts.map((row) => ({
      vatRate: row.vatRate,
      base: centsToDecimal(row.baseCents),
      vat: centsToDecimal(row.vatCents),
    })),
    subtotal: centsToDecimal(expense.subtotalCents),
    vat: centsToDecimal(expense.vatCents),
    total: centsToDecimal(expense.totalCents),
    vatCredit: expense.vatCredit,
    vatCreditCoefficient: expense.vatCreditCoefficient,
    creditableVat: centsToDecimal(expense.creditableVatCents),
    paid: expense.paidOn !== null,
    paymentMethod: expense.paymentMethod,
    paidOn: expense.paidOn,
    dueDate: expense.dueDate,
    notes: expense.notes,
    attachments: expense.attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      contentType: a.contentType,
      size: a.size,
      url: `/api/expenses/${expense.id}/attachments/${a.id}`,
    })),
    createdAt: expense.createdAt,
    updatedAt: expense.updatedAt,
  };
}

/**
 * A JSON body as the schema reads it: the flat fields of POST/PUT, or the nested supplier and
 * category of GET's answer (so a client can send back what it read, changed).
 */
export function expenseInputFromJson(body: Record<string, unknown>): Record<string, unknown> {
  const { supplier, category, ...rest } = body;
  const nested = (value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const s = nested(supplier);
  const c = nested(category);
  return {
    ...(s && {
      supplierName: s.name,
      supplierEik: s.eik,
      supplierVatNumber: s.vatNumber,
      supplierCompanyId: s.companyId,
      supplierAddress: s.address,
    }),
    ...(c && { categoryId: c.id }),
    ...rest,
  };
}

/** A row of the list as GET /api/expenses gives it. */
export function expenseListJson(row: ExpenseListRow) {
  return {
    id: row.id,
    supplier: {
      id: row.supplierId,
      name: row.supplierName,
      eik: row.supplierEik,
      vatNumber: row.supplierVatNumber,
      companyId: row.supplierCompanyId,
    },
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    currency: row.currency,
    subtotal: centsToDecimal(row.subtotalCents),
    vat: centsToDecimal(row.vatCents),
    total: centsToDecimal(row.totalCents),
    vatCredit: row.vatCredit,
    creditableVat: centsToDecimal(row.creditableVatCents),
    paid: row.paidOn !== null,
    paidOn: row.paidOn,
    dueDate: row.dueDate,
  };
}

/** The totals of a filtered list as the API gives them (decimal strings). */
export function expenseSummaryJson(summary: {
  count: number;
  currencies: ExpenseCurrencyTotals[];
  rates: ExpenseRateTotals[];
}) {
  return {
    count: summary.count,
    currencies: summary.currencies.map((c) => ({
      currency: c.currency,
      count: c.count,
      subtotal: centsToDecimal(c.subtotalCents),
      vat: centsToDecimal(c.vatCents),
      total: centsToDecimal(c.totalCents),
      creditableVat: centsToDecimal(c.creditableVatCents),
      unpaid: centsToDecimal(c.unpaidCents),
    })),
    rates: summary.rates.map((r) => ({
      currency: r.currency,
      vatRate: r.vatRate,
      base: centsToDecimal(r.baseCents),
      vat: centsToDecimal(r.vatCents),
    })),
  };
}

/* What the serializers above answer, as the OpenAPI document shows it (decision 056). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const date = z.string().date();
const orNull = z.string().nullable();
const documentType = z.enum([
  "invoice",
  "credit_note",
  "debit_note",
  "receipt",
  "protocol_117",
  "other",
]);
const supplier = {
  id: z.string().uuid().nullable(),
  name: z.string(),
  eik: orNull.describe("ЕИК/Булстат: 9 or 13 digits with a valid check digit"),
  vatNumber: orNull.describe("BG and the Bulgarian number, or a foreign one with its prefix"),
  companyId: orNull.describe("A foreign supplier's registration number, instead of an ЕИК"),
};
/** One VAT rate's base and VAT of an expense. */
export const expenseAmountJsonSchema = z
  .object({
    vatRate: z.number().int().nullable().describe("null: no VAT"),
    base: decimal.describe("May be negative on one rate (a deposit returned)"),
    vat: decimal,
  })
  .openapi("ExpenseAmount");

/** A row of the list (`expenseListJson`). */
export const expenseListJsonSchema = z
  .object({
    id: z.string().uuid(),
    supplier: z.object(supplier),
    documentType,
    documentNumber: z.string(),
    documentDate: date,
    description: z.string(),
    category: z.object({ id: z.string().uuid(), name: z.string() }),
    currency: z.string(),
    subtotal: decimal,
    vat: decimal,
    total: decimal,
    vatCredit: z.enum(["full", "partial", "none"]),
    creditableVat: decimal,
    paid: z.boolean(),
    paidOn: date.nullable(),
    dueDate: date.nullable(),
  })
  .openapi("ExpenseSummary");

/** One expense with its amounts and receipts (`expenseJson`). */
export const expenseJsonSchema = expenseListJsonSchema
  .extend({
    supplier: z.object({ ...supplier, address: orNull }),
    taxEventDate: date.nullable(),
    acquisition: z
      .union([z.enum(["services", "goods"]), z.null()])
      .describe(
        "A protocol under чл. 117: goods (intra-Community acquisition, кол. 13) or services (кол. 14)",
      ),
    reverseCharge: z
      .boolean()
      .describe("The supplier charged no VAT under чл. 163а (domestic reverse charge)"),
    reverseChargeAnnexPart: z
      .union([z.enum(["I", "II"]), z.null()])
      .describe(
        "With reverseCharge: the part of Приложение № 2 ЗДДС (I: waste and scrap, II: grain and industrial crops), НАП's code 01/02 in PRODAGBI 02-27 and POKUPKI 03-45; null if none or not yet chosen",
      ),
    eurRate: orNull,
    amounts: z.array(expenseAmountJsonSchema),
    vatCreditCoefficient: orNull,
    paymentMethod: orNull,
    notes: orNull,
    attachments: z.array(
      z.object({
        id: z.string().uuid(),
        fileName: z.string(),
        contentType: z.string(),
        size: z.number().int(),
        url: z.string(),
      }),
    ),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("Expense");

/** The totals of a filtered list (`expenseSummaryJson`). */
export const expenseTotalsJsonSchema = z
  .object({
    count: z.number().int(),
    currencies: z.array(
      z.object({
        currency: z.string(),
        count: z.number().int(),
        subtotal: decimal,
        vat: decimal,
        total: decimal,
        creditableVat: decimal,
        unpaid: decimal,
      }),
    ),
    rates: z.array(expenseAmountJsonSchema.extend({ currency: z.string() })),
  })
  .openapi("ExpenseTotals");

/** The kind of a purchase document. */
export const expenseDocumentTypeJsonSchema = z
  .enum(["invoice", "credit_note", "debit_note", "receipt", "protocol_117", "other"])
  .openapi("ExpenseDocumentType");

/**
 * The query of GET /api/expenses, as described and as checked (parseQuery): a filter it cannot
 * read is a 400 naming it, never a list without that filter.
 */
export const expenseListQuerySchema = z.object({
  period: z
    .string()
    .refine((value) => periodRange(value) !== null, {
      message: "Периодът е month:ГГГГ-ММ, quarter:ГГГГ-Т или year:ГГГГ",
    })
    .describe("month:YYYY-MM, quarter:YYYY-Q, year:YYYY (overrides from/to)")
    .optional(),
  from: isoDate().openapi({ format: "date" }).describe("Document date from").optional(),
  to: isoDate().openapi({ format: "date" }).describe("Document date to").optional(),
  categoryId: z.string().uuid().optional(),
  supplierId: z.string().uuid().optional(),
  payment: z.enum(["paid", "unpaid", "overdue"]).optional(),
  protocol: z
    .enum(["issued", "missing"])
    .describe(
      "Protocol under чл. 117 ЗДДС: issued (not cancelled), or missing (needed by the rules, none issued)",
    )
    .optional(),
  type: expenseDocumentTypeJsonSchema.optional(),
  q: z.string().describe("Supplier, ЕИК, document number or description").optional(),
  sort: z.enum(["date_desc", "date_asc", "amount_desc", "amount_asc", "supplier"]).optional(),
  after: z.string().describe("nextCursor of the previous page").optional(),
});

/** A receipt or file attached to an expense, as the API shows it. */
export const expenseAttachmentJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    fileName: z.string().optional(),
    contentType: z
      .enum(["image/jpeg", "image/png", "application/pdf", "application/xml"])
      .optional(),
    size: z.number().int().optional(),
    url: z.string().optional(),
  })
  .openapi("ExpenseAttachment");

/** An expense category as the API shows it. */
export const expenseCategoryJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    code: z.string().nullable().optional(),
    name: z.string().optional(),
    archived: z.boolean().optional(),
  })
  .openapi("ExpenseCategory");

/** The 409 of a purchase document recorded before: which one. */
export const duplicateExpenseJsonSchema = z
  .object({
    message: z.string().optional(),
    duplicateOf: z
      .object({
        id: z.string().uuid().optional(),
        documentNumber: z.string().optional(),
        documentDate: z.string().date().optional(),
        url: z.string().optional(),
      })
      .optional(),
  })
  .openapi("DuplicateExpense");

/** A supplier as GET /api/suppliers shows it. */
export const supplierJsonSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: z.string().optional(),
    eik: z
      .string()
      .nullable()
      .describe("ЕИК/Булстат: 9 or 13 digits with a valid check digit")
      .optional(),
    vatNumber: z
      .string()
      .nullable()
      .describe(
        "BG and the Bulgarian number, or a foreign one with its country's prefix (NO999888777MVA)",
      )
      .openapi({ example: "BG175074752" })
      .optional(),
    companyId: z
      .string()
      .nullable()
      .describe("A foreign supplier's registration number, instead of an ЕИК")
      .optional(),
    address: z.string().nullable().optional(),
    countryCode: z.string().nullable().optional(),
  })
  .openapi("Supplier");

/** The body of POST /api/expenses and PUT /api/expenses/{id}: the schema the routes parse with. */
export const expenseInputJsonSchema = expenseSchema.openapi("ExpenseInput");
