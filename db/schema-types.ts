/**
 * What the database cannot say about its columns, written by hand: the values a CHECK constraint
 * allows, the shape of JSON columns, and the short names the app uses for rows. The generated
 * db/types.ts takes these through `overrides` in db/scripts/types.ts and re-exports this file, so
 * the app imports everything from `~db/types`.
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
  Subscriptions,
  Users,
} from "./types";

/** The database as Kysely sees it (camelCase through CamelCasePlugin). */
export type Database = DB;

export type UserRole = "user" | "admin";
export type Plan = "basic" | "standard" | "full";
export type EmailStatus = "queued" | "sent" | "failed" | "skipped";
export type RecurringFrequency = "monthly" | "quarterly" | "yearly";
export type RecurringMode = "draft" | "issue" | "issue_and_email";
export type TokenPurpose = "verify_email" | "reset_password";
export type ClientKind =
  | "company"
  | "sole_trader"
  | "non_profit"
  | "individual"
  | "foreign_company";
export type VatTreatment = "standard" | "reverse_charge" | "intra_community" | "export" | "exempt";
export type NumberSeries = "tax" | "proforma";
export type DocumentType = "invoice" | "proforma" | "credit_note" | "debit_note";
export type DocumentStatus = "draft" | "issued" | "cancelled";
export type DocumentLanguage = "bg" | "en" | "bilingual";
export type PaymentMethod = "bank" | "cash" | "card" | "cod" | "other";
export type SubscriptionStatus =
  | "active"
  | "trialing"
  | "past_due"
  | "incomplete"
  | "incomplete_expired"
  | "unpaid"
  | "canceled";
export type ExpenseDocumentType =
  | "invoice"
  | "credit_note"
  | "debit_note"
  | "receipt"
  | "protocol_117"
  | "other";
export type VatCredit = "full" | "partial" | "none";
export type ExpensePaymentMethod = "bank" | "cash" | "card" | "other";
export type ContractType = "labour" | "management" | "civil";
export type SalaryStatus = "draft" | "approved" | "paid";
export type VatGroundKind =
  | "not_registered"
  | "reverse_charge"
  | "intra_community"
  | "export"
  | "exempt"
  | "zero"
  | "outside_scope";

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
