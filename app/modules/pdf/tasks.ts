import type { PrintModel } from "~/modules/invoices/print";
import type { LedgerPdfModel } from "~/modules/ledger/report-file";
import type { PayrollSheetModel, PayslipModel } from "~/modules/salaries/print";

/** What the PDF workers render: one kind per document family, data only (structured-cloned). */
export type PdfTask =
  | {
      kind: "document";
      model: PrintModel;
      logo: { data: Uint8Array; format: "png" | "jpg" } | null;
    }
  | { kind: "payroll"; model: PayrollSheetModel }
  | { kind: "payslips"; models: PayslipModel[] }
  /** A report of the books: the journal, the trial balance, a card, the general ledger. */
  | { kind: "ledger"; model: LedgerPdfModel }
  /** Loads the fonts in a fresh thread by drawing one line (the result is thrown away). */
  | { kind: "warmup" };
