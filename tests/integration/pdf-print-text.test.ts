import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { printableText } from "~/modules/invoices/print-text";
import { documentSchema } from "~/modules/invoices/schema";
import { pdfHasGlyph } from "~/modules/pdf/fonts.server";
import { action as pageAction } from "~/routes/_app.invoice.$id";
import { loader as pdfLoader } from "~/routes/invoice.$id.pdf";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #25, item 6: the English PDF reads «Quantity», the supplier in its English name and
 * address, «Issued by» with a name after a proforma is converted; no PDF prints a missing-glyph
 * box or a control character (an address typed with «\r\n», a stray control, a letter the fonts
 * lack). Read as a customer reads it: the downloaded PDF's text (pdftotext).
 */

const getDb = setupTestDatabase();

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-print-")), "doc.pdf");
  writeFileSync(file, pdf);
  if (process.env.KEEP_PDF) writeFileSync(join(process.env.KEEP_PDF, `${Date.now()}.pdf`), pdf);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8");
};
const flat = (text: string) => text.replace(/\s+/g, " ");
/** What pdftotext writes that no document has: controls (but its line and page breaks), U+FFFD. */
const stray = (text: string) =>
  [...text].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\n" || char === "\f") return false;
    return (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      [0xad, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0xfffd].includes(code)
    );
  });

async function customer(company: Record<string, unknown> = {}) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  if (Object.keys(company).length)
    await db.updateTable("companies").set(company).where("id", "=", me.companyId).execute();
  const session = await signInApi(db, me.user);
  const download = async (id: string) => {
    const answer = await call(pdfLoader, db, `/invoice/${id}/pdf`, {
      headers: { Cookie: session.cookie },
      params: { id },
    });
    expect(answer.status).toBe(200);
    return pdfText(Buffer.from(await answer.arrayBuffer()));
  };
  return { db, me, session, download };
}

const document = (clientId: string, fields: Record<string, unknown> = {}) =>
  documentSchema.parse({
    type: "invoice",
    clientId,
    issueDate: "2026-11-20",
    currency: "EUR",
    lines: [{ description: "Consulting", quantity: "2", unit: "h", unitPrice: "400", vatRate: 20 }],
    ...fields,
  });

describe("the printed document's text", () => {
  it("in English: «Quantity», and the supplier's English name, address and city from the profile", {
    timeout: 60_000,
  }, async () => {
    const { db, me, download } = await customer({
      nameEn: "Alpha Consult Ltd",
      addressEn: "5 Shipka Str.",
      cityEn: "Plovdiv",
      bankNameEn: "Bulgarian National Bank",
    });
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      document(me.clientId, { language: "en", placeOfIssue: "Пловдив" }),
    );
    await issueDocument(db, me.companyId, id);
    const text = flat(await download(id));
    expect(text).toContain("Quantity");
    expect(text).not.toMatch(/(^|[^Q])uantity/);
    expect(text).toContain("Alpha Consult Ltd");
    expect(text).toContain("Address: 5 Shipka Str., 4000 Plovdiv, Bulgaria");
    expect(text).toContain("Place of issue: Plovdiv");
    expect(text).toContain("Bulgarian National Bank");
    // The Bulgarian name and address are not on the English supplier.
    expect(text).not.toContain("ул. Шипка 5");
    expect(text).not.toContain("Пловдив");
  });

  it("an English document of a company without English details keeps the Bulgarian ones", {
    timeout: 60_000,
  }, async () => {
    const { db, me, download } = await customer();
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      document(me.clientId, { language: "en" }),
    );
    await issueDocument(db, me.companyId, id);
    const text = flat(await download(id));
    expect(text).toContain("Address: ул. Шипка 5, 4000 Пловдив, Bulgaria");
    expect(text).toContain("Place of issue: Пловдив");
  });

  it("a proforma converted to an invoice keeps «Issued by» (the proforma's, else who converted it)", {
    timeout: 60_000,
  }, async () => {
    const { db, me, session, download } = await customer({ nameEn: "Alpha Consult Ltd" });
    const convert = async (authorName: string | undefined) => {
      const proforma = await createDraft(
        db,
        me.companyId,
        me.user.id,
        document(me.clientId, { type: "proforma", language: "en", authorName }),
      );
      await issueDocument(db, me.companyId, proforma);
      const answer = await call(pageAction, db, `/invoice/${proforma}`, {
        ...formBody({ intent: "convert" }, { Cookie: session.cookie }),
        params: { id: proforma },
      });
      expect(answer.status).toBe(302);
      const id = answer.headers.get("Location")!.split("/").pop()!;
      await issueDocument(db, me.companyId, id);
      return flat(await download(id));
    };
    const withAuthor = await convert("Ivan Petrov");
    expect(withAuthor).toContain("INVOICE");
    expect(withAuthor).toMatch(/Issued by: Ivan Petrov/);
    // A proforma issued without a name: the invoice names the one who converted it (in Latin on
    // an English document, issue #41 item 5: «Мария Георгиева» transliterated).
    expect(await convert(undefined)).toMatch(/Issued by: Maria Georgieva/);
  });

  it("an address typed with «\\r\\n», a control character or a letter the fonts lack prints no box", {
    timeout: 60_000,
  }, async () => {
    const { db, me, download } = await customer({
      address: "ж.к. „Младост“ 1, бл. 12,\r\nвх. Б\u0007, ет. 3\u2028ап. 7\u00ad",
      postalCode: "1680",
      city: "София",
    });
    // In the bilingual box the client's address wraps after «София,», where the Cyrillic and
    // Latin fonts meet: react-pdf broke the line there with a hyphen the Cyrillic font lacks.
    await db
      .updateTable("clients")
      .set({ name: "Клиент „Бета“ ООД\u200b" })
      .where("id", "=", me.clientId)
      .execute();
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      document(me.clientId, {
        language: "bilingual",
        lines: [
          // «ﬀ» (U+FB00) and «😀» are in no embedded font; «ü», «ß», «α» are.
          {
            description: "Услуга ﬀ 😀 Müller Straße α",
            quantity: "1",
            unitPrice: "10",
            vatRate: 20,
          },
        ],
      }),
    );
    await issueDocument(db, me.companyId, id);
    const raw = await download(id);
    expect(stray(raw)).toEqual([]);
    const text = flat(raw);
    expect(text).toContain("ж.к. „Младост“ 1, бл. 12,");
    expect(text).toContain("вх. Б, ет. 3 ап. 7, 1680 София, България");
    expect(text).toContain("Клиент „Бета“ ООД");
    expect(text).toContain("бул. Витоша 10, 1000 София, България");
    expect(text).toContain("Услуга ff ? Müller Straße α");
    // No hyphen appears where a line broke inside «София,» (it printed as a box).
    expect(text).not.toMatch(/София-/);
  });
});

describe("printableText", () => {
  it("keeps text as typed, writes line breaks as «\\n», drops controls and invisible marks", () => {
    expect(printableText("ул. „Витоша“ № 15")).toBe("ул. „Витоша“ № 15");
    expect(printableText("a\r\nb\rc\u2028d\u0085e\tf")).toBe("a\nb\nc\nd\ne f");
    expect(printableText("a\u0000\u0007\u001b\u007f\u009fb\u00ad\u200b\u200e\u202e\ufeffc")).toBe(
      "abc",
    );
    expect(printableText("и\u0306")).toBe("й");
    expect(printableText("x\ud800y")).toBe("xy");
  });

  it("with the PDF's fonts, writes what they lack without accents or as «?»", () => {
    expect(pdfHasGlyph("Я".codePointAt(0)!)).toBe(true);
    expect(pdfHasGlyph("ü".codePointAt(0)!)).toBe(true);
    expect(pdfHasGlyph("€".codePointAt(0)!)).toBe(true);
    expect(pdfHasGlyph("№".codePointAt(0)!)).toBe(true);
    expect(pdfHasGlyph("😀".codePointAt(0)!)).toBe(false);
    expect(printableText("София 😀 ﬀ 中 →", pdfHasGlyph)).toBe("София ? ff ? ?");
  });
});
