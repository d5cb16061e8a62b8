import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import type { PrintModel } from "~/modules/invoices/print";
import { storedPdf } from "~/modules/invoices/render.server";
import { action as profileAction, loader as profileLoader } from "~/routes/api.profile";
import { action as register } from "~/routes/api.register";
import { action as auth } from "~/routes/auth";
import { action as vatAction } from "~/routes/hatterscastle.vat-update";
import {
  createCompanyWithClient,
  createTestDraft,
  createUser,
  registrationPayload,
} from "../setup/factories";
import { botToken, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #41 item 5: an English document printed the supplier's name, address, place of issue,
 * unit, «Issued by» and the legal ground in Cyrillic. The company keeps its details in English
 * (the issuer's name in Latin among them), the units and the grounds have their English, the
 * English PDF prints them (a bilingual one both), and issuing an English draft without them warns.
 */

const getDb = setupTestDatabase();

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-en-")), "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
};

const ENGLISH = {
  nameEn: "Alpha Trade Ltd",
  addressEn: "5 Shipka Street",
  cityEn: "Plovdiv",
  issuerNameEn: "Mariya Georgieva",
};

async function englishCompany(details: Partial<typeof ENGLISH> = ENGLISH) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  await db.updateTable("companies").set(details).where("id", "=", me.companyId).execute();
  return me;
}

async function issuedPdf(
  me: Awaited<ReturnType<typeof createCompanyWithClient>>,
  language: "en" | "bilingual",
) {
  const db = getDb();
  const id = await createTestDraft(db, me, {
    language,
    placeOfIssue: "Пловдив",
    authorName: "Мария Георгиева",
    vatGround: "чл. 21, ал. 2 от ЗДДС",
    lines: [
      {
        description: "Software licence",
        quantity: "2",
        unit: "бр.",
        unitPrice: "100",
        vatRate: null,
      },
      { description: "Consulting", quantity: "3", unit: "час", unitPrice: "50", vatRate: null },
    ],
  });
  await issueDocument(db, me.companyId, id);
  const doc = (await getDocument(db, me.companyId, id))!;
  return pdfText((await storedPdf(db, doc)).data);
}

describe("English documents", () => {
  it("the English PDF prints the supplier, place of issue, units, «Issued by» and the legal ground in English", {
    timeout: 60_000,
  }, async () => {
    const text = await issuedPdf(await englishCompany(), "en");
    expect(text).toContain("Alpha Trade Ltd");
    expect(text).toContain("5 Shipka Street, 4000 Plovdiv, Bulgaria");
    expect(text).toMatch(/Place of issue:? Plovdiv/);
    expect(text).toMatch(/\bpcs\b/);
    expect(text).toMatch(/\bhour\b/);
    expect(text).toContain("Mariya Georgieva");
    expect(text).toContain("Reverse charge — Art. 21(2) of the Bulgarian VAT Act");
    expect(text).toContain("Art. 196 of Directive 2006/112/EC");
    // Nothing of the supplier's is left in Cyrillic (the client has no English name: it stays).
    for (const cyrillic of ["Шипка", "Пловдив", "Мария", "бр.", "час", "ЗДДС"]) {
      expect(text).not.toContain(cyrillic);
    }
  });

  it("without the issuer's Latin name, «Issued by» is the name transliterated", {
    timeout: 60_000,
  }, async () => {
    const text = await issuedPdf(
      await englishCompany({ ...ENGLISH, issuerNameEn: undefined }),
      "en",
    );
    expect(text).toContain("Maria Georgieva");
    expect(text).not.toContain("Мария");
  });

  it("a bilingual PDF prints both: units, ground and issuer side by side", {
    timeout: 60_000,
  }, async () => {
    const text = await issuedPdf(await englishCompany(), "bilingual");
    expect(text).toContain("бр. / pcs");
    expect(text).toContain("час / hour");
    expect(text).toContain("Мария Георгиева / Mariya Georgieva");
    // The ground wraps beside its label: pdftotext reads the label's second line in between.
    expect(text).toContain("чл. 21, ал. 2 от ЗДДС / Art. 21(2) of the");
    expect(text).toContain("Bulgarian VAT Act; Art. 44 and Art. 196 of Directive 2006/112/EC");
    expect(text).toContain("Пловдив / Plovdiv");
    expect(text).toContain("5 Shipka Street, 4000 Plovdiv, Bulgaria");
  });

  it("an English draft of a company without English details warns before issuing, with a link to fix them; issuing still works", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const session = await signInApi(db, me.user);
    const page = await import("~/routes/_app.invoice.$id");
    const lines = [{ description: "Consulting", quantity: "1", unitPrice: "100", vatRate: 20 }];
    const english = await createTestDraft(db, me, { language: "en", lines });
    const bulgarian = await createTestDraft(db, me, { language: "bg", lines });
    const load = async (id: string) => {
      const answer = await call(page.loader, db, `/invoice/${id}`, {
        params: { id },
        headers: { Cookie: session.cookie },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { englishMissing: string[]; englishFix: boolean };
    };
    expect(await load(english)).toMatchObject({
      englishMissing: ["nameEn", "addressEn", "cityEn"],
      englishFix: true,
    });
    expect((await load(bulgarian)).englishMissing).toEqual([]);

    await db
      .updateTable("companies")
      .set({ nameEn: "Alpha Trade Ltd", cityEn: "Plovdiv" })
      .where("id", "=", me.companyId)
      .execute();
    expect((await load(english)).englishMissing).toEqual(["addressEn"]);

    // A warning, not a refusal: «Да, издай» issues the draft.
    const issued = await call(page.action, db, `/invoice/${english}`, {
      params: { id: english },
      method: "POST",
      body: new URLSearchParams({ intent: "issue", confirm: "yes", _company: me.companyId }),
      headers: {
        Cookie: session.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(issued.status).toBe(302);
    expect((await getDocument(db, me.companyId, english))?.status).toBe("issued");
    expect((await load(english)).englishMissing).toEqual([]);
  });

  it("the English preview's model says the same (units, ground, issuer)", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await englishCompany();
    const id = await createTestDraft(db, me, {
      language: "en",
      authorName: "Мария Георгиева",
      vatGround: "чл. 28 от ЗДДС",
      lines: [{ description: "Goods", quantity: "1", unit: "кг", unitPrice: "10", vatRate: 0 }],
    });
    const session = await signInApi(db, me.user);
    const preview = await import("~/routes/_app.invoice.preview");
    const answer = await call(preview.loader, db, `/invoice/preview?id=${id}`, {
      headers: { Cookie: session.cookie },
    });
    const { model } = (await answer.json()) as { model: PrintModel };
    expect(model.rows[0]?.unit).toBe("kg");
    expect(model.facts).toContainEqual({
      label: "Reason for not charging VAT",
      value:
        "Art. 28 of the Bulgarian VAT Act; Art. 146 of Directive 2006/112/EC: export outside the EU",
    });
    expect(model.signatures[0]).toEqual({ label: "Issued by", value: "Mariya Georgieva" });
    expect(model.parties[0]?.name).toBe("Alpha Trade Ltd");
  });
});

describe("issuing through the API", () => {
  it("POST /api/invoices/{id}/issue issues an English draft and answers with the warning; a Bulgarian one has none", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const session = await signInApi(db, me.user);
    const { action: issue } = await import("~/routes/api.invoices.$id.issue");
    const lines = [{ description: "Consulting", quantity: "1", unitPrice: "100", vatRate: 20 }];
    const issueNow = async (language: string) => {
      const id = await createTestDraft(db, me, { language, lines });
      const answer = await call(issue, db, `/api/invoices/${id}/issue`, {
        method: "POST",
        headers: session.bearer,
        params: { id },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { status: string; warnings: string[] };
    };
    expect(await issueNow("en")).toMatchObject({
      status: "issued",
      warnings: [
        "Документът е на английски, а на фирмата липсват на английски името на фирмата, адресът и градът (мястото на издаване): те ще се отпечатат на кирилица.",
      ],
    });
    expect((await issueNow("bg")).warnings).toEqual([]);
  });
});

describe("a legal ground's English", () => {
  it("the back office adds a ground with its English; an English document prints it", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const boss = await createUser(db, { role: "admin" });
    const { cookie } = await signInApi(db, boss);
    const added = await call(
      vatAction,
      db,
      "/hatterscastle/vat-update",
      formBody(
        {
          intent: "add-ground",
          text: "чл. 30 от ЗДДС",
          textEn: "Art. 30 of the Bulgarian VAT Act: international transport",
          label: "Международен транспорт",
          kind: "zero",
          validFrom: "2026-01-01",
        },
        { Cookie: cookie },
      ),
    );
    expect(added.status).toBe(302);
    const me = await englishCompany();
    const id = await createTestDraft(db, me, {
      language: "en",
      vatGround: "чл. 30 от ЗДДС",
      lines: [{ description: "Freight", quantity: "1", unitPrice: "10", vatRate: 0 }],
    });
    const session = await signInApi(db, me.user);
    const preview = await import("~/routes/_app.invoice.preview");
    const answer = await call(preview.loader, db, `/invoice/preview?id=${id}`, {
      headers: { Cookie: session.cookie },
    });
    const { model } = (await answer.json()) as { model: PrintModel };
    expect(model.facts).toContainEqual({
      label: "Reason for not charging VAT",
      value: "Art. 30 of the Bulgarian VAT Act: international transport",
    });
  });
});

describe("the company's English details in sign-up and in the profile", () => {
  it("sign-up keeps the issuer's Latin name; GET /api/profile shows the details, PUT changes them, Cyrillic is refused", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const payload = registrationPayload({
      useEnglishInvoices: true,
      companyNameEn: "Alpha Trade Ltd",
      companyAddressEn: "5 Shipka Street",
      companyCityEn: "Plovdiv",
      companyIssuerNameEn: "Ivan Petrov",
      recaptchaToken: botToken(),
    });
    const created = await call(register, db, "/api/register", jsonBody(payload));
    expect(created.status).toBe(201);
    const session = await signInApi(db, { email: payload.username, password: payload.password });

    const read = async () =>
      (await (
        await call(profileLoader, db, "/api/profile", { headers: session.bearer })
      ).json()) as { company: Record<string, unknown> };
    expect((await read()).company).toMatchObject({
      companyNameEn: "Alpha Trade Ltd",
      companyAddressEn: "5 Shipka Street",
      companyCityEn: "Plovdiv",
      companyIssuerNameEn: "Ivan Petrov",
      useEnglishInvoices: true,
    });

    const { company } = await read();
    const fields = { firstName: "Иван", lastName: "Петров", ...company };
    delete (fields as Record<string, unknown>).id;
    delete (fields as Record<string, unknown>).eik;
    const saved = await call(
      profileAction,
      db,
      "/api/profile",
      jsonBody({ ...fields, companyIssuerNameEn: "Ivan Petroff" }, "PUT", session.bearer),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await read()).company.companyIssuerNameEn).toBe("Ivan Petroff");

    const refused = await call(
      profileAction,
      db,
      "/api/profile",
      jsonBody({ ...fields, companyIssuerNameEn: "Иван Петров" }, "PUT", session.bearer),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.companyIssuerNameEn).toEqual({
      _errors: [MESSAGES.latinName],
    });
    expect((await read()).company.companyIssuerNameEn).toBe("Ivan Petroff");
  });

  it("the sign-up wizard's last step, without JavaScript, keeps the issuer's Latin name; Cyrillic there is refused with what was typed kept", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const payload = registrationPayload({ companyType: "company" });
    const post = (fields: Record<string, string>) =>
      call(auth, db, "/auth?tab=register", formBody({ intent: "register", ...fields }));
    const text = (value: unknown) => (value === true ? "on" : value === false ? "" : String(value));
    const pick = (keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, text(payload[k as keyof typeof payload])]));
    const one = await post({
      step: "1",
      direction: "next",
      ...pick(["username", "password"]),
      confirmPassword: payload.password,
    });
    const afterOne = (await one.json()) as { values: Record<string, string> };
    const two = await post({
      step: "2",
      direction: "next",
      ...afterOne.values,
      ...pick([
        "firstName",
        "lastName",
        "companyType",
        "companyName",
        "companyVat",
        "companyAddress",
        "companyCity",
        "postalCode",
        "country",
      ]),
    });
    const afterTwo = (await two.json()) as { step: number; values: Record<string, string> };
    expect(afterTwo.step).toBe(3);
    const step3 = {
      ...afterTwo.values,
      ...pick([
        "isVatRegistered",
        "vatNumber",
        "companyBankAccount",
        "companyBankName",
        "companyBankBic",
      ]),
      useEnglishInvoices: "on",
      companyNameEn: "Alpha Trade Ltd",
      companyAddressEn: "5 Shipka Street",
      companyCityEn: "Plovdiv",
      step: "3",
      direction: "next",
      notRobot: "on",
    };
    const refused = await post({
      ...step3,
      companyIssuerNameEn: "Иван Петров",
      recaptchaToken: botToken(),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as {
      fieldErrors: Record<string, string>;
      repopulateFields?: Record<string, string>;
    };
    expect(answer.fieldErrors.companyIssuerNameEn).toBe(MESSAGES.latinName);
    expect(answer.repopulateFields).toMatchObject({
      companyNameEn: "Alpha Trade Ltd",
      companyIssuerNameEn: "Иван Петров",
      useEnglishInvoices: "on",
    });

    const created = await post({
      ...step3,
      companyIssuerNameEn: "Ivan Petrov",
      recaptchaToken: botToken(),
    });
    expect(created.status).toBe(302);
    const company = await db
      .selectFrom("companies")
      .select(["nameEn", "addressEn", "cityEn", "issuerNameEn", "useEnglishInvoices"])
      .where("eik", "=", payload.companyVat)
      .executeTakeFirstOrThrow();
    expect(company).toEqual({
      nameEn: "Alpha Trade Ltd",
      addressEn: "5 Shipka Street",
      cityEn: "Plovdiv",
      issuerNameEn: "Ivan Petrov",
      useEnglishInvoices: true,
    });
  });
});
