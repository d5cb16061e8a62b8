import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import type { PrintModel } from "~/modules/invoices/print";
import { storedPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createCompanyWithClient } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #25, item 9: a document whose VAT the recipient owes (a ground of the kind
 * "reverse_charge": чл. 21, ал. 2, чл. 82, ал. 2, чл. 163а) prints «Обратно начисляване» /
 * «Reverse charge» (Directive 2006/112/EC art. 226, point 11a; ЗДДС чл. 114), in the PDF and in
 * the preview, in each of its languages; a document with VAT or another ground does not.
 */

const getDb = setupTestDatabase();

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-rc-")), "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
};

async function issued(language: "bg" | "en" | "bilingual", fields: Record<string, unknown> = {}) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const id = await createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      currency: "EUR",
      language,
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      lines: [{ description: "Консултации", quantity: "1", unitPrice: "800", vatRate: null }],
      ...fields,
    }),
  );
  await issueDocument(db, me.companyId, id);
  const doc = (await getDocument(db, me.companyId, id))!;
  const session = await signInApi(db, me.user);
  const preview = await import("~/routes/_app.invoice.preview");
  const answer = await call(preview.loader, db, `/invoice/preview?id=${id}`, {
    headers: { Cookie: session.cookie },
  });
  const { model } = (await answer.json()) as { model: PrintModel };
  const facts = model.facts.map((f) => `${f.label}: ${f.value}`).join("\n");
  return { pdf: pdfText((await storedPdf(db, doc)).data), facts };
}

describe("reverse charge on the printed document", () => {
  it("a services invoice to an EU business (чл. 21, ал. 2) says «Обратно начисляване» in Bulgarian", {
    timeout: 60_000,
  }, async () => {
    const { pdf, facts } = await issued("bg");
    expect(facts).toContain(
      "Основание за неначисляване на ДДС: Обратно начисляване — чл. 21, ал. 2 от ЗДДС",
    );
    expect(pdf).toContain("Обратно начисляване — чл. 21, ал. 2 от ЗДДС");
  });

  it("in English it says «Reverse charge»; bilingual, both side by side", {
    timeout: 60_000,
  }, async () => {
    const english = await issued("en");
    // The ground in English too (issue #41 item 5: vat_grounds.text_en).
    expect(english.facts).toContain(
      "Reason for not charging VAT: Reverse charge — Art. 21(2) of the Bulgarian VAT Act",
    );
    expect(english.pdf).toContain("Reverse charge");
    const both = await issued("bilingual");
    expect(both.facts).toContain("Обратно начисляване / Reverse charge — чл. 21, ал. 2 от ЗДДС");
    expect(both.pdf).toContain("Обратно начисляване / Reverse charge");
  });

  it("so does чл. 82, ал. 2; an intra-Community supply of goods or a 20 % invoice does not", {
    timeout: 60_000,
  }, async () => {
    expect((await issued("bg", { vatGround: "чл. 82, ал. 2 от ЗДДС" })).facts).toContain(
      "Обратно начисляване — чл. 82, ал. 2 от ЗДДС",
    );
    const goods = await issued("en", {
      vatGround: "чл. 53, ал. 1 от ЗДДС",
      lines: [{ description: "Goods", quantity: "1", unitPrice: "100", vatRate: 0 }],
    });
    expect(goods.facts).toContain("Art. 53(1) of the Bulgarian VAT Act");
    expect(goods.facts).not.toContain("Reverse charge");
    const standard = await issued("bg", {
      vatGround: undefined,
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    });
    expect(standard.pdf).not.toContain("Обратно начисляване");
  });
});
