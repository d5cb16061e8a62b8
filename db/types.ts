import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  nameEn: string | null;
  companyType: "company" | "freelancer";
  eik: string;
  isVatRegistered: Generated<boolean>;
  vatNumber: string | null;
  address: string;
  addressEn: string | null;
  city: string;
  cityEn: string | null;
  postalCode: string;
  countryCode: Generated<string>;
  email: string;
  phone: Generated<string>;
  bankIban: string | null;
  bankName: string | null;
  bankNameEn: string | null;
  bankBic: string | null;
  useEnglishInvoices: Generated<boolean>;
  subscriptionPlan: Generated<Plan>;
  /** ТЗПБ, the work-accident rate in per cent (0.4–1.1). */
  tzpbRate: ColumnType<string, string | number | undefined, string | number>;
  /** The operator's own company (admins' books); left out of the customer figures. */
  isOperator: Generated<boolean>;
  /** The company's own defaults for new documents (copied from the admin's when it was made). */
  defaultPaymentTermDays: Generated<number>;
  defaultLanguage: Generated<"bg" | "en" | "bilingual">;
  defaultNotes: string | null;
  /** Printed at the bottom of every document (frozen in the supplier snapshot when issued). */
  documentFooter: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type UserRole = "user" | "admin";
export type Plan = "basic" | "standard" | "full";

export interface UsersTable {
  id: Generated<string>;
  companyId: string | null;
  email: string;
  passwordHash: string;
  role: Generated<UserRole>;
  firstName: string;
  lastName: string;
  emailVerifiedAt: Date | null;
  deletionRequestedAt: Date | null;
  deletionScheduledAt: Date | null;
  anonymizedAt: Date | null;
  /** A locked login cannot sign in (set by an admin). */
  lockedAt: Date | null;
  lockedReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  tokenHash: string;
  userId: string;
  kind: "browser" | "api";
  ip: string | null;
  userAgent: string | null;
  /** The admin who opened this customer session (impersonation), or null. */
  impersonatorId: string | null;
  createdAt: Timestamp;
  expiresAt: Date;
}

export type EmailStatus = "queued" | "sent" | "failed" | "skipped";

export interface DocumentEmailsTable {
  id: Generated<string>;
  companyId: string;
  documentId: string;
  kind: "document" | "reminder";
  recipients: string;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
  sentAt: Date | null;
  /** Waiting for the company's hourly limit until then (null: counted, or never held back). */
  sendAfter: Date | null;
}

export type RecurringFrequency = "monthly" | "quarterly" | "yearly";
export type RecurringMode = "draft" | "issue" | "issue_and_email";

export interface RecurringInvoicesTable {
  id: Generated<string>;
  companyId: string;
  clientId: string;
  sourceDocumentId: string | null;
  name: string;
  /** The document as the JSON API has it, without dates (re-read by documentSchema each run). */
  template: ColumnType<Record<string, unknown>, string, string>;
  frequency: RecurringFrequency;
  dayOfMonth: number;
  startOn: string;
  endOn: string | null;
  nextRunOn: string | null;
  mode: RecurringMode;
  status: Generated<"active" | "paused" | "ended">;
  lastRunOn: string | null;
  lastError: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ReminderSettingsTable {
  companyId: string;
  enabled: Generated<boolean>;
  days: ColumnType<number[], number[] | undefined, number[]>;
  message: string | null;
  updatedAt: Timestamp;
}

export interface DocumentRemindersTable {
  id: Generated<string>;
  companyId: string;
  documentId: string;
  daysAfter: number;
  emailId: string | null;
  createdAt: Timestamp;
}

export interface VatFilingSettingsTable {
  companyId: string;
  filerName: string;
  filerEgn: string;
  /** R: представляващ; A: пълномощник. */
  filerRole: "R" | "A";
  filerCity: string;
  filerPostalCode: string;
  filerAddress: string;
  creditCoefficient: ColumnType<string, string | number | undefined, string | number>;
  updatedAt: Timestamp;
}

export interface DirectAuthTokensTable {
  id: Generated<string>;
  tokenHash: string;
  adminId: string;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  createdAt: Timestamp;
  adminId: string | null;
  adminEmail: string;
  asUserId: string | null;
  companyId: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface PlanGrantsTable {
  id: Generated<string>;
  companyId: string;
  plan: "standard" | "full";
  reason: string;
  endsOn: string | null;
  grantedBy: string | null;
  grantedByEmail: string;
  createdAt: Timestamp;
  revokedAt: Date | null;
  revokedByEmail: string | null;
}

export type TokenPurpose = "verify_email" | "reset_password";

export interface UserTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  codeHash: string | null;
  failedAttempts: Generated<number>;
  createdAt: Timestamp;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  createdAt: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  windowEndsAt: Date;
}

export interface BotCheckNoncesTable {
  nonce: string;
  expiresAt: Date;
}

export interface CompanyLogosTable {
  companyId: string;
  contentType: string;
  data: Uint8Array;
  updatedAt: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: unknown;
  updatedAt: Timestamp;
}

export interface FeedbackTable {
  id: Generated<string>;
  companyId: string | null;
  userId: string | null;
  type: "feedback" | "support";
  category: string;
  severity: "low" | "medium" | "high" | null;
  message: string;
  contactEmail: string;
  attachmentName: string | null;
  attachmentType: string | null;
  attachment: Uint8Array | null;
  createdAt: Timestamp;
  emailedAt: Date | null;
}

export type ClientKind =
  | "company"
  | "sole_trader"
  | "non_profit"
  | "individual"
  | "foreign_company";
export type VatTreatment = "standard" | "reverse_charge" | "intra_community" | "export" | "exempt";

export interface ClientsTable {
  id: Generated<string>;
  companyId: string;
  kind: ClientKind;
  name: string;
  nameEn: string | null;
  eik: string | null;
  vatNumber: string | null;
  mol: string | null;
  address: string;
  addressEn: string | null;
  city: string;
  cityEn: string | null;
  postalCode: string | null;
  countryCode: Generated<string>;
  emails: Generated<string[]>;
  phone: string | null;
  currency: Generated<string>;
  language: Generated<"bg" | "en">;
  paymentTermDays: Generated<number>;
  vatTreatment: Generated<VatTreatment>;
  archivedAt: Date | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type NumberSeries = "tax" | "proforma";

export interface DocumentCountersTable {
  companyId: string;
  series: NumberSeries;
  lastNumber: Generated<number>;
  startSetAt: Date | null;
}

export type DocumentType = "invoice" | "proforma" | "credit_note" | "debit_note";
export type DocumentStatus = "draft" | "issued" | "cancelled";
export type DocumentLanguage = "bg" | "en" | "bilingual";
export type PaymentMethod = "bank" | "cash" | "card" | "cod" | "other";

/** Numeric SQL columns (quantities, prices, rates) are read as exact decimal strings. */
type Decimal = ColumnType<string, string | number, string | number>;
/** bigint cents: read as number (INT8 parser), written as number. */
type Cents = ColumnType<number, number | undefined, number>;

export interface DocumentsTable {
  id: Generated<string>;
  companyId: string;
  type: DocumentType;
  status: Generated<DocumentStatus>;
  number: string | null;
  clientId: string;
  language: Generated<DocumentLanguage>;
  issueDate: string;
  taxEventDate: string | null;
  dueDate: string | null;
  placeOfIssue: string | null;
  currency: Generated<string>;
  eurRate: Decimal | null;
  vatGround: string | null;
  paymentMethod: Generated<PaymentMethod>;
  authorName: string | null;
  recipientName: string | null;
  notes: string | null;
  originalId: string | null;
  originalNumber: string | null;
  originalDate: string | null;
  reason: string | null;
  proformaId: string | null;
  /** The recurring invoice that made this document, and for which occurrence. */
  recurringId: Generated<string | null>;
  occurrenceOn: Generated<string | null>;
  subtotalCents: Cents;
  vatCents: Cents;
  totalCents: Cents;
  paidCents: Cents;
  supplierSnapshot: ColumnType<unknown, string | null | undefined, string | null>;
  clientSnapshot: ColumnType<unknown, string | null | undefined, string | null>;
  issuedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  sentAt: Date | null;
  sentTo: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DocumentLinesTable {
  id: Generated<string>;
  documentId: string;
  companyId: string;
  position: number;
  description: string;
  quantity: Decimal;
  unit: Generated<string>;
  unitPrice: Decimal;
  discountPercent: Decimal;
  vatRate: number | null;
  netCents: number;
}

/** A good or service of a company's catalogue: a document line is filled from it. */
export interface CatalogueItemsTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  nameEn: string | null;
  unit: Generated<string>;
  /** Without VAT, with the scale of a line's unit price (4 decimals). */
  unitPrice: Decimal;
  /** Whole per cent; null: VAT not charged. */
  vatRate: number | null;
  vatGround: string | null;
  archivedAt: Date | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DocumentPaymentsTable {
  id: Generated<string>;
  documentId: string;
  companyId: string;
  paidOn: string;
  amountCents: number;
  method: PaymentMethod;
  note: string | null;
  createdAt: Timestamp;
}

export interface DocumentPdfsTable {
  documentId: string;
  companyId: string;
  data: Uint8Array;
  sha256: string;
  createdAt: Timestamp;
}

export type SubscriptionStatus =
  | "active"
  | "trialing"
  | "past_due"
  | "incomplete"
  | "incomplete_expired"
  | "unpaid"
  | "canceled";

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PendingAction {
  clientSecret: string;
  /** Where the customer authenticates: Stripe's hosted invoice page; absent for the local provider. */
  url?: string | null;
  plan: Plan;
  invoiceId: string;
  createdAt: string;
}

export interface SubscriptionsTable {
  companyId: string;
  plan: Generated<Plan>;
  status: Generated<SubscriptionStatus>;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  isCanceled: Generated<boolean>;
  previousPlan: Plan | null;
  provider: Generated<"local" | "stripe">;
  customerId: string | null;
  subscriptionId: string | null;
  paymentMethod: ColumnType<PaymentMethodSummary | null, string | null | undefined, string | null>;
  pendingAction: ColumnType<PendingAction | null, string | null | undefined, string | null>;
  providerUpdatedAt: Generated<number>;
  updatedAt: Timestamp;
}

export interface SubscriptionInvoicesTable {
  id: Generated<string>;
  companyId: string;
  providerId: string;
  number: string | null;
  plan: Plan | null;
  amountCents: number;
  currency: Generated<string>;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  description: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  providerUpdatedAt: Generated<number>;
  createdAt: Timestamp;
}

export interface BillingEventsTable {
  id: string;
  provider: string;
  type: string;
  companyId: string | null;
  receivedAt: Timestamp;
}

export interface ExpenseCategoriesTable {
  id: Generated<string>;
  companyId: string;
  /** The default category's key (null for the company's own). */
  code: string | null;
  name: string;
  position: Generated<number>;
  archivedAt: Date | null;
  createdAt: Timestamp;
}

export interface SuppliersTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  eik: string | null;
  vatNumber: string | null;
  address: string | null;
  countryCode: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type ExpenseDocumentType =
  | "invoice"
  | "credit_note"
  | "debit_note"
  | "receipt"
  | "protocol_117"
  | "other";
export type VatCredit = "full" | "partial" | "none";
export type ExpensePaymentMethod = "bank" | "cash" | "card" | "other";

export interface ExpensesTable {
  id: Generated<string>;
  companyId: string;
  supplierId: string | null;
  supplierName: string;
  supplierEik: string | null;
  supplierVatNumber: string | null;
  supplierAddress: string | null;
  documentType: ExpenseDocumentType;
  documentNumber: string;
  documentDate: string;
  taxEventDate: string | null;
  description: string;
  categoryId: string;
  currency: Generated<string>;
  eurRate: Decimal | null;
  subtotalCents: Cents;
  vatCents: Cents;
  totalCents: Cents;
  vatCredit: Generated<VatCredit>;
  vatCreditCoefficient: Decimal | null;
  creditableVatCents: Cents;
  paymentMethod: ExpensePaymentMethod | null;
  paidOn: string | null;
  dueDate: string | null;
  notes: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ExpenseAmountsTable {
  expenseId: string;
  companyId: string;
  /** 20, 9, 0, or null for a document without VAT. */
  vatRate: number | null;
  baseCents: Cents;
  vatCents: Cents;
  documentDate: string;
  currency: string;
  /** -1 for a credit note, 1 otherwise. */
  sign: number;
}

export interface StoredFilesTable {
  companyId: string;
  sha256: string;
  contentType: string;
  size: number;
  data: Uint8Array;
  createdAt: Timestamp;
}

export interface ExpenseAttachmentsTable {
  id: Generated<string>;
  companyId: string;
  expenseId: string;
  sha256: string;
  fileName: string;
  createdAt: Timestamp;
}

/** The database as Kysely sees it (camelCase through CamelCasePlugin). */
export interface ExpenseMonthTotalsTable {
  companyId: string;
  /** The month's first day. */
  month: string;
  currency: string;
  count: number;
  subtotalCents: Cents;
  vatCents: Cents;
  totalCents: Cents;
  creditableVatCents: Cents;
  unpaidCents: Cents;
}

export interface ExpenseMonthRatesTable {
  companyId: string;
  month: string;
  currency: string;
  /** 20, 9, 0, or -1 for no VAT. */
  vatRateKey: number;
  baseCents: Cents;
  vatCents: Cents;
}

/** Revenue of a month per currency (kept by the documents_keep_totals trigger). */
export interface DocumentMonthTotalsTable {
  companyId: string;
  /** The month's first day. */
  month: string;
  currency: string;
  count: number;
  netCents: Cents;
  vatCents: Cents;
  grossCents: Cents;
  netEurCents: Cents;
  vatEurCents: Cents;
  grossEurCents: Cents;
}

/** The unfiltered /invoices totals per currency (every document counted), kept by a trigger. */
export interface DocumentListTotalsTable {
  companyId: string;
  currency: string;
  count: number;
  /** Issued documents, credit notes negative. */
  totalCents: Cents;
  paidCents: Cents;
  outstandingCents: Cents;
}

/** Open invoices and debit notes per due date ('infinity' without one), kept by the trigger. */
export interface DocumentOpenTotalsTable {
  companyId: string;
  currency: string;
  dueDate: string;
  count: number;
  openCents: Cents;
  openEurCents: Cents;
}

/** What each client owes in euro on open invoices and debit notes, kept by the trigger. */
export interface ClientOpenTotalsTable {
  companyId: string;
  clientId: string;
  count: number;
  openEurCents: Cents;
}

/** Expenses of a month per category, in euro (kept with expense_month_totals). */
export interface ExpenseMonthCategoriesTable {
  companyId: string;
  month: string;
  categoryId: string;
  count: number;
  subtotalEurCents: Cents;
  totalEurCents: Cents;
  creditableVatEurCents: Cents;
}

export interface PayrollParametersTable {
  id: Generated<string>;
  validFrom: string;
  validTo: string | null;
  minimumWageCents: Cents;
  maxInsurableCents: Cents;
  maxInsurableConfirmed: Generated<boolean>;
  employeeDoo: Decimal;
  employeeDooBefore1960: Decimal;
  employeeUpf: Decimal;
  employeeZo: Decimal;
  employerDoo: Decimal;
  employerDooBefore1960: Decimal;
  employerUpf: Decimal;
  employerZo: Decimal;
  employeePensionCivil: Decimal;
  employeePensionCivilBefore1960: Decimal;
  employerPensionCivil: Decimal;
  employerPensionCivilBefore1960: Decimal;
  incomeTax: Decimal;
  civilExpenses: Decimal;
  sickEmployerShare: Decimal;
  sickEmployerDays: number;
  tzpbMin: Decimal;
  tzpbMax: Decimal;
  note: string | null;
  createdAt: Timestamp;
}

export interface PublicHolidaysTable {
  day: string;
  name: string;
}

export type ContractType = "labour" | "management" | "civil";
export type SalaryStatus = "draft" | "approved" | "paid";

export interface EmployeesTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  idKind: "egn" | "lnch";
  idNumber: string;
  birthDate: string | null;
  bornBefore1960: Generated<boolean>;
  position: string;
  contractType: ContractType;
  startDate: string;
  endDate: string | null;
  grossCents: Cents;
  hoursPerDay: Generated<number>;
  iban: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SalariesTable {
  id: Generated<string>;
  companyId: string;
  employeeId: string;
  /** yyyy-MM */
  month: string;
  status: Generated<SalaryStatus>;
  employeeName: string;
  contractType: ContractType;
  bornBefore1960: boolean;
  parametersId: string;
  tzpbRate: Decimal;
  agreedGrossCents: Cents;
  workingDays: number;
  unpaidDays: Generated<number>;
  sickDays: Generated<number>;
  bonusCents: Cents;
  workedDays: number;
  earnedCents: Cents;
  sickPayCents: Cents;
  grossCents: Cents;
  insurableCents: Cents;
  employeeDooCents: Cents;
  employeeUpfCents: Cents;
  employeeZoCents: Cents;
  employeeContributionsCents: Cents;
  taxableCents: Cents;
  taxCents: Cents;
  netCents: Cents;
  employerDooCents: Cents;
  employerTzpbCents: Cents;
  employerUpfCents: Cents;
  employerZoCents: Cents;
  employerContributionsCents: Cents;
  totalCostCents: Cents;
  notes: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SalaryDismissalsTable {
  companyId: string;
  month: string;
  kind: "banner" | "copy_prompt";
  dismissedAt: Timestamp;
}

/** A VAT rate in whole per cent, valid from a day (to a day, or open). */
export interface VatRatesTable {
  id: Generated<string>;
  rate: number;
  name: string;
  validFrom: string;
  validTo: string | null;
  createdAt: Timestamp;
}

export type VatGroundKind =
  | "not_registered"
  | "reverse_charge"
  | "intra_community"
  | "export"
  | "exempt"
  | "zero"
  | "outside_scope";

/** A legal ground printed when VAT is 0 or not charged, as printed, with what it means. */
export interface VatGroundsTable {
  id: Generated<string>;
  text: string;
  label: string;
  kind: VatGroundKind;
  validFrom: string;
  validTo: string | null;
  sort: Generated<number>;
  createdAt: Timestamp;
}

/** Banks licensed in Bulgaria by their IBAN bank code (BNB list, dated rows; decision 014). */
export interface BanksBgTable {
  id: Generated<string>;
  bankCode: string;
  bic: string;
  nameBg: string;
  nameEn: string;
  validFrom: string | null;
  validTo: string | null;
  sourceDate: string;
}

/** VIES answers per VAT number (country code + number), kept a day. */
export interface ViesChecksTable {
  vatNumber: string;
  valid: boolean;
  name: string | null;
  address: string | null;
  checkedAt: Timestamp;
}

export interface VatRegistrationThresholdsTable {
  validFrom: string;
  validTo: string | null;
  amountCents: Cents;
  applyWithinDays: number;
  note: string | null;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  userTokens: UserTokensTable;
  loginAttempts: LoginAttemptsTable;
  botCheckNonces: BotCheckNoncesTable;
  rateLimits: RateLimitsTable;
  companyLogos: CompanyLogosTable;
  appSettings: AppSettingsTable;
  feedback: FeedbackTable;
  clients: ClientsTable;
  documentCounters: DocumentCountersTable;
  documents: DocumentsTable;
  documentLines: DocumentLinesTable;
  documentPayments: DocumentPaymentsTable;
  catalogueItems: CatalogueItemsTable;
  documentPdfs: DocumentPdfsTable;
  subscriptions: SubscriptionsTable;
  subscriptionInvoices: SubscriptionInvoicesTable;
  billingEvents: BillingEventsTable;
  expenseCategories: ExpenseCategoriesTable;
  suppliers: SuppliersTable;
  expenses: ExpensesTable;
  expenseAmounts: ExpenseAmountsTable;
  expenseMonthTotals: ExpenseMonthTotalsTable;
  expenseMonthRates: ExpenseMonthRatesTable;
  expenseMonthCategories: ExpenseMonthCategoriesTable;
  documentMonthTotals: DocumentMonthTotalsTable;
  documentListTotals: DocumentListTotalsTable;
  documentOpenTotals: DocumentOpenTotalsTable;
  clientOpenTotals: ClientOpenTotalsTable;
  payrollParameters: PayrollParametersTable;
  publicHolidays: PublicHolidaysTable;
  employees: EmployeesTable;
  salaries: SalariesTable;
  salaryDismissals: SalaryDismissalsTable;
  vatRegistrationThresholds: VatRegistrationThresholdsTable;
  vatRates: VatRatesTable;
  vatGrounds: VatGroundsTable;
  banksBg: BanksBgTable;
  viesChecks: ViesChecksTable;
  directAuthTokens: DirectAuthTokensTable;
  vatFilingSettings: VatFilingSettingsTable;
  documentEmails: DocumentEmailsTable;
  recurringInvoices: RecurringInvoicesTable;
  reminderSettings: ReminderSettingsTable;
  documentReminders: DocumentRemindersTable;
  auditLog: AuditLogTable;
  planGrants: PlanGrantsTable;
  storedFiles: StoredFilesTable;
  expenseAttachments: ExpenseAttachmentsTable;
}

export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type CompanyUpdate = Updateable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Client = Selectable<ClientsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentLineRow = Selectable<DocumentLinesTable>;
export type DocumentPaymentRow = Selectable<DocumentPaymentsTable>;
export type CatalogueItemRow = Selectable<CatalogueItemsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ExpenseRow = Selectable<ExpensesTable>;
export type SupplierRow = Selectable<SuppliersTable>;
