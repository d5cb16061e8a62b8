import type { Migration, MigrationProvider } from "kysely";
import * as m20261122T0215 from "./20261122T0215-foundation";
import * as m20261122T0300 from "./20261122T0300-accounts";
import * as m20261122T0330 from "./20261122T0330-clients";
import * as m20261122T0400 from "./20261122T0400-document-counters";
import * as m20261122T0500 from "./20261122T0500-documents";
import * as m20261122T0600 from "./20261122T0600-document-search";
import * as m20261122T0700 from "./20261122T0700-subscriptions";
import * as m20261122T0800 from "./20261122T0800-hardening";
import * as m20261122T0900 from "./20261122T0900-expenses";
import * as m20261123T0050 from "./20261123T0050-expense-month-totals";
import * as m20261123T0100 from "./20261123T0100-salaries";
import * as m20261123T0200 from "./20261123T0200-dashboard";
import * as m20261123T0300 from "./20261123T0300-analytics";
import * as m20261124T0100 from "./20261124T0100-back-office";
import * as m20261124T0200 from "./20261124T0200-vat-rates";
import * as m20261124T0500 from "./20261124T0500-recurring-and-mail";
import * as m20261124T0600 from "./20261124T0600-catalogue";
import * as m20261124T0610 from "./20261124T0610-banks-vies";
import * as m20261124T0800 from "./20261124T0800-vat-filing";
import * as m20261124T0900 from "./20261124T0900-document-list-totals";
import * as m20261125T0400 from "./20261125T0400-proformas-not-receivable";
import * as m20261125T0410 from "./20261125T0410-receipts-without-vat-credit";
import * as m20261125T0500 from "./20261125T0500-email-send-after";
import * as m20261125T0600 from "./20261125T0600-one-active-grant";
import * as m20261126T0100 from "./20261126T0100-column-comments";
import * as m20261127T0100 from "./20261127T0100-part-months-and-sick-days";
import * as m20261127T0200 from "./20261127T0200-nap-declarations";
import * as m20261127T0400 from "./20261127T0400-nap-declaration-history";
import * as m20261128T0100 from "./20261128T0100-backup-runs";
import * as m20261128T0200 from "./20261128T0200-company-exports";
import * as m20261128T0300 from "./20261128T0300-team";
import * as m20261128T0310 from "./20261128T0310-login-home-company";
import * as m20261128T0400 from "./20261128T0400-bank-statements";
import * as m20261128T0500 from "./20261128T0500-signup-drafts";
import * as m20261128T0510 from "./20261128T0510-document-email-message";
import * as m20261128T0520 from "./20261128T0520-subscription-tax-invoices";
import * as m20261128T0600 from "./20261128T0600-deleted-companies";
import * as m20261128T1620 from "./20261128T1620-english-documents";
import * as m20261128T1630 from "./20261128T1630-vat-threshold-history";
import * as m20261128T1640 from "./20261128T1640-payroll-codes-gvrs-seniority";
import * as m20261128T1700 from "./20261128T1700-credit-notes-settle";
import * as m20261128T1720 from "./20261128T1720-nonprofit-company-kind";
import * as m20261128T1800 from "./20261128T1800-credit-notes-across-the-euro";
import * as m20261128T1910 from "./20261128T1910-ecb-rates";
import * as m20261128T1930 from "./20261128T1930-expense-supplier-company-id";
import * as m20261128T2000 from "./20261128T2000-bank-national-accounts";
import * as m20261128T2010 from "./20261128T2010-bank-import-keys";
import * as m20261129T0500 from "./20261129T0500-period-locks";
import * as m20261129T0600 from "./20261129T0600-ledger";
import * as m20261130T0410 from "./20261130T0410-ledger-payroll-bank-vat";
import * as m20261130T0420 from "./20261130T0420-ecb-rates-to-april-2026";
import * as m20261130T0421 from "./20261130T0421-bank-layouts";
import * as m20261130T0422 from "./20261130T0422-ledger-analytics";
import * as m20261201T0300 from "./20261201T0300-catalogue-revenue-account";
import * as m20261201T0310 from "./20261201T0310-salary-bank-payment";
import * as m20261201T0320 from "./20261201T0320-expense-acquisition";
import * as m20261201T0500 from "./20261201T0500-saft-account-codes";
import * as m20261201T0600 from "./20261201T0600-portal-links";
import * as m20261201T0700 from "./20261201T0700-reconciliations";
import * as m20261202T0100 from "./20261202T0100-card-payments";
import * as m20261202T0200 from "./20261202T0200-portal-statement-views";
import * as m20261202T0300 from "./20261202T0300-vat-protocols";
import * as m20261202T0400 from "./20261202T0400-advance-invoices";
import * as m20261202T0500 from "./20261202T0500-calendar";
import * as m20261202T0600 from "./20261202T0600-income-tax-years";
import * as m20261202T0700 from "./20261202T0700-offers";
import * as m20261203T0100 from "./20261203T0100-offer-sent";
import * as m20261204T0100 from "./20261204T0100-offer-emails";
import * as m20261204T0200 from "./20261204T0200-reverse-charge-annex-part";
import * as m20261204T0300 from "./20261204T0300-sole-trader-tax";
import * as m20261205T0300 from "./20261205T0300-email-portal-link";
import * as m20261205T0900 from "./20261205T0900-portal-link-email";

/**
 * Every migration, imported statically so the server bundle, the CLI and the tests
 * all run the same list. Add new ones at the end with a later timestamp.
 */
export const migrations: Record<string, Migration> = {
  "20261122T0215-foundation": m20261122T0215,
  "20261122T0300-accounts": m20261122T0300,
  "20261122T0330-clients": m20261122T0330,
  "20261122T0400-document-counters": m20261122T0400,
  "20261122T0500-documents": m20261122T0500,
  "20261122T0600-document-search": m20261122T0600,
  "20261122T0700-subscriptions": m20261122T0700,
  "20261122T0800-hardening": m20261122T0800,
  "20261122T0900-expenses": m20261122T0900,
  "20261123T0050-expense-month-totals": m20261123T0050,
  "20261123T0100-salaries": m20261123T0100,
  "20261123T0200-dashboard": m20261123T0200,
  "20261123T0300-analytics": m20261123T0300,
  "20261124T0100-back-office": m20261124T0100,
  "20261124T0200-vat-rates": m20261124T0200,
  "20261124T0500-recurring-and-mail": m20261124T0500,
  "20261124T0600-catalogue": m20261124T0600,
  "20261124T0610-banks-vies": m20261124T0610,
  "20261124T0800-vat-filing": m20261124T0800,
  "20261124T0900-document-list-totals": m20261124T0900,
  "20261125T0400-proformas-not-receivable": m20261125T0400,
  "20261125T0410-receipts-without-vat-credit": m20261125T0410,
  "20261125T0500-email-send-after": m20261125T0500,
  "20261125T0600-one-active-grant": m20261125T0600,
  "20261126T0100-column-comments": m20261126T0100,
  "20261127T0100-part-months-and-sick-days": m20261127T0100,
  "20261127T0200-nap-declarations": m20261127T0200,
  "20261127T0400-nap-declaration-history": m20261127T0400,
  "20261128T0100-backup-runs": m20261128T0100,
  "20261128T0200-company-exports": m20261128T0200,
  "20261128T0300-team": m20261128T0300,
  "20261128T0310-login-home-company": m20261128T0310,
  "20261128T0400-bank-statements": m20261128T0400,
  "20261128T0500-signup-drafts": m20261128T0500,
  "20261128T0510-document-email-message": m20261128T0510,
  "20261128T0520-subscription-tax-invoices": m20261128T0520,
  "20261128T0600-deleted-companies": m20261128T0600,
  "20261128T1620-english-documents": m20261128T1620,
  "20261128T1630-vat-threshold-history": m20261128T1630,
  "20261128T1640-payroll-codes-gvrs-seniority": m20261128T1640,
  "20261128T1700-credit-notes-settle": m20261128T1700,
  "20261128T1720-nonprofit-company-kind": m20261128T1720,
  "20261128T1800-credit-notes-across-the-euro": m20261128T1800,
  "20261128T1910-ecb-rates": m20261128T1910,
  "20261128T1930-expense-supplier-company-id": m20261128T1930,
  "20261128T2000-bank-national-accounts": m20261128T2000,
  "20261128T2010-bank-import-keys": m20261128T2010,
  "20261129T0500-period-locks": m20261129T0500,
  "20261129T0600-ledger": m20261129T0600,
  "20261130T0410-ledger-payroll-bank-vat": m20261130T0410,
  "20261130T0420-ecb-rates-to-april-2026": m20261130T0420,
  "20261130T0421-bank-layouts": m20261130T0421,
  "20261130T0422-ledger-analytics": m20261130T0422,
  "20261201T0300-catalogue-revenue-account": m20261201T0300,
  "20261201T0310-salary-bank-payment": m20261201T0310,
  "20261201T0320-expense-acquisition": m20261201T0320,
  "20261201T0500-saft-account-codes": m20261201T0500,
  "20261201T0600-portal-links": m20261201T0600,
  "20261201T0700-reconciliations": m20261201T0700,
  "20261202T0100-card-payments": m20261202T0100,
  "20261202T0200-portal-statement-views": m20261202T0200,
  "20261202T0300-vat-protocols": m20261202T0300,
  "20261202T0400-advance-invoices": m20261202T0400,
  "20261202T0500-calendar": m20261202T0500,
  "20261202T0600-income-tax-years": m20261202T0600,
  "20261202T0700-offers": m20261202T0700,
  "20261203T0100-offer-sent": m20261203T0100,
  "20261204T0100-offer-emails": m20261204T0100,
  "20261204T0200-reverse-charge-annex-part": m20261204T0200,
  "20261204T0300-sole-trader-tax": m20261204T0300,
  "20261205T0300-email-portal-link": m20261205T0300,
  "20261205T0900-portal-link-email": m20261205T0900,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
