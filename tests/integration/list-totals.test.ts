import { describe, expect, it } from "vitest";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import {
  cancelDocument,
  createDraft,
  deleteDraft,
  getDocument,
  issueDocument,
} from "~/modules/invoices/documents.server";
import { scanDocumentTotals, summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { convertProforma } from "~/modules/invoices/proforma.server";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as documentLoader } from "~/routes/_app.invoice.$id";
import { loader as invoicesLoader } from "~/routes/_app.invoices";
import { loader as csvLoader } from "~/routes/invoices.export[.]csv";
import { addDays, todayInSofia } from "~/utils/dates";
import { createCompanyWithClient } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
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
    // 119.99 issued (3 × 33.33 + 20 %) less the credit note 36.00, which also lowers what is
    // owed (issue #41); the proforma (19.98) is counted but neither a sale nor owed (issue #25).
    expect(after.count).toBe(5);
    expect(after.currencies).toEqual([
      expect.objectContaining({ currency: "BGN", count: 1, totalCents: 0, outstandingCents: 0 }),
      expect.objectContaining({
        currency: "EUR",
        count: 4,
        totalCents: 11_999 - 3_600,
        paidCents: 5_000,
        outstandingCents: 11_999 - 5_000 - 3_600,
      }),
    ]);
    expect(kept).toBeTruthy();
  });
});

/*
 * Issue #25, item 3: /invoices said «За получаване 27 500 EUR» and the dashboard 12 500 — a
 * converted proforma still counted and stayed «Неплатен». What clients owe has one definition
 * (issued invoices and debit notes): the list, the CSV, the dashboard and /analytics agree.
 */
describe("receivables: one definition for the list, the CSV, the dashboard and /analytics", () => {
  it("a proforma, converted or not, is never owed; the converted one says so", async () => {
    const db = getDb();
    const { user, companyId, clientId } = await createCompanyWithClient(db);
    const today = todayInSofia();
    const draft = (type: string, price: string) =>
      createDraft(
        db,
        companyId,
        user.id,
        documentSchema.parse({
          type,
          clientId,
          issueDate: today,
          dueDate: addDays(today, 10),
          lines: [{ description: "Нощувка", quantity: "1", unitPrice: price, vatRate: 20 }],
        }),
      );
    // 12 500 owed on an invoice; a proforma of 12 500 converted into an invoice (a draft still),
    // and one of 2 500 not converted.
    await issueDocument(db, companyId, await draft("invoice", "10416.67"));
    const proformaId = await draft("proforma", "10416.67");
    const proforma = await issueDocument(db, companyId, proformaId);
    const converted = await convertProforma(
      db,
      companyId,
      user.id,
      (await getDocument(db, companyId, proformaId))!,
      today,
    );
    await issueDocument(db, companyId, await draft("proforma", "2083.33"));
    const owed = 12_500_00;

    const session = await signInApi(db, user);
    const list = await (
      await call(invoicesLoader, db, "/invoices", { headers: { Cookie: session.cookie } })
    ).json();
    const listed = list.summary.currencies.find((c: { currency: string }) => c.currency === "EUR");
    expect(list.summary.count).toBe(4);
    expect(listed).toMatchObject({ totalCents: owed, paidCents: 0, outstandingCents: owed });
    // The same when filtered (the scan, not the kept rows).
    const scanned = await scanDocumentTotals(db, companyId, { from: today }, today);
    expect(scanned.currencies[0]).toMatchObject({ totalCents: owed, outstandingCents: owed });
    const unpaid = await summarizeDocuments(db, companyId, { status: "unpaid" }, today);
    expect(unpaid.count).toBe(1);
    const states = Object.fromEntries(
      list.documents.map((d: { id: string; state: string | null }) => [d.id, d.state]),
    );
    expect(states[proformaId]).toBe("converted");
    expect(Object.values(states).filter((s) => s === "unpaid")).toHaveLength(1);

    const dashboard = await (
      await call(dashboardLoader, db, "/dashboard", { headers: { Cookie: session.cookie } })
    ).json();
    expect(dashboard.money.receivables.currencies).toEqual([
      expect.objectContaining({ currency: "EUR", count: 1, unpaidCents: owed }),
    ]);
    const analytics = await analyticsSummary(
      db,
      companyId,
      { from: today.slice(0, 7), to: today.slice(0, 7) },
      today,
    );
    expect(analytics.openCents).toBe(owed);

    const csv = await (
      await call(csvLoader, db, "/invoices/export.csv", { headers: { Cookie: session.cookie } })
    ).text();
    const rows = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(";"));
    const header = rows[0]!;
    const at = (name: string) => header.indexOf(name);
    const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
    const owedInCsv = rows
      .slice(1)
      .filter((r) => ["Неплатен", "Частично платен", "Просрочен"].includes(r[at("Състояние")]!))
      .reduce((sum, r) => sum + cents(r[at("Общо")]!) - cents(r[at("Платено")]!), 0);
    expect(owedInCsv).toBe(owed);
    expect(
      rows.find((r) => r[at("Номер")] === proforma.number && r[at("Вид")] === "Проформа фактура")?.[
        at("Състояние")
      ],
    ).toBe("Превърната във фактура");

    // The proforma's page says so too; the invoice made from it is the one that will be owed.
    const page = await (
      await call(documentLoader, db, `/invoice/${proformaId}`, {
        headers: { Cookie: session.cookie },
        params: { id: proformaId },
      })
    ).json();
    expect(page.doc.state).toBe("converted");
    expect(converted).toBeTruthy();
  });
});
