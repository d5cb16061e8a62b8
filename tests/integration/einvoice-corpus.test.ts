import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { action as importApi } from "~/routes/api.expenses.import-ubl";
import { createCompanyOnPlan } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42: the e-invoices of the standards and of other open-source projects
 * (tests/fixtures/einvoice/corpus, README there names each source and licence), imported through
 * POST /api/expenses/import-ubl, each read with the figures the file itself states: the total with
 * VAT (TaxInclusiveAmount), the VAT (TaxTotal/TaxAmount in the document's currency), the
 * supplier's name, the number and the currency. The figures were copied from the files, not from
 * what the reader makes of them.
 */

const getDb = setupTestDatabase();
const CORPUS = new URL("../fixtures/einvoice/corpus/", import.meta.url);

interface Stated {
  file: string;
  /** What the expense is: a negative Invoice is a credit note (issue #42 item 10). */
  kind: "invoice" | "credit_note";
  supplier: string;
  number: string;
  currency: string;
  /** TaxInclusiveAmount, as written (a correction's is negative). */
  total: string;
  /** TaxTotal/TaxAmount in the document's currency, as written. */
  vat: string;
  /** The PDF it embeds that is kept (its decoded size), when it has a real one. */
  pdfBytes?: number;
}

// biome-ignore format: one file a line
const STATED: Stated[] = [
  { file: "en16931/FT-G2G-TD01-con-Allegato-Bonifico-e-Split-Payment.xml", kind: "invoice", supplier: "Azienda Unita Sanitaria Locale di Reggio Emilia", number: "1316/85", currency: "EUR", total: "1520.12", vat: "274.12", pdfBytes: 2_464_230 },
  { file: "en16931/guide-example2.xml", kind: "invoice", supplier: "Salescompany ltd.", number: "TOSL108", currency: "NOK", total: "1801.78", vat: "365.28" },
  { file: "en16931/guide-example3.xml", kind: "invoice", supplier: "SubscriptionSeller", number: "TOSL108", currency: "DKK", total: "1125.00", vat: "225.00" },
  { file: "en16931/issue116.xml", kind: "invoice", supplier: "SÄLJARNAMNET", number: "2018210", currency: "SEK", total: "830", vat: "130" },
  { file: "en16931/sample-discount-price.xml", kind: "invoice", supplier: "HEP SPLIT", number: "test decimal 1", currency: "EUR", total: "15.15", vat: "3.03" },
  { file: "en16931/ubl-tc434-creditnote1.xml", kind: "credit_note", supplier: "My Supplier Company", number: "018304 / 28865", currency: "EUR", total: "100.11", vat: "0.00" },
  { file: "en16931/ubl-tc434-example1.xml", kind: "invoice", supplier: "De Koksmaat", number: "12115118", currency: "EUR", total: "250.33", vat: "20.73" },
  { file: "en16931/ubl-tc434-example2.xml", kind: "invoice", supplier: "Salescompany ltd.", number: "TOSL108", currency: "NOK", total: "1801.78", vat: "365.28" },
  { file: "en16931/ubl-tc434-example4.xml", kind: "invoice", supplier: "SellerCompany", number: "TOSL110", currency: "DKK", total: "4675.00", vat: "675.00" },
  { file: "en16931/ubl-tc434-example5.xml", kind: "invoice", supplier: "SellerCompany", number: "TOSL110", currency: "DKK", total: "4675.00", vat: "675.00" },
  { file: "en16931/ubl-tc434-example6.xml", kind: "invoice", supplier: "SellerCompany", number: "TOSL110", currency: "DKK", total: "4675.00", vat: "675.00" },
  { file: "en16931/ubl-tc434-example7.xml", kind: "invoice", supplier: "The Sellercompany Incorporated", number: "INVOICE_test_7", currency: "SEK", total: "3200.00", vat: "0.00" },
  { file: "en16931/ubl-tc434-example8.xml", kind: "invoice", supplier: "Enexis B.V.", number: "1100512149", currency: "EUR", total: "1099.78", vat: "190.87" },
  { file: "en16931/ubl-tc434-example9.xml", kind: "invoice", supplier: "Bluem BV", number: "20150483", currency: "EUR", total: "177.87", vat: "30.87" },
  { file: "en16931/BIS3_Invoice_negativ.XML", kind: "credit_note", supplier: "Company A", number: "12345", currency: "DKK", total: "-782179.43", vat: "-156435.89" },
  { file: "en16931/BIS3_Invoice_positive.XML", kind: "invoice", supplier: "Company A", number: "12345", currency: "DKK", total: "782179.43", vat: "156435.89" },
  { file: "josemmo-einvoicing/cius-ro-tax-currency-code.xml", kind: "invoice", supplier: "Legal Name", number: "10009", currency: "EUR", total: "119", vat: "19" },
  { file: "josemmo-einvoicing/peppol-rounding.xml", kind: "invoice", supplier: "Test S.r.o", number: "SampleForDecimals", currency: "EUR", total: "8013.4", vat: "1279.45" },
  { file: "peppol-bis3/Allowance-example.xml", kind: "invoice", supplier: "SupplierOfficialName Ltd", number: "Snippet1", currency: "EUR", total: "7125", vat: "1225.00" },
  { file: "peppol-bis3/Vat-category-S.xml", kind: "invoice", supplier: "SupplierOfficialName Ltd", number: "Snippet1", currency: "EUR", total: "8550", vat: "1550.00" },
  { file: "peppol-bis3/base-creditnote-correction.xml", kind: "credit_note", supplier: "SupplierOfficialName Ltd", number: "Snippet1", currency: "EUR", total: "1656.25", vat: "331.25" },
  { file: "peppol-bis3/base-example.xml", kind: "invoice", supplier: "SupplierOfficialName Ltd", number: "Snippet1", currency: "EUR", total: "1656.25", vat: "331.25" },
  { file: "peppol-bis3/base-negative-inv-correction.xml", kind: "credit_note", supplier: "SupplierOfficialName Ltd", number: "Correction1", currency: "EUR", total: "-1656.25", vat: "-331.25" },
  { file: "peppol-bis3/vat-category-E.xml", kind: "invoice", supplier: "The Sellercompany Incorporated", number: "Vat-Z", currency: "GBP", total: "1200.00", vat: "0.00" },
  { file: "peppol-bis3/vat-category-O.xml", kind: "invoice", supplier: "The Sellercompany Incorporated", number: "Vat-O", currency: "SEK", total: "3200.00", vat: "0.00" },
  { file: "peppol-bis3/vat-category-Z.xml", kind: "invoice", supplier: "The Sellercompany Incorporated", number: "Vat-Z", currency: "GBP", total: "1200.00", vat: "0.00" },
];

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe("the e-invoice corpus (issue #42)", () => {
  it("imports every file through the API with the total, VAT, supplier, number and currency it states", {
    timeout: 180_000,
  }, async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const { bearer } = await signInApi(db, me.user);
    expect(STATED.length).toBeGreaterThanOrEqual(15);
    for (const stated of STATED) {
      const bytes = readFileSync(new URL(stated.file, CORPUS));
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], stated.file.split("/")[1]!));
      const answer = await call(importApi, db, "/api/expenses/import-ubl", {
        method: "POST",
        headers: bearer,
        body: form,
      });
      expect(answer.status, stated.file).toBe(200);
      const { expense, warnings, attachment } = (await answer.json()) as {
        expense: Record<string, unknown> & { amounts: { base: string; vat: string }[] };
        warnings: string[];
        attachment: { fileName: string; size: number; content: string } | null;
      };
      expect(expense, stated.file).toMatchObject({
        supplierName: stated.supplier,
        documentNumber: stated.number,
        currency: stated.currency,
        documentType: stated.kind,
        // None of these suppliers is Bulgarian: no ЕИК is made of their numbers (item 12).
        supplierEik: null,
      });
      // The total: a correction's is kept as a credit note's, positive.
      const total = expense.amounts.reduce((sum, row) => sum + cents(row.base) + cents(row.vat), 0);
      expect(total, stated.file).toBe(Math.abs(cents(stated.total)));
      // The VAT: Bulgarian rates' in its rows, another country's added to the cost and named in a
      // warning, together the file's.
      const vat = expense.amounts.reduce((sum, row) => sum + cents(row.vat), 0);
      const foreign = warnings
        .map((w) => /^ДДС по ставка [\d.]+ % \((-?[\d.]+)\)/.exec(w)?.[1])
        .filter((amount): amount is string => amount !== undefined)
        .reduce((sum, amount) => sum + cents(amount), 0);
      expect(Math.abs(vat + Math.abs(foreign)), stated.file).toBe(Math.abs(cents(stated.vat)));
      if (stated.pdfBytes) {
        expect(attachment, stated.file).toMatchObject({ size: stated.pdfBytes });
        const pdf = Buffer.from(attachment!.content, "base64");
        expect(pdf.byteLength).toBe(stated.pdfBytes);
        expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      } else {
        expect(attachment, stated.file).toBeNull();
      }
    }
  });
});
