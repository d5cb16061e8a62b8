/**
 * What the database cannot say about its columns, written by hand: the shape of JSON columns, and
 * the short names the app uses for the database and its rows. The generated db/types.ts takes the
 * JSON shapes through `columns` in db/scripts/types.ts and re-exports this file, so the app imports
 * everything from `~db/types`.
 */
import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  CatalogueItems,
  Clients,
  Companies,
  DB,
  DocumentLines,
  DocumentPayments,
  Documents,
  Plan,
  Subscriptions,
  Users,
} from "./types";

/** The database as Kysely sees it (camelCase through CamelCasePlugin). */
export type Database = DB;

/** subscriptions.payment_method (JSON). */
export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** subscriptions.pending_action (JSON): a payment waiting for 3-D Secure. */
export interface PendingAction {
  clientSecret: string;
  /** Where the customer authenticates: Stripe's hosted invoice page; absent for the local provider. */
  url?: string | null;
  plan: Plan;
  invoiceId: string;
  createdAt: string;
}

export type Company = Selectable<Companies>;
export type NewCompany = Insertable<Companies>;
export type CompanyUpdate = Updateable<Companies>;
export type User = Selectable<Users>;
export type NewUser = Insertable<Users>;
export type UserUpdate = Updateable<Users>;
export type Client = Selectable<Clients>;
export type DocumentRow = Selectable<Documents>;
export type DocumentLineRow = Selectable<DocumentLines>;
export type DocumentPaymentRow = Selectable<DocumentPayments>;
export type CatalogueItemRow = Selectable<CatalogueItems>;
export type SubscriptionRow = Selectable<Subscriptions>;
