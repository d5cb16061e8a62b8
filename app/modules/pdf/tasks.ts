import type { PrintModel } from "~/modules/invoices/print";
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
  /** Loads the fonts in a fresh thread by drawing one line (the result is thrown away). */
  | { kind: "warmup" };
