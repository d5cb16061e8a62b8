import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deleteClient } from "~/modules/clients/queries.server";
import {
  cancelDocument,
  createDraft,
  getDocument,
  issueDocument,
  updateDraft,
} from "~/modules/invoices/documents.server";
import { addPayment, paymentState } from "~/modules/invoices/payments.server";
import { convertProforma } from "~/modules/invoices/proforma.server";
import { storedPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { AppError } from "~/utils/errors";
import { createCompanyWithClient } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

const companyWithClient = (vatRegistered = true) => createCompanyWithClient(getDb(), vatRegistered);

const input = (clientId: string, overrides: Record<string, unknown> = {}) =>
  documentSchema.parse({
    type: "invoice",
    clientId,
    issueDate: "2026-11-20",
    dueDate: "2026-11-27",
    currency: "EUR",
    lines: [
      { description: "Уеб дизайн", quantity: "10", unit: "час", unitPrice: "45.50", vatRate: 20 },
      { description: "Хостинг", quantity: "1", unit: "бр.", unitPrice: "30", vatRate: 20 },
      { description: "Книга", quantity: "3", unitPrice: "12.333", vatRate: 9 },
    ],
    ...overrides,
  });

function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-pdf-"));
  const file = join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  if (process.env.KEEP_PDF) writeFileSync(`/tmp/${Date.now()}.pdf`, pdf);
  return {
    text: execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8"),
    fonts: execFileSync("pdffonts", [file]).toString("utf8"),
  };
}

describe("documents", () => {
  it("a draft has no number; issuing numbers it, freezes the parties and totals by the rule", async () => {
    const { user, companyId, clientId, vatNumber } = await companyWithClient();
    const id = await createDraft(getDb(), companyId, user.id, input(clientId));
    const draft = await getDocument(getDb(), companyId, id);
    expect(draft).toMatchObject({ status: "draft", number: null });
    // 455.00 + 30.00 = 485.00 @20% → 97.00; 3 × 12.333 = 36.999 → 37.00 @9% → 3.33
    expect(draft).toMatchObject({ subtotalCents: 52200, vatCents: 10033, totalCents: 62233 });

    const issued = await issueDocument(getDb(), companyId, id);
    expect(issued.number).toBe("0000000001");
    expect(issued.supplierSnapshot).toMatchObject({ vatNumber });
    expect(issued.clientSnapshot).toMatchObject({ name: "Клиент Бета ООД" });

    // Issued documents never change.
    await expect(updateDraft(getDb(), companyId, id, input(clientId))).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(issueDocument(getDb(), companyId, id)).rejects.toMatchObject({ status: 409 });

    // A renamed client does not change the issued document.
    await getDb()
      .updateTable("clients")
      .set({ name: "Ново име ООД" })
      .where("id", "=", clientId)
      .execute();
    const pdf = await storedPdf(getDb(), (await getDocument(getDb(), companyId, id))!);
    const { text, fonts } = pdfText(pdf.data);
    expect(text).toContain("ФАКТУРА");
    expect(text).toContain("ОРИГИНАЛ");
    expect(text).toContain("№ 0000000001");
    expect(text).toContain("Клиент Бета ООД");
    expect(text).not.toContain("Ново име");
    expect(text).toMatch(/Сума за плащане \(EUR\)\s+622,33/);
    expect(text).toContain("шестстотин двадесет и две евро и тридесет и три цента");
    expect(text).toContain("BG80BNBG96611020345678");
    // Every font embedded (pdffonts' "emb" column says yes on each font line).
    const fontLines = fonts.split("\n").slice(2).filter(Boolean);
    expect(fontLines.length).toBeGreaterThan(0);
    for (const line of fontLines) expect(line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/);
    expect(fonts).not.toContain("Helvetica");
    // Each font file embedded once (two weights × four subsets at most): pdfkit used to embed a
    // new copy whenever the text switched between the Latin and Cyrillic subsets (105 in one page,
    // patches/pdfkit+0.20.1.patch).
    expect(fontLines.length).toBeLessThanOrEqual(8);

    // Stored once: the second download is the same bytes.
    const again = await storedPdf(getDb(), (await getDocument(getDb(), companyId, id))!);
    expect(again.sha256).toBe(pdf.sha256);
    expect(Buffer.compare(again.data, pdf.data)).toBe(0);
  });

  it("a company not registered for VAT never shows VAT and prints чл. 113, ал. 9", async () => {
    const { user, companyId, clientId } = await companyWithClient(false);
    const id = await createDraft(getDb(), companyId, user.id, input(clientId));
    const doc = (await getDocument(getDb(), companyId, id))!;
    expect(doc).toMatchObject({
      vatCents: 0,
      totalCents: 52200,
      vatGround: "чл. 113, ал. 9 от ЗДДС",
    });
    expect(doc.lines.every((l) => l.vatRate === null)).toBe(true);
    await issueDocument(getDb(), companyId, id);
    const { text } = pdfText(
      (await storedPdf(getDb(), (await getDocument(getDb(), companyId, id))!)).data,
    );
    expect(text).toContain("чл. 113, ал. 9 от ЗДДС");
    expect(text).not.toMatch(/ДДС 20|Общо ДДС/);
  });

  it("0 % VAT needs a legal ground", async () => {
    const { user, companyId, clientId } = await companyWithClient();
    const zero = input(clientId, {
      lines: [{ description: "Услуга за ЕС", quantity: "1", unitPrice: "100", vatRate: 0 }],
    });
    await expect(createDraft(getDb(), companyId, user.id, zero)).rejects.toMatchObject({
      fields: { vatGround: expect.stringContaining("основание") },
    });
  });

  it("cancel keeps the number; a credit note refers to the invoice; payments set the state", async () => {
    const { user, companyId, clientId } = await companyWithClient();
    const first = await createDraft(getDb(), companyId, user.id, input(clientId));
    const invoice = await issueDocument(getDb(), companyId, first);
    await addPayment(getDb(), companyId, invoice, {
      paidOn: "2026-11-21",
      amount: 20000,
      method: "bank",
      note: null,
    });
    let doc = (await getDocument(getDb(), companyId, first))!;
    expect(paymentState(doc, "2026-11-22")).toBe("partially_paid");
    expect(paymentState(doc, "2026-12-01")).toBe("overdue");
    await addPayment(getDb(), companyId, doc, {
      paidOn: "2026-11-22",
      amount: 42233,
      method: "cash",
      note: null,
    });
    doc = (await getDocument(getDb(), companyId, first))!;
    expect(paymentState(doc, "2026-12-01")).toBe("paid");

    const noteId = await createDraft(
      getDb(),
      companyId,
      user.id,
      input(clientId, {
        type: "credit_note",
        originalId: first,
        reason: "Върнат артикул",
        lines: [{ description: "Книга", quantity: "1", unitPrice: "12.333", vatRate: 9 }],
      }),
    );
    const note = await issueDocument(getDb(), companyId, noteId);
    expect(note).toMatchObject({
      number: "0000000002",
      originalNumber: "0000000001",
      originalDate: "2026-11-20",
    });
    const { text } = pdfText(
      (await storedPdf(getDb(), (await getDocument(getDb(), companyId, noteId))!)).data,
    );
    expect(text).toContain("КРЕДИТНО ИЗВЕСТИЕ");
    expect(text).toMatch(/Към фактура:\s+№ 0000000001 от 20\.11\.2026/);
    expect(text).toContain("Върнат артикул");

    const cancelled = await cancelDocument(getDb(), companyId, noteId, "Грешен артикул");
    expect(cancelled).toMatchObject({ status: "cancelled", number: "0000000002" });
    await expect(cancelDocument(getDb(), companyId, noteId, "пак")).rejects.toMatchObject({
      status: 409,
    });
  });

  it("a proforma has its own series and converts to an invoice draft once", async () => {
    const { user, companyId, clientId } = await companyWithClient();
    const proformaId = await createDraft(
      getDb(),
      companyId,
      user.id,
      input(clientId, { type: "proforma" }),
    );
    const proforma = await issueDocument(getDb(), companyId, proformaId);
    expect(proforma.number).toBe("0000000001");
    const full = (await getDocument(getDb(), companyId, proformaId))!;
    const invoiceId = await convertProforma(getDb(), companyId, user.id, full, "2026-11-22");
    expect(await convertProforma(getDb(), companyId, user.id, full, "2026-11-22")).toBe(invoiceId);
    const invoice = await issueDocument(getDb(), companyId, invoiceId);
    expect(invoice).toMatchObject({
      type: "invoice",
      number: "0000000001",
      totalCents: proforma.totalCents,
      proformaId,
    });
  });

  it("a client with documents cannot be deleted (archive instead)", async () => {
    const { user, companyId, clientId } = await companyWithClient();
    await createDraft(getDb(), companyId, user.id, input(clientId));
    await expect(deleteClient(getDb(), companyId, clientId)).rejects.toMatchObject({
      status: 409,
      message: "Клиент с издадени документи не може да бъде изтрит. Архивирайте го.",
    });
  });

  it("another company's document or client is never reachable", async () => {
    const a = await companyWithClient();
    const b = await companyWithClient();
    const id = await createDraft(getDb(), a.companyId, a.user.id, input(a.clientId));
    expect(await getDocument(getDb(), b.companyId, id)).toBeUndefined();
    // Within the company, staff limited to their own documents do not reach another's (#29).
    expect(await getDocument(getDb(), a.companyId, id, b.user.id)).toBeUndefined();
    expect(await getDocument(getDb(), a.companyId, id, a.user.id)).toMatchObject({ id });
    await expect(issueDocument(getDb(), b.companyId, id)).rejects.toMatchObject({ status: 404 });
    await expect(
      createDraft(getDb(), b.companyId, b.user.id, input(a.clientId)),
    ).rejects.toMatchObject({
      fields: { clientId: expect.any(String) },
    });
  });
});
