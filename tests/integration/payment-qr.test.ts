import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runJob } from "~/composition.server";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { documentPageData } from "~/modules/invoices/page.server";
import { documentPayload, EPC_MAX_BYTES, epcPayload } from "~/modules/invoices/payment-qr.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { storedPdf } from "~/modules/invoices/render.server";
import { action as send } from "~/routes/api.invoices.$id.send";
import { startMailbox } from "../e2e/mailbox";
import { makeContext } from "../setup/context";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, jsonBody, sessionFor } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 item 1 (decision 068): the EPC QR code (EPC069-12, version 002, SEPA credit transfer)
 * on every issued euro invoice, debit note and proforma with an amount due and the company's IBAN —
 * in the PDF in every language, on the document's page and in its e-mail — read back the way a
 * banking app reads it: the page drawn (pdftoppm), the code decoded (zbarimg).
 */

const getDb = setupTestDatabase();
const IBAN = "BG80BNBG96611020345678";
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }];

/** What a phone's banking app reads from the image: every QR code on it, decoded. */
function decode(image: { png?: Uint8Array; pdf?: Buffer }): string[] {
  const dir = mkdtempSync(join(tmpdir(), "epc-"));
  if (image.pdf) {
    writeFileSync(join(dir, "doc.pdf"), image.pdf);
    execFileSync("pdftoppm", ["-r", "200", "-png", join(dir, "doc.pdf"), join(dir, "page")]);
  } else writeFileSync(join(dir, "page-1.png"), image.png!);
  const pages = readdirSync(dir).filter((n) => n.startsWith("page") && n.endsWith(".png"));
  const found: string[] = [];
  for (const page of pages.sort()) {
    let out = "";
    try {
      out = execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", join(dir, page)], {
        stdio: ["ignore", "pipe", "ignore"],
      }).toString("utf8");
    } catch {
      // zbarimg exits 4 when a page holds no code.
    }
    if (out) found.push(out.replace(/\n$/, ""));
  }
  return found;
}

let made = 0;

async function issued(fields: Record<string, unknown> = {}) {
  made += 1;
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const company = await db
    .updateTable("companies")
    .set({ name: `Дизайн Студио „Слънце“ ${made} ЕООД`, bankIban: IBAN, bankBic: "BNBGBGSD" })
    .where("id", "=", me.companyId)
    .returning("name")
    .executeTakeFirstOrThrow();
  const id = await createTestDraft(db, me, { currency: "EUR", lines: LINES, ...fields });
  const doc = await issueDocument(db, me.companyId, id);
  return { db, me, id, number: doc.number as string, companyName: company.name };
}

describe("the EPC payload", () => {
  it("writes the standard's fields in order, LF between them, nothing after the text", () => {
    expect(
      epcPayload({
        bic: "bnbg bgsd",
        name: "Фирма ООД",
        iban: "BG80 BNBG 9661 1020 3456 78",
        amountCents: 120_000,
        text: "Фактура № 0000000001",
      }),
    ).toBe(
      "BCD\n002\n1\nSCT\nBNBGBGSD\nФирма ООД\nBG80BNBG96611020345678\nEUR1200.00\n\n\nФактура № 0000000001",
    );
    // Without a BIC (optional in version 002 within the EEA), a name cut to 70, a line break gone.
    const long = epcPayload({
      bic: null,
      name: `${"Я".repeat(80)}`,
      iban: IBAN,
      amountCents: 1,
      text: "Ред 1\nред 2",
    })!;
    const fields = long.split("\n");
    expect(fields[4]).toBe("");
    expect(Array.from(fields[5]!)).toHaveLength(70);
    expect(fields[7]).toBe("EUR0.01");
    expect(fields[10]).toBe("Ред 1 ред 2");
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
    // What the standard cannot carry is no code at all.
    const base = { bic: null, name: "Фирма", iban: IBAN, text: "x" };
    expect(epcPayload({ ...base, amountCents: 0 })).toBeNull();
    expect(epcPayload({ ...base, amountCents: 100_000_000_000 })).toBeNull();
    expect(epcPayload({ ...base, iban: "не е IBAN", amountCents: 100 })).toBeNull();
  });

  it("is made for issued euro invoices, debit notes and proformas paid by bank with something due", () => {
    const supplier = { name: "Фирма", bankIban: IBAN, bankBic: null };
    const doc = {
      type: "invoice" as const,
      status: "issued" as const,
      number: "0000000007",
      currency: "EUR",
      paymentMethod: "bank",
      language: "bg" as const,
      dueCents: 5_000,
    };
    expect(documentPayload(doc, supplier)?.endsWith("\nФактура № 0000000007")).toBe(true);
    expect(documentPayload({ ...doc, type: "proforma" }, supplier)).toContain("Проформа фактура №");
    expect(documentPayload({ ...doc, type: "debit_note", language: "en" }, supplier)).toContain(
      "\nDebit note No. 0000000007",
    );
    expect(documentPayload({ ...doc, type: "credit_note" }, supplier)).toBeNull();
    expect(documentPayload({ ...doc, status: "draft" }, supplier)).toBeNull();
    expect(documentPayload({ ...doc, currency: "USD" }, supplier)).toBeNull();
    expect(documentPayload({ ...doc, paymentMethod: "cash" }, supplier)).toBeNull();
    expect(documentPayload({ ...doc, dueCents: 0 }, supplier)).toBeNull();
    expect(documentPayload(doc, { ...supplier, bankIban: null })).toBeNull();
  });
});

describe("the code on the documents", () => {
  it("the PDF in Bulgarian, English and both carries a code a banking app reads, every field as the standard says", {
    timeout: 60_000,
  }, async () => {
    for (const language of ["bg", "en", "bilingual"] as const) {
      const { db, me, id, number, companyName } = await issued({ language });
      const doc = (await getDocument(db, me.companyId, id))!;
      const codes = decode({ pdf: (await storedPdf(db, doc)).data });
      const title = language === "en" ? `Invoice No. ${number}` : `Фактура № ${number}`;
      expect(codes, language).toEqual([
        ["BCD", "002", "1", "SCT", "BNBGBGSD", companyName, IBAN, "EUR1200.00", "", "", title].join(
          "\n",
        ),
      ]);
    }
  });

  it("a credit note and a document paid in cash carry none", {
    timeout: 60_000,
  }, async () => {
    const { db, me, id } = await issued();
    const note = await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, {
        type: "credit_note",
        originalId: id,
        reason: "Отстъпка",
        currency: "EUR",
        lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
      }),
    );
    const cash = await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, { currency: "EUR", paymentMethod: "cash", lines: LINES }),
    );
    for (const made of [note, cash]) {
      const doc = (await getDocument(db, me.companyId, made.id))!;
      expect(decode({ pdf: (await storedPdf(db, doc)).data }), doc.type).toEqual([]);
    }
  });

  it("the document's page shows the code for what is due now; paid in full, none", async () => {
    const { db, me, id } = await issued();
    const page = async () =>
      documentPageData(db, me.companyId, (await getDocument(db, me.companyId, id))!);
    expect((await page()).model.payment?.lines.at(-1)).toMatch(
      /^Дължимо: 1\s200,00 EUR · IBAN BG80/,
    );
    const pay = async (amount: number, paidOn: string) =>
      addPayment(db, me.companyId, (await getDocument(db, me.companyId, id))!, {
        paidOn,
        amount,
        method: "bank",
        note: null,
      });
    await pay(20_000, "2026-11-21");
    const partly = (await page()).model.payment;
    expect(partly?.lines.at(-1)).toMatch(/^Дължимо: 1\s000,00 EUR/);
    expect(partly?.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    await pay(100_000, "2026-11-22");
    expect((await page()).model.payment ?? null).toBeNull();
  });

  it("the e-mail shows the code as an inline image that decodes to the same payload", {
    timeout: 60_000,
  }, async () => {
    const { db, me, id, number } = await issued();
    await db
      .updateTable("clients")
      .set({ emails: ["buh@klient.bg"] })
      .where("id", "=", me.clientId)
      .execute();
    const { bearer } = await sessionFor(db, me.user);
    const mailbox = await startMailbox();
    try {
      const config = { mail: { smtpUrl: mailbox.url, from: "Сметка <no-reply@smetka.bg>" } };
      const sent = await call(send, db, "/x", {
        ...jsonBody({}, "POST", bearer),
        params: { id },
        config: config as never,
      });
      expect(sent.status).toBeLessThan(300);
      const { email } = (await sent.json()) as { email: { id: string; status: string } };
      if (email.status !== "sent") {
        await runJob(makeContext(db, config as never), "mail.document", { emailId: email.id });
      }
      const mail = await mailbox.waitFor("buh@klient.bg", `Фактура № ${number}`);
      const image = mail.parts.find((p) => p.filename === "QR-плащане.png");
      expect(image?.contentId).toMatch(/payment-qr@smetka/);
      expect(mail.html).toContain('src="cid:payment-qr@smetka"');
      expect(mail.text).toContain("Плащане с QR код");
      const [payload] = decode({ png: image!.content });
      expect(payload?.split("\n").slice(6)).toEqual([
        IBAN,
        "EUR1200.00",
        "",
        "",
        `Фактура № ${number}`,
      ]);
    } finally {
      await mailbox.close();
    }
  });
});
