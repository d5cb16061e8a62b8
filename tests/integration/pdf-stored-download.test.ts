import { describe, expect, it } from "vitest";
import { cancelDocument, issueDocument } from "~/modules/invoices/documents.server";
import { loader as apiPdf } from "~/routes/api.invoices.$id.pdf";
import { loader as pagePdf } from "~/routes/invoice.$id.pdf";
import { createCompanyOnPlan, createTestDraft } from "../setup/factories";
import { call } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * A download of an issued document whose PDF is stored answers from the stored row in one query
 * (render.server's storedPdfOf): the same bytes, name and ETag as the first download, the same
 * visibility as reading the document, and never the stored bytes of a document cancelled since.
 */

const getDb = setupTestDatabase();

const line = { description: "Услуга", quantity: "1", unitPrice: "100.00", vatRate: 20 };

describe("a stored PDF's download", () => {
  it("gives the stored bytes to whoever reads the document, and 404 to whoever does not", async () => {
    const db = getDb();
    const owner = await createCompanyOnPlan(db, "basic");
    const author = await memberOf(db, owner.companyId, "staff");
    const limited = await memberOf(db, owner.companyId, "staff", { ownDocumentsOnly: true });
    const id = await createTestDraft(db, { ...owner, user: author.user }, { lines: [line] });
    await issueDocument(db, owner.companyId, id);

    const download = (fn: typeof pagePdf, who: { cookie: string; bearer: object }, api: boolean) =>
      call(fn, db, api ? `/api/invoices/${id}/pdf` : `/invoice/${id}/pdf`, {
        params: { id },
        headers: api ? { ...(who.bearer as Record<string, string>) } : { Cookie: who.cookie },
      });

    // The first download renders and stores it; the next ones answer from the stored row.
    const first = await download(pagePdf, author, false);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    for (const api of [false, true]) {
      const again = await download(api ? apiPdf : pagePdf, author, api);
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
      expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
      expect(again.headers.get("Content-Disposition")).toBe(
        first.headers.get("Content-Disposition"),
      );
    }

    // Staff limited to their own documents: 404, stored or not.
    for (const api of [false, true]) {
      const refused = await download(api ? apiPdf : pagePdf, limited, api);
      expect(refused.status).toBe(404);
    }
  });

  it("a document cancelled after its PDF was stored is not answered with the stored bytes", async () => {
    const db = getDb();
    const owner = await createCompanyOnPlan(db, "basic");
    const me = await memberOf(db, owner.companyId, "accountant");
    const id = await createTestDraft(db, { ...owner, user: me.user }, { lines: [line] });
    await issueDocument(db, owner.companyId, id);
    const stored = await call(pagePdf, db, `/invoice/${id}/pdf`, {
      params: { id },
      headers: { Cookie: me.cookie },
    });
    const storedBytes = Buffer.from(await stored.arrayBuffer());
    await cancelDocument(db, owner.companyId, id, "Грешен клиент");

    const afterCancel = await call(pagePdf, db, `/invoice/${id}/pdf`, {
      params: { id },
      headers: { Cookie: me.cookie },
    });
    expect(afterCancel.status).toBe(200);
    expect(Buffer.from(await afterCancel.arrayBuffer()).equals(storedBytes)).toBe(false);
  });
});
