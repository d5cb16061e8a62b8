import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { saveLogo } from "~/modules/accounts/account.server";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { documentJson } from "~/modules/invoices/json.server";
import { printModelFor, storedPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as csvLoader } from "~/routes/invoices.export[.]csv";
import { createCompanyWithClient } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function pdfTools(pdf: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-pdf-")), "doc.pdf");
  writeFileSync(file, pdf);
  return {
    text: execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8"),
    images: execFileSync("pdfimages", ["-list", file]).toString("utf8"),
  };
}

describe("one document, the same figures everywhere", () => {
  it("the editor's rule, the API, the print model, the PDF and the CSV agree to the cent; English PDF with logo", async () => {
    const { user, companyId, clientId } = await createCompanyWithClient(getDb());
    await saveLogo(getDb(), companyId, new Uint8Array(PNG));
    // Prices chosen to round: 7 × 0.1235 = 0.8645 → 0.86; 3.333 × 19.99 = 66.62667 → 66.63, −12.5 %
    // → 58.30; 1 × 0.005 → 0.01 (half up); VAT 20 % of 59.17 = 11.834 → 11.83; 9 % of 0.01 → 0.00.
    const id = await createDraft(
      getDb(),
      companyId,
      user.id,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: "2026-11-20",
        language: "en",
        currency: "EUR",
        lines: [
          { description: "Screws", quantity: "7", unit: "pcs", unitPrice: "0.1235", vatRate: 20 },
          {
            description: "Consulting",
            quantity: "3.333",
            unit: "h",
            unitPrice: "19.99",
            discount: "12.5",
            vatRate: 20,
          },
          { description: "Booklet", quantity: "1", unitPrice: "0.005", vatRate: 9 },
        ],
      }),
    );
    await issueDocument(getDb(), companyId, id);
    const doc = (await getDocument(getDb(), companyId, id))!;

    const api = documentJson(doc);
    expect(api.lines.map((l) => l.net)).toEqual(["0.86", "58.30", "0.01"]);
    expect(api.totals).toMatchObject({ subtotal: "59.17", vat: "11.83", total: "71.00" });
    expect(api.totals.groups).toEqual([
      { vatRate: 20, base: "59.16", vat: "11.83" },
      { vatRate: 9, base: "0.01", vat: "0.00" },
    ]);

    const model = await printModelFor(getDb(), doc);
    expect(model.totals.at(-1)).toMatchObject({ label: "Amount due (EUR)", value: "71.00" });

    const { text, images } = pdfTools((await storedPdf(getDb(), doc)).data);
    expect(text).toContain("INVOICE");
    expect(text).toMatch(/Amount due \(EUR\)\s+71\.00/);
    expect(text).toContain("seventy-one euro");
    expect(text).toMatch(/Consulting\s+h\s+3\.333\s+19\.99\s+12\.5 %\s+20 %\s+58\.30/);
    expect(images.split("\n").filter((l) => /^\s*\d+\s+\d+\s+image/.test(l))).toHaveLength(1);

    const { cookie } = await signInApi(getDb(), user);
    const csv = await (
      await call(csvLoader, getDb(), "/invoices/export.csv", { headers: { Cookie: cookie } })
    ).text();
    const row = csv.split("\r\n")[1]!.split(";");
    expect(row.slice(8, 11)).toEqual(["59,17", "11,83", "71,00"]);
  });
});
