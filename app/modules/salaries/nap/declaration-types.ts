import type { Form1Record } from "./layout";
import type { Form6Record } from "./layout-form6";
import type { TextChange } from "./text";

/*
 * What a month's declarations for НАП are made of (declaration.server.ts reads them; the payments,
 * the corrections and the files build on them).
 */

/** A problem that keeps the files back: what, why (Bulgarian), where to fix it. */
export interface DeclarationProblem {
  who: string;
  message: string;
  href: string;
  linkText: string;
}

/** A text written otherwise than typed (a letter Windows-1251 lacks, a quote, a long name). */
export interface DeclarationNotice {
  who: string;
  from: string;
  to: string;
  changes: TextChange[];
  href: string;
}

/** The funds обр. 6 declares, in cents. ДОО includes ТЗПБ; ДЗПО-УПФ both shares; ГВРС its own т. 15. */
export interface FundTotals {
  dooCents: number;
  upfCents: number;
  zoCents: number;
  gvrsCents: number;
  taxCents: number;
}

export interface DeclarationPerson {
  salaryId: string;
  employeeId: string;
  /** The name as the employee has it now (the salary keeps the one it was computed with). */
  name: string;
  contractType: "labour" | "management" | "civil";
  idKind: "egn" | "lnch";
  idNumber: string;
  bornBefore1960: boolean;
  /** The month's working days within the employment (labour and management). */
  employedDays: number;
  /** The record as обр. 1 writes it. */
  record: Form1Record;
  /** What the person's contributions and tax come to, per fund (from the salary). */
  funds: FundTotals;
}

export interface DeclarationFormat {
  id: string;
  validFrom: string;
  form1FileName: string;
  form1Tag: string;
  form6FileName: string;
  form6Tag: string;
  paymentTypePayroll: number;
  paymentTypeContracts: number;
  /** обр. 1 т. 12 «вид осигурен» by contract type. */
  insuredTypes: Record<"labour" | "management" | "civil", string>;
  confirmed: boolean;
}

export interface MonthDeclaration {
  month: string;
  company: { id: string; eik: string; name: string; activityCode: string | null };
  format: DeclarationFormat | null;
  /** The month's working days (weekdays without the official days off). */
  workingDays: number;
  persons: DeclarationPerson[];
  /** обр. 6 as it will be written: the payroll's column, then the civil contracts' one. */
  form6: Form6Record | null;
  /** Per fund, the labour and management contracts (обр. 6 column 1). */
  payrollFunds: FundTotals;
  /** Per fund, the civil contracts (обр. 6 column 2; their tax is declared by чл. 55, not here). */
  contractFunds: FundTotals;
  /** The tax withheld on civil contracts (declared by the declaration of чл. 55 ЗДДФЛ). */
  contractTaxCents: number;
  /** Of the approved salaries: employee + employer contributions, and the tax — to the cent. */
  payrollTotals: {
    contributionsCents: number;
    taxCents: number;
    count: number;
  };
  draftCount: number;
  problems: DeclarationProblem[];
  notices: DeclarationNotice[];
}
