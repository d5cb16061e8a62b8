/**
 * The shapes of JSON columns, which the database cannot say: written by hand, imported by the
 * generated db/types.ts (through `customImports` in db/scripts/types.ts). This file imports
 * nothing from db/types.ts, so the two make no circle; the app imports these names from `~db/types`.
 */

/** subscriptions.payment_method (JSON). */
export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** subscriptions.pending_action (JSON): a payment waiting for 3-D Secure, for a plan `P`. */
export interface PendingActionOf<P extends string> {
  clientSecret: string;
  /** Where the customer authenticates: Stripe's hosted invoice page; absent for the local provider. */
  url?: string | null;
  plan: P;
  invoiceId: string;
  createdAt: string;
}
