import { z } from "zod";
import { bgIdError } from "~/modules/reference/bg-identifiers";
import { CURRENCIES } from "~/modules/reference/currencies";
import { checkedIban } from "~/utils/iban";
import { MAX_AMOUNT_CENTS, parseDecimal, VAT_RATES } from "~/utils/money";
import { boundedText, optionalText } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import { BANK_MESSAGES } from "./constants";

/* The bank's forms and API bodies (one schema each, shared by the pages and the API). */

export const accountSchema = z.object({
  iban: checkedIban(boundedText(50, BANK_MESSAGES.iban)),
  currency: z.enum(["BGN", ...CURRENCIES] as [string, ...string[]], {
    errorMap: () => ({ message: BANK_MESSAGES.currency }),
  }),
  name: optionalText(100),
});

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** The account's settings: its name, automatic confirmation and the CSV column mapping. */
export const accountSettingsSchema = z.object({
  name: optionalText(100),
  autoConfirm: checkbox,
  date: optionalText(100),
  amount: optionalText(100),
  debit: optionalText(100),
  credit: optionalText(100),
  counterparty: optionalText(100),
  iban: optionalText(100),
  reason: optionalText(100),
  reference: optionalText(100),
  direction: optionalText(100),
});

const money = (message: string) =>
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

export const ruleSchema = z
  .object({
    reasonContains: optionalText(100),
    amountMin: money("Невалидна сума"),
    amountMax: money("Невалидна сума"),
    supplierName: boundedText(200, "Въведете доставчик"),
    supplierEik: optionalText(13).refine(
      (value) => value === null || bgIdError(value) === null,
      "ЕИК е 9 или 13 цифри (10 за ЕГН/ЛНЧ) с вярна контролна цифра",
    ),
    categoryId: z
      .string({ required_error: "Изберете категория" })
      .max(40, "Изберете категория")
      .refine(isUuid, "Изберете категория"),
    vatRate: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "" || value === "none") return null;
        const rate = Number(value);
        if ((VAT_RATES as readonly number[]).includes(rate)) return rate;
        ctx.addIssue({ code: "custom", message: "Изберете ставка на ДДС" });
        return z.NEVER;
      }),
    description: boundedText(500, "Въведете описание"),
  })
  .superRefine((rule, ctx) => {
    if (!rule.reasonContains && rule.amountMin === null && rule.amountMax === null) {
      ctx.addIssue({
        code: "custom",
        path: ["reasonContains"],
        message: BANK_MESSAGES.ruleNeedsCondition,
      });
    }
    if (rule.amountMin !== null && rule.amountMax !== null && rule.amountMin > rule.amountMax) {
      ctx.addIssue({
        code: "custom",
        path: ["amountMax"],
        message: "Горната граница е под долната",
      });
    }
  });

/** POST /api/bank/transactions/{id}/match: documents (a credit), an expense, a rule or НАП. */
export const matchSchema = z
  .object({
    documentIds: z.array(z.string().max(40)).max(50).optional(),
    expenseId: z.string().max(40).optional(),
    ruleId: z.string().max(40).optional(),
    nap: z.boolean().optional(),
    account: z
      .string()
      .trim()
      .regex(/^[0-9]{3,8}(-[0-9A-Za-z]{1,12})?$/, "Сметката е код от сметкоплана (напр. 503)")
      .optional()
      .describe("Book the movement to this account of the chart (decision 059)"),
  })
  .strict()
  .refine(
    (body) =>
      [
        body.documentIds?.length ? 1 : 0,
        body.expenseId ? 1 : 0,
        body.ruleId ? 1 : 0,
        body.nap ? 1 : 0,
        body.account ? 1 : 0,
      ].reduce((a, b) => a + b, 0) === 1,
    {
      message: "Посочете точно едно: documentIds, expenseId, ruleId, nap или account",
      path: ["documentIds"],
    },
  );

/** The page's manual match: document numbers typed, separated by commas or spaces. */
export function documentNumbersOf(text: string): string[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length || parts.length > 50) return null;
  if (!parts.every((part) => /^\d{1,10}$/.test(part))) return null;
  return [...new Set(parts.map((part) => part.padStart(10, "0")))];
}
