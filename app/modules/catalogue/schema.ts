import { z } from "zod";
import type { VatRateRow } from "~/modules/reference/vat-rows";
import { decimalProblem, PRICE_SCALE, parseDecimal } from "~/utils/money";
import { boundedText, optionalText } from "~/utils/schema";
import { CATALOGUE_MESSAGES } from "./constants";

export {
  CATALOGUE_FIELDS,
  CATALOGUE_FORM_ID,
  CATALOGUE_MESSAGES,
  CATALOGUE_SEARCH_LIMIT,
  type CatalogueItemJson,
  vatRateLabel,
} from "./constants";

/*
 * The catalogue of goods and services (issue #15): one schema for the pages' form and the JSON
 * API. A price is without VAT, exact to 4 decimals like a document line's unit price.
 */

const MAX_PRICE = 100_000_000_000_000n; // < 10 000 000 000 (4 decimals), as a line's

type RateRows = readonly Pick<VatRateRow, "rate">[];

/**
 * An item as the form and POST/PUT /api/catalogue give it. With the rates table's rows, a rate
 * must be one of them (which one is in force is checked on the document that uses it).
 */
export const catalogueItemSchemaFor = (rates?: RateRows) => {
  const known = rates ? new Set(rates.map((row) => row.rate)) : null;
  return z.object({
    name: boundedText(200, CATALOGUE_MESSAGES.name),
    nameEn: optionalText(200),
    unit: boundedText(20)
      .nullish()
      .transform((value) => value || "бр."),
    unitPrice: z
      .union([z.string().max(40, CATALOGUE_MESSAGES.unitPrice), z.number()], {
        errorMap: () => ({ message: CATALOGUE_MESSAGES.unitPrice }),
      })
      .transform((value, ctx) => {
        const parsed = parseDecimal(value, PRICE_SCALE);
        if (parsed === null || parsed < 0n || parsed >= MAX_PRICE) {
          ctx.addIssue({
            code: "custom",
            message: decimalProblem(value) ?? CATALOGUE_MESSAGES.unitPrice,
          });
          return z.NEVER;
        }
        return parsed;
      }),
    vatRate: z
      .union([z.number(), z.string().max(10), z.null()], {
        errorMap: () => ({ message: CATALOGUE_MESSAGES.vatRate }),
      })
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "none" || value === "") return null;
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
        ctx.addIssue({ code: "custom", message: CATALOGUE_MESSAGES.vatRate });
        return z.NEVER;
      }),
    vatGround: optionalText(200),
    // Left out: the item keeps its account (a form without the field, a member who does not keep
    // the books); null, empty or "default" (the select's first option, as "none" is the rate's):
    // the company's default; else a 70x account of its chart.
    revenueAccount: z
      .union([z.string().max(30), z.null()], {
        errorMap: () => ({ message: CATALOGUE_MESSAGES.revenueAccount }),
      })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === null || value.trim() === "" || value === "default") return null;
        if (/^70\d{1,6}(-[0-9A-Za-z]{1,12})?$/.test(value.trim())) return value.trim();
        ctx.addIssue({ code: "custom", message: CATALOGUE_MESSAGES.revenueAccount });
        return z.NEVER;
      })
      .describe(
        "A 70x account of the company's chart; null or \"default\": the company's rule; left out: unchanged",
      ),
  });
};
export const catalogueItemSchema = catalogueItemSchemaFor();
export type CatalogueItemInput = z.infer<typeof catalogueItemSchema>;
