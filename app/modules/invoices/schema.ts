import { z } from "zod";
import { CURRENCIES } from "~/modules/reference/currencies";
import { VAT_MESSAGES, type VatRateRow, validOn, vatDateOf } from "~/modules/reference/vat-rows";
import {
  computeTotals,
  DISCOUNT_SCALE,
  decimalProblem,
  lineNetCents,
  MAX_AMOUNT_CENTS,
  PRICE_SCALE,
  parseDecimal,
  QUANTITY_SCALE,
} from "~/utils/money";
import { boundedText, isoDate, optionalDate, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { ADVANCE_MESSAGES } from "./advances";
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  MAX_DISCOUNT,
  MAX_NUMBER_LENGTH,
  MAX_PRICE,
  MAX_QUANTITY,
  PAYMENT_METHODS,
} from "./constants";

export {
  DOCUMENT_LANGUAGES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  NOT_REGISTERED_GROUND,
  OTHER_GROUND,
  PAYMENT_METHODS,
  PAYMENT_METHODS_EN,
  STATUS_FILTERS,
  type StatusFilter,
} from "./constants";

/**
 * A decimal string or number, kept as an exact scaled integer. Bulgarian input is welcome
 * ("1 250,50", "1250,50"); mixed separators ("1.250,00") are refused with their own message.
 */
const decimal = (scale: number, message: string, check: (value: bigint) => boolean) =>
  z
    .union([z.string().max(MAX_NUMBER_LENGTH, message), z.number()], {
      errorMap: () => ({ message }),
    })
    .transform((value, ctx) => {
      const parsed = parseDecimal(value, scale);
      if (parsed === null || !check(parsed)) {
        ctx.addIssue({ code: "custom", message: decimalProblem(value) ?? message });
        return z.NEVER;
      }
      return parsed;
    });

type RateRows = readonly Pick<VatRateRow, "rate" | "validFrom" | "validTo">[];

/**
 * A line's rate: null / "none" when VAT is not charged, else a whole per cent — one the rates table
 * knows, when its rows are given (which rate holds on the document's date is checked on the
 * document, which knows the date).
 */
const vatRateField = (rates?: RateRows) => {
  const known = rates ? new Set(rates.map((row) => row.rate)) : null;
  return z
    .union([z.number(), z.string(), z.null()], {
      errorMap: () => ({ message: DOCUMENT_MESSAGES.vatRate }),
    })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === "none" || value === "") return null;
      const rate =
        typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value;
      if (
        typeof rate === "number" &&
        Number.isInteger(rate) &&
        rate >= 0 &&
        rate <= 100 &&
        (!known || known.has(rate))
      ) {
        return rate;
      }
      ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.vatRate });
      return z.NEVER;
    });
};

const lineSchemaFor = (rates?: RateRows) =>
  z.object({
    description: boundedText(500, DOCUMENT_MESSAGES.description),
    quantity: decimal(
      QUANTITY_SCALE,
      DOCUMENT_MESSAGES.quantity,
      (v) => v > 0n && v < MAX_QUANTITY,
    ),
    unit: boundedText(20)
      .nullish()
      .transform((value) => value || "бр."),
    unitPrice: decimal(PRICE_SCALE, DOCUMENT_MESSAGES.unitPrice, (v) => v >= 0n && v < MAX_PRICE),
    discount: z
      .union([z.string().max(MAX_NUMBER_LENGTH, DOCUMENT_MESSAGES.discount), z.number()], {
        errorMap: () => ({ message: DOCUMENT_MESSAGES.discount }),
      })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return 0n;
        const parsed = parseDecimal(value, DISCOUNT_SCALE);
        if (parsed === null || parsed < 0n || parsed > MAX_DISCOUNT) {
          ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.discount });
          return z.NEVER;
        }
        return parsed;
      }),
    vatRate: vatRateField(rates),
    // The catalogue item the line was filled from (its revenue account in the books); the
    // company's own, checked when stored. Empty or left out: typed by hand.
    catalogueItemId: z
      .union([z.string().max(40), z.null()], {
        errorMap: () => ({ message: DOCUMENT_MESSAGES.catalogueItem }),
      })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === "") return null;
        if (isUuid(value)) return value;
        ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.catalogueItem });
        return z.NEVER;
      })
      .describe("The company's catalogue item the line comes from (its revenue account)"),
  });
export const lineSchema = lineSchemaFor();
export type LineInput = z.infer<typeof lineSchema>;

/** An advance invoice a final invoice deducts, and the base to deduct (left out: all that is left). */
const advanceDeductionSchema = z.object({
  advanceId: z
    .string({ errorMap: () => ({ message: ADVANCE_MESSAGES.notAdvance }) })
    .max(40)
    .refine((value) => isUuid(value), ADVANCE_MESSAGES.notAdvance),
  amount: z
    .union([z.string().max(MAX_NUMBER_LENGTH, ADVANCE_MESSAGES.amount), z.number(), z.null()], {
      errorMap: () => ({ message: ADVANCE_MESSAGES.amount }),
    })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return null;
      const parsed = parseDecimal(value, 2);
      if (parsed === null || parsed <= 0n || parsed > BigInt(MAX_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message: ADVANCE_MESSAGES.amount });
        return z.NEVER;
      }
      return Number(parsed);
    })
    .describe("The base (without VAT) to deduct, a decimal string; left out: all that is left"),
});

/**
 * A document as the editor and POST/PUT /api/invoices give it. With the rates table's rows, a
 * line's rate must be one of them and valid on the document's date (the tax event's, else the
 * issue date); without them any whole per cent passes here and the server checks it when storing.
 */
export const documentSchemaFor = (rates?: RateRows) =>
  z
    .object({
      type: z.enum(Object.keys(DOCUMENT_TYPES) as [DocumentTypeKey], {
        errorMap: () => ({ message: DOCUMENT_MESSAGES.type }),
      }),
      clientId: boundedText(40, DOCUMENT_MESSAGES.client),
      language: z
        .enum(["bg", "en", "bilingual"], { errorMap: () => ({ message: "Моля, изберете език" }) })
        .optional(),
      issueDate: isoDate(DOCUMENT_MESSAGES.issueDate),
      taxEventDate: optionalDate,
      dueDate: optionalDate,
      placeOfIssue: optionalText(100),
      currency: z
        .enum(["BGN", ...CURRENCIES], { errorMap: () => ({ message: DOCUMENT_MESSAGES.currency }) })
        .default("EUR"),
      eurRate: z
        .union([z.string().max(40, DOCUMENT_MESSAGES.eurRate), z.number()], {
          errorMap: () => ({ message: DOCUMENT_MESSAGES.eurRate }),
        })
        .nullish()
        .transform((value, ctx) => {
          if (value === null || value === undefined || value === "") return null;
          const parsed = parseDecimal(value, 8);
          if (parsed === null || parsed <= 0n || parsed >= 100_000_000_000_000n) {
            ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.eurRate });
            return z.NEVER;
          }
          return String(value).replace(",", ".").trim();
        }),
      vatGround: optionalText(200),
      paymentMethod: z
        .enum(Object.keys(PAYMENT_METHODS) as [keyof typeof PAYMENT_METHODS], {
          errorMap: () => ({ message: DOCUMENT_MESSAGES.paymentMethod }),
        })
        .default("bank"),
      authorName: optionalText(100),
      recipientName: optionalText(100),
      notes: optionalText(2000),
      originalId: optionalText(40),
      reason: optionalText(500),
      // An invoice for an advance payment, and the advances a final invoice deducts (decision 074).
      advance: z
        .union([z.boolean(), z.string().max(10)])
        .optional()
        .transform((value) => value === true || value === "on" || value === "true")
        .describe("An invoice for an advance payment (чл. 25, ал. 7 ЗДДС)"),
      advanceDeductions: z
        .array(advanceDeductionSchema, { invalid_type_error: ADVANCE_MESSAGES.notAdvance })
        .max(20, ADVANCE_MESSAGES.tooMany)
        .optional()
        .transform((value) => value ?? [])
        .describe("Advance invoices this invoice deducts: each a line with minus the base"),
      lines: z
        .array(lineSchemaFor(rates), {
          required_error: DOCUMENT_MESSAGES.noLines,
          invalid_type_error: DOCUMENT_MESSAGES.noLines,
        })
        .min(1, DOCUMENT_MESSAGES.noLines)
        .max(200, DOCUMENT_MESSAGES.tooManyLines),
    })
    .superRefine((doc, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      // zod refines an object whose lines already failed too: sum only lines that parsed.
      const parsed = doc.lines.every(
        (line) =>
          typeof line.quantity === "bigint" &&
          typeof line.unitPrice === "bigint" &&
          typeof line.discount === "bigint" &&
          (line.vatRate === null || typeof line.vatRate === "number"),
      );
      if (parsed) {
        const totals = computeTotals(
          doc.lines.map((line) => ({
            netCents: lineNetCents(line.quantity, line.unitPrice, line.discount),
            vatRate: line.vatRate,
          })),
        );
        if (totals.totalCents > MAX_AMOUNT_CENTS) {
          issue("lines", DOCUMENT_MESSAGES.documentTooLarge);
        }
      }
      if (doc.currency === "BGN" && doc.issueDate > "2025-12-31") {
        issue("currency", DOCUMENT_MESSAGES.bgnAfter2025);
      }
      if (doc.currency !== "EUR" && doc.currency !== "BGN" && !doc.eurRate) {
        issue("eurRate", DOCUMENT_MESSAGES.eurRate);
      }
      if (doc.dueDate && doc.dueDate < doc.issueDate)
        issue("dueDate", DOCUMENT_MESSAGES.dueBeforeIssue);
      if ((doc.type === "credit_note" || doc.type === "debit_note") && !doc.originalId) {
        issue("originalId", DOCUMENT_MESSAGES.original);
      }
      if ((doc.type === "credit_note" || doc.type === "debit_note") && !doc.reason) {
        issue("reason", DOCUMENT_MESSAGES.reason);
      }
      // A credit or debit note corrects its invoice at the invoice's rates: its lines are checked
      // against the invoice's date, which the server knows (documents.server.ts).
      if (rates && doc.type !== "credit_note" && doc.type !== "debit_note") {
        const day = vatDateOf(doc);
        doc.lines.forEach((line, i) => {
          // Only rates that parsed (a refused one already has its message).
          if (typeof line.vatRate !== "number") return;
          if (!rates.some((row) => row.rate === line.vatRate && validOn(row, day))) {
            ctx.addIssue({
              code: "custom",
              path: ["lines", i, "vatRate"],
              message: VAT_MESSAGES.notValidOnDate,
            });
          }
        });
      }
    });
export const documentSchema = documentSchemaFor();
export type DocumentInput = z.infer<typeof documentSchema>;

export const cancelSchema = z.object({
  reason: boundedText(500, DOCUMENT_MESSAGES.cancelReason).pipe(
    z.string().min(3, DOCUMENT_MESSAGES.cancelReason),
  ),
});

/**
 * «Изпращане по имейл» and «Изпрати напомняне» (issue #31 items 8, 9): the addresses (empty: the
 * client's), the sender's own short message and whether they want a copy. Shared with the API.
 */
export const sendSchema = z.object({
  to: optionalText(5000),
  message: optionalText(1000),
  copy: z
    .union([z.boolean(), z.string().max(10)])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});

export const paymentSchema = z.object({
  paidOn: isoDate(),
  amount: decimal(2, DOCUMENT_MESSAGES.amount, (v) => v > 0n)
    .refine((v) => v <= BigInt(MAX_AMOUNT_CENTS), DOCUMENT_MESSAGES.amountTooLarge)
    .transform((v) => Number(v)),
  method: z.enum(Object.keys(PAYMENT_METHODS) as [keyof typeof PAYMENT_METHODS], {
    errorMap: () => ({ message: DOCUMENT_MESSAGES.paymentMethod }),
  }),
  note: optionalText(200),
});
