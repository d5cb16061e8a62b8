import { z } from "zod";
import { CARD_PAYMENT_MESSAGES } from "./constants";

export { CARD_PAYMENT_MESSAGES, PAY_BY_CARD } from "./constants";

/** The settings form's id for connecting card payments. */
export const CARD_CONNECT_FORM_ID = "card-payments-connect";

/**
 * Connecting the company's own Stripe account (decision 071): a restricted key only — the
 * account's secret key (sk_…) would give Сметка everything in the company's Stripe.
 */
export const cardConnectSchema = z.object({
  secretKey: z
    .string({ required_error: CARD_PAYMENT_MESSAGES.keyRequired })
    .trim()
    .min(1, CARD_PAYMENT_MESSAGES.keyRequired)
    .max(255, CARD_PAYMENT_MESSAGES.keyRequired)
    .refine((key) => !/^sk_/.test(key), CARD_PAYMENT_MESSAGES.keyRestricted)
    .refine(
      (key) => /^rk_(live|test)_[A-Za-z0-9]{10,240}$/.test(key),
      CARD_PAYMENT_MESSAGES.keyRequired,
    ),
});
export type CardConnectInput = z.infer<typeof cardConnectSchema>;
