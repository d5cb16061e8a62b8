import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToBuffer } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { prepareFonts } from "~/modules/pdf/fonts.server";
import { PayrollSheetPdf, PayslipsPdf } from "./pdf.server";

/*
 * Payslips and the payroll sheet print names as the invoices do (print-text.ts): a name pasted
 * with a line break or a control character, or with a letter the embedded fonts lack, prints
 * no box and no control — read as the employee reads it (pdftotext).
 */

const company = {
  name: "Алфа\u0007 ООД",
  eik: "123456789",
  address: "ул. Шипка 5,\r\n4000 Пловдив",
};
const textOf = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-payslip-")), "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8");
};
/** What no printed name holds: controls (but line and page breaks) and U+FFFD. */
const stray = (text: string) =>
  [...text].filter((c) => {
    const code = c.codePointAt(0)!;
    return (code < 0x20 && c !== "\n" && c !== "\f") || code === 0x7f || code === 0xfffd;
  });

describe("salary PDFs", () => {
  it("print a name with a control character, a line break or a letter the fonts lack without a box", {
    timeout: 60_000,
  }, async () => {
    await prepareFonts();
    const employee = "Иван\u0000 Петров ᚠǖ\u200b";
    const payslips = textOf(
      await renderToBuffer(
        <PayslipsPdf
          models={[
            {
              company,
              title: "Фиш за заплата, ноември 2026",
              employee,
              lines: [["Брутно", "1 000,00"]],
              net: "780,00",
            },
          ]}
        />,
      ),
    );
    const sheet = textOf(
      await renderToBuffer(
        <PayrollSheetPdf
          model={{
            company,
            title: "Ведомост, ноември 2026",
            head: ["№", "Служител", "Брутно"],
            rows: [["1", employee, "1 000,00"]],
            totals: ["", "Общо", "1 000,00"],
            dueDate: "25.12.2026",
          }}
        />,
      ),
    );
    for (const text of [payslips, sheet]) {
      expect(stray(text)).toEqual([]);
      expect(text.replace(/\s+/g, " ")).toContain("Иван Петров");
      expect(text).toContain("Алфа ООД");
      // A letter no embedded font has («ᚠ») as «?», never a missing-glyph box; «ǖ» they have.
      expect(text).toMatch(/Петров \?ǖ/);
    }
  });
});
