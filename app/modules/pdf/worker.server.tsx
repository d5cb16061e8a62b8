import { setPriority } from "node:os";
import { workerData } from "node:worker_threads";
import { Document, Page, renderToBuffer, Text } from "@react-pdf/renderer";
import { Piscina } from "piscina";
import { renderInvoicePdf } from "~/modules/invoices/pdf.server";
import { printable } from "~/modules/invoices/print-text";
import { LedgerReportPdf } from "~/modules/ledger/pdf.server";
import { PayrollSheetPdf, PayslipsPdf } from "~/modules/salaries/pdf.server";
import { PDF_FONT_FAMILY, pdfHasGlyph, prepareFonts } from "./fonts.server";
import type { PdfTask } from "./tasks";

/*
 * The PDF worker: runs in a worker thread of the pool (pool.server.ts), so a long document
 * never stops the web process from answering. Built to build/pdf-worker.js by `npm run build`.
 */

// The background's threads (PDFs stored for later) run at the lowest priority, so the system gives
// the cores to people's requests first. Only on Linux, where the nice value is the calling
// thread's alone (elsewhere it is the whole process's); where it cannot be set, it runs as it is.
if (
  process.platform === "linux" &&
  (workerData as { lane?: string } | undefined)?.lane === "background"
) {
  try {
    setPriority(19);
  } catch {
    // Not permitted here: the scheduler's bound on background threads still holds.
  }
}

/** Renders one task to PDF bytes, handed back without a copy. */
export default async function render(task: PdfTask) {
  await prepareFonts();
  let bytes: Buffer;
  switch (task.kind) {
    case "document":
      bytes = await renderInvoicePdf(
        task.model,
        task.logo && {
          data: Buffer.from(task.logo.data),
          format: task.logo.format,
        },
      );
      break;
    case "payroll":
      bytes = await renderToBuffer(<PayrollSheetPdf model={task.model} />);
      break;
    case "payslips":
      bytes = await renderToBuffer(<PayslipsPdf models={task.models} />);
      break;
    case "ledger":
      bytes = await renderToBuffer(<LedgerReportPdf model={printable(task.model, pdfHasGlyph)} />);
      break;
    case "warmup":
      bytes = await renderToBuffer(
        <Document>
          <Page style={{ fontFamily: PDF_FONT_FAMILY }}>
            <Text>Сметка 0123456789 — готово.</Text>
            <Text style={{ fontWeight: 700 }}>Сметка 0123456789 — готово.</Text>
          </Page>
        </Document>,
      );
      break;
    default:
      throw new Error(`Unknown PDF task ${(task as { kind: string }).kind}`);
  }
  const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Piscina.move(
    out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice(),
  );
}
