import { z } from "zod";
import { PLANS } from "./plans";

export const CARD_MESSAGES = {
  number: "Невалиден номер на карта",
  unknown:
    "Без връзка с платежен доставчик се приемат само тестовите карти (напр. 4242 4242 4242 4242)",
  expiry: "Невалиден или изтекъл срок на валидност (ММ/ГГ)",
  cvc: "CVC кодът е 3 или 4 цифри",
  declined: "Картата е отказана от издателя. Използвайте друга карта.",
  noCard: "Добавете карта за плащане, преди да смените плана",
} as const;

/** A card as the local provider's form takes it: number, expiry (ММ/ГГ, not past) and CVC. */
export const cardSchema = z.object({
  number: z
    .string({ required_error: CARD_MESSAGES.number })
    .max(40, CARD_MESSAGES.number)
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{13,19}$/, CARD_MESSAGES.number)),
  expiry: z
    .string({ required_error: CARD_MESSAGES.expiry })
    .max(10, CARD_MESSAGES.expiry)
    .transform((value, ctx) => {
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
      const month = Number(match?.[1]);
      const year = 2000 + Number(match?.[2]);
      const today = new Date();
      const past =
        year < today.getUTCFullYear() ||
        (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
      if (!match || month < 1 || month > 12 || past) {
        ctx.addIssue({ code: "custom", message: CARD_MESSAGES.expiry });
        return z.NEVER;
      }
      return { month, year };
    }),
  cvc: z
    .string({ required_error: CARD_MESSAGES.cvc })
    .trim()
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
});
export type CardInput = z.infer<typeof cardSchema>;

/** The plan a subscription form names. */
export const planSchema = z.enum(PLANS, { errorMap: () => ({ message: "Неизвестен план" }) });
