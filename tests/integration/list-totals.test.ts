import { describe, expect, it } from "vitest";
import {
  cancelDocument,
  createDraft,
  deleteDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { scanDocumentTotals, summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createCompanyWithClient } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/*
 * The unfiltered /invoices totals come from rows a trigger keeps (document_list_totals, issue
 * #17); they must equal the sum over the documents themselves to the cent after every kind of
 * write: drafts, issuing, payments, credit notes, cancelling, deleting.
 */
describe("the /invoices totals kept by the trigger", () => {
  it("equal the documents' own sums to the cent after drafts, issue, payments, credit notes, cancel and delete", async () => {
    const db = getDb();
    const { user, companyId, clientId } = await createCompanyWithClient(db);
    const draft = (type: string, currency: string, price: string, originalId?: string) =>
      createDraft(
        db,
        companyId,
        user.id,
        documentSchema.parse({
          type,
          clientId,
          issueDate: currency === "BGN" ? "2025-12-20" : "2026-11-20",
          currency,
          ...(currency === "USD" ? { eurRate: "0.9" } : {}),
          ...(originalId ? { originalId, reason: "Върната стока" } : {}),
          lines: [{ description: "Услуга", quantity: "3", unitPrice: price, vatRate: 20 }],
        }),
      );
    const totals = () => summarizeDocuments(db, companyId, {}, "2026-11-24");
    const scanned = () => scanDocumentTotals(db, companyId, {}, "2026-11-24");

    const eur = await draft("invoice", "EUR", "33.33");
    const bgn = await draft("invoice", "BGN", "10.01");
    const proforma = await draft("proforma", "EUR", "5.55");
    const kept = await draft("invoice", "EUR", "1.00");
    const gone = await draft("invoice", "EUR", "2.00");
    expect(await totals()).toEqual(await scanned());

    await issueDocument(db, companyId, bgn);
    await issueDocument(db, companyId, eur);
    await issueDocument(db, companyId, proforma);
    const invoice = (await getDocument(db, companyId, eur))!;
    await addPayment(db, companyId, invoice, {
      paidOn: "2026-11-21",
      amount: 5_000,
      method: "bank",
      note: null,
    });
    const note = await draft("credit_note", "EUR", "10.00", eur);
    await issueDocument(db, companyId, note);
    await cancelDocument(db, companyId, bgn, "грешен клиент");
    await deleteDraft(db, companyId, gone);

    const after = await totals();
    expect(after).toEqual(await scanned());
    // 119.99 issued (3 × 33.33 + 20 %) less the credit note 36.00, and the proforma 19.98.
    expect(after.count).toBe(5);
    expect(after.currencies).toEqual([
      expect.objectContaining({ currency: "BGN", count: 1, totalCents: 0, outstandingCents: 0 }),
      expect.objectContaining({
        currency: "EUR",
        count: 4,
        totalCents: 11_999 - 3_600 + 1_998,
        paidCents: 5_000,
        outstandingCents: 11_999 - 5_000 + 1_998,
      }),
    ]);
    expect(kept).toBeTruthy();
  });
});
