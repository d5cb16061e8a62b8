import { describe, expect, it } from "vitest";
import { DELTA_HEAD, DELTA_TAIL, deltaAccounting, deltaAmount, deltaNumber } from "./delta-pro";

/*
 * Делта Pro's TransferData as decision 064 lays it out, attribute by attribute: the operation
 * (AccountingDate yyyy-MM-dd, Number ten digits, Reference, Term), its <Document> (DocumentType
 * 1/2/3, Number, Date), its <Company> (Name, Bulstat, VatNumber only when there is one) and each
 * posting pair as a Debit and a Credit <AccountingDetail> (AccountNumber, Direction, Amount with
 * a point and six decimals).
 */

const invoice = {
  date: "2026-10-02",
  sourceKind: "document",
  documentRef: "Фактура № 0000000012",
  description: "Фактура № 0000000012, Алфа ООД",
  party: { name: "Алфа ООД", eik: "201234567", vatNumber: "BG201234567" },
  pairs: [
    { debit: "411", credit: "703", cents: 100000 },
    { debit: "411", credit: "4532", cents: 20000 },
  ],
};

describe("Делта Pro's XML of operations", () => {
  it("writes an invoice as one operation: its document, its client and its pairs as Дт/Кт details", () => {
    expect(deltaAccounting(invoice, 7).split("\r\n")).toEqual([
      '    <Accounting AccountingDate="2026-10-02" Number="0000000007" Reference="Фактура № 0000000012" Term="Фактура № 0000000012, Алфа ООД">',
      '      <Document DocumentType="1" Number="0000000012" Date="2026-10-02" />',
      '      <Company Name="Алфа ООД" Bulstat="201234567" VatNumber="BG201234567" />',
      "      <AccountingDetails>",
      '        <AccountingDetail AccountNumber="411" Direction="Debit" Amount="1000.000000" />',
      '        <AccountingDetail AccountNumber="703" Direction="Credit" Amount="1000.000000" />',
      '        <AccountingDetail AccountNumber="411" Direction="Debit" Amount="200.000000" />',
      '        <AccountingDetail AccountNumber="4532" Direction="Credit" Amount="200.000000" />',
      "      </AccountingDetails>",
      "    </Accounting>",
      "",
    ]);
  });

  it("gives notes their document types and keeps a red storno negative on the same sides", () => {
    const note = {
      ...invoice,
      documentRef: "Кредитно известие № 0000000013",
      pairs: [{ debit: "411", credit: "703", cents: -10050 }],
    };
    const xml = deltaAccounting(note, 1);
    expect(xml).toContain('<Document DocumentType="3" Number="0000000013" Date="2026-10-02" />');
    expect(xml).toContain('AccountNumber="411" Direction="Debit" Amount="-100.500000"');
    expect(xml).toContain('AccountNumber="703" Direction="Credit" Amount="-100.500000"');
    const debitNote = deltaAccounting({ ...note, documentRef: "Дебитно известие № 14" }, 1);
    expect(debitNote).toContain('<Document DocumentType="2" Number="14"');
    // A purchase invoice is a «Фактура» too.
    expect(deltaAccounting({ ...invoice, sourceKind: "expense" }, 1)).toContain(
      '<Document DocumentType="1"',
    );
  });

  it("writes no <Document> for a payment (its reference is the invoice paid) or another kind of document", () => {
    const payment = { ...invoice, sourceKind: "payment" };
    expect(deltaAccounting(payment, 1)).not.toContain("<Document");
    expect(deltaAccounting(payment, 1)).toContain('Reference="Фактура № 0000000012"');
    const receipt = { ...invoice, sourceKind: "expense", documentRef: "Касов бон № 55" };
    expect(deltaAccounting(receipt, 1)).not.toContain("<Document");
    const manual = { ...invoice, sourceKind: "manual", documentRef: "РКО № 3" };
    expect(deltaAccounting(manual, 1)).not.toContain("<Document");
  });

  it("writes <Company> only for a counterparty, and its ЕИК and VAT number only when known", () => {
    const none = { ...invoice, party: { name: "", eik: "", vatNumber: "" } };
    expect(deltaAccounting(none, 1)).not.toContain("<Company");
    const foreign = {
      ...invoice,
      party: { name: "Google Ireland Ltd", eik: "", vatNumber: "IE6388047V" },
    };
    expect(deltaAccounting(foreign, 1)).toContain(
      '<Company Name="Google Ireland Ltd" VatNumber="IE6388047V" />',
    );
    const person = { ...invoice, party: { name: "Иван Петров", eik: "", vatNumber: "" } };
    expect(deltaAccounting(person, 1)).toContain('<Company Name="Иван Петров" />');
  });

  it("escapes markup, quotes and line breaks in attributes and drops what XML forbids", () => {
    const odd = {
      ...invoice,
      description: 'Уебсайт & <поддръжка> "Плюс"\nред 2\u0001',
      party: { name: 'Бета "М" & Ко', eik: "", vatNumber: "" },
    };
    const xml = deltaAccounting(odd, 1);
    expect(xml).toContain('Term="Уебсайт &amp; &lt;поддръжка&gt; &quot;Плюс&quot;&#10;ред 2"');
    expect(xml).toContain('<Company Name="Бета &quot;М&quot; &amp; Ко" />');
  });

  it("formats amounts with a point and six decimals, numbers with ten digits, and frames the file", () => {
    expect(deltaAmount(0)).toBe("0.000000");
    expect(deltaAmount(5)).toBe("0.050000");
    expect(deltaAmount(-123456789)).toBe("-1234567.890000");
    expect(deltaNumber(1)).toBe("0000000001");
    expect(DELTA_HEAD).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\r\n<TransferData xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="urn:Transfer">\r\n  <Accountings>\r\n',
    );
    expect(DELTA_TAIL).toBe("  </Accountings>\r\n</TransferData>\r\n");
  });
});
