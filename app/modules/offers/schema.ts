import { z } from "zod";
import { DOCUMENT_MESSAGES, lineSchema } from "~/modules/invoices/schema";
import { CURRENCIES } from "~/modules/reference/currencies";
import { computeTotals, lineNetCents, MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { boundedText, isoDate, optionalText } from "~/utils/schema";
import { MAX_OFFER_LINES, OFFER_BECOMES, OFFER_MESSAGES, type OfferBecomesKey } from "./constants";

export * from "./constants";

/**
 * An offer as its form and POST /api/offers give it (decision 077): a document's parties, dates and
 * lines (the invoice's line schema: the catalogue item, quantity, price, discount, VAT rate), with
 * «Валидна до» and what it becomes when accepted.
 */
export const offerSchema = z
  .object({
    clientId: boundedText(40, DOCUMENT_MESSAGES.client),
    issueDate: isoDate(DOCUMENT_MESSAGES.issueDate),
    validUntil: isoDate(OFFER_MESSAGES.validUntil),
    language: z
      .enum(["bg", "en", "bilingual"], { errorMap: () => ({ message: "Моля, изберете език" }) })
      .default("bg"),
    currency: z
      .enum(CURRENCIES as unknown as [string, ...string[]], {
        errorMap: () => ({ message: DOCUMENT_MESSAGES.currency }),
      })
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
    becomes: z
      .enum(Object.keys(OFFER_BECOMES) as [OfferBecomesKey], {
        errorMap: () => ({ message: OFFER_MESSAGES.becomes }),
      })
      .default("invoice"),
    vatGround: optionalText(200),
    authorName: optionalText(100),
    notes: optionalText(2000),
    lines: z
      .array(lineSchema, {
        required_error: DOCUMENT_MESSAGES.noLines,
        invalid_type_error: DOCUMENT_MESSAGES.noLines,
      })
      .min(1, DOCUMENT_MESSAGES.noLines)
      .max(MAX_OFFER_LINES, DOCUMENT_MESSAGES.tooManyLines),
  })
  .superRefine((offer, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (offer.validUntil < offer.issueDate) issue("validUntil", OFFER_MESSAGES.validBeforeIssue);
    if (offer.currency !== "EUR" && !offer.eurRate) issue("eurRate", DOCUMENT_MESSAGES.eurRate);
    // zod refines an object whose lines already failed too: sum only lines that parsed.
    const parsed = offer.lines.every(
      (line) =>
        typeof line.quantity === "bigint" &&
        typeof line.unitPrice === "bigint" &&
        typeof line.discount === "bigint" &&
        (line.vatRate === null || typeof line.vatRate === "number"),
    );
    if (parsed) {
      const totals = computeTotals(
        offer.lines.map((line) => ({
          netCents: lineNetCents(line.quantity, line.unitPrice, line.discount),
          vatRate: line.vatRate,
        })),
      );
      if (totals.totalCents > MAX_AMOUNT_CENTS) issue("lines", DOCUMENT_MESSAGES.documentTooLarge);
    }
  });
export type OfferInput = z.infer<typeof offerSchema>;

/** The client's answer in the portal: «Приемам» or «Отказвам», with an optional note. */
export const portalOfferAnswerSchema = z.object({
  answer: z.enum(["accept", "decline"], {
    errorMap: () => ({ message: "Изберете «Приемам» или «Отказвам»" }),
  }),
  note: optionalText(500),
});

/** POST /api/offers/{id}/convert: the kind of draft (the offer's own choice when left out). */
export const offerConvertSchema = z.object({
  type: z
    .enum(Object.keys(OFFER_BECOMES) as [OfferBecomesKey], {
      errorMap: () => ({ message: OFFER_MESSAGES.becomes }),
    })
    .optional(),
  note: optionalText(500),
});

/** POST /api/offers/{id}/decline: the client's answer given otherwise, with an optional note. */
export const offerDeclineSchema = z.object({ note: optionalText(500) });

/**
 * POST /api/offers/{id}/send: the addresses (the client's when left out), the sender's own short
 * message and a hidden copy to them, as the invoices' send (decision 077, amended).
 */
export const offerSendSchema = z.object({
  to: optionalText(5000).describe("Addresses, separated by commas; the client's by default"),
  message: optionalText(1000).describe(
    "The sender's own short message, in place of the greeting and the sign-off",
  ),
  copyToMe: z
    .boolean({ invalid_type_error: "copyToMe е true или false" })
    .optional()
    .describe("A hidden copy (Bcc) to the signed-in user's address"),
});
