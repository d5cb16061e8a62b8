import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { issueDocument } from "~/modules/invoices/documents.server";
import { addAnalyticAccount } from "~/modules/ledger/accounts.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { saftProblems } from "~/modules/saft/problems.server";
import { vatReport } from "~/modules/vat/report.server";
import { action as accountsAction } from "~/routes/_app.ledger_.accounts";
import { loader as saftPage } from "~/routes/_app.ledger_.saft";
import { loader } from "~/routes/api.saft.$month";
import { loader as saftDownload } from "~/routes/ledger.saft[.]xml";
import * as correction from "~db/migrations/20261201T0500-saft-account-codes";
import { createCompanyOnPlan, createTestDraft } from "../setup/factories";
import { buildLedgerMonth } from "../setup/ledger-month";
import { call, formBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #46 item 1 (decision 063): the monthly SAF-T file of the issue's «done when» month is
 * valid against НАП's schema (xmllint in WebAssembly, tests/fixtures/saft: НАП's published XSD),
 * its ledger totals are the trial balance's turnover, its invoices' totals the VAT journals'.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const XSD = path.resolve(__dirname, "../fixtures/saft/BG_SAFT_Schema_V_1.0.1.xsd");

const cents = (text: string | undefined) => Math.round(Number(text ?? "NaN") * 100);
/** The text of the first `<name>` inside the first `<section>`. */
function inSection(xml: string, section: string, name: string) {
  const body = xml.slice(xml.indexOf(`<${section}>`), xml.indexOf(`</${section}>`));
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
}
function sumAll(xml: string, section: string, re: RegExp) {
  const body = xml.slice(xml.indexOf(`<${section}>`), xml.indexOf(`</${section}>`));
  return [...body.matchAll(re)].reduce((s, m) => s + cents(m[1]), 0);
}

async function fetchFile(cookie: string, month = MONTH) {
  return call(loader, getDb(), `/api/saft/${month}`, {
    params: { month },
    headers: { Cookie: cookie },
  });
}

async function download(cookie: string, month = MONTH) {
  return call(saftDownload, getDb(), `/ledger/saft.xml?month=${month}`, {
    headers: { Cookie: cookie },
  });
}

type SaftPage = {
  month: string;
  error: string | null;
  problems: { what: string; message: string; href: string }[];
  fileName: string | null;
};
async function openPage(cookie: string, query = `?month=${MONTH}`) {
  const response = await call(saftPage, getDb(), `/ledger/saft${query}`, {
    headers: { Cookie: cookie },
  });
  return { status: response.status, data: (await response.json()) as SaftPage };
}

describe("GET /api/saft/{yyyy-MM}", () => {
  it("the «done when» month: a file valid against НАП's XSD whose totals are the trial balance's and the VAT journals'", {
    timeout: 180_000,
  }, async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    const other = await createCompanyOnPlan(db, "standard");
    await db
      .updateTable("clients")
      .set({ name: "Чужд Клиент ООД" })
      .where("companyId", "=", other.companyId)
      .execute();
    await issueDocument(
      db,
      other.companyId,
      await createTestDraft(db, other, {
        issueDate: `${MONTH}-03`,
        lines: [{ description: "Чужда услуга", quantity: "1", unitPrice: "10.00", vatRate: 20 }],
      }),
    );

    const { cookie } = await signInApi(db, me.user);
    const response = await fetchFile(cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(`SAFT-175074752-${MONTH}.xml`);
    const xml = await response.text();

    // The browser's download is the same file, byte for byte, and the page offers it.
    const shown = await openPage(cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.problems).toEqual([]);
    expect(shown.data.fileName).toBe(`SAFT-175074752-${MONTH}.xml`);
    const file = await download(cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toContain(`SAFT-175074752-${MONTH}.xml`);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(xml, "utf8"))).toBe(true);
    const trail = await db
      .selectFrom("companyAudit")
      .select(["action", "targetLabel"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "export")
      .execute();
    expect(trail).toEqual([{ action: "export", targetLabel: `SAFT-175074752-${MONTH}.xml` }]);

    const result = await validateXML({
      xml: [{ fileName: "saft.xml", contents: xml }],
      schema: [{ fileName: "BG_SAFT_Schema_V_1.0.1.xsd", contents: readFileSync(XSD, "utf8") }],
      maxMemoryPages: 16384,
    });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);

    // НАП's nomenclatures: every account code is in NRA_Nom_Accounts, units are UN/ECE Rec. 20,
    // VAT codes TAX-IMP's (decision 063).
    const nomenclature = new Set(
      readFileSync(path.resolve(__dirname, "../fixtures/saft/NRA_Nom_Accounts.codes.txt"), "utf8")
        .split("\n")
        .filter((line) => /^\d+$/.test(line)),
    );
    const accountIds = new Set(
      [...xml.matchAll(/<(?:Corresponding)?AccountID>([^<]*)<\//g)].map((m) => m[1] as string),
    );
    expect(accountIds.size).toBeGreaterThan(5);
    expect([...accountIds].filter((code) => !nomenclature.has(code))).toEqual([]);
    expect(accountIds.has("60212") || accountIds.has("60909") || accountIds.has("60105")).toBe(
      true,
    );
    for (const unit of ["H87", "HUR"])
      expect(xml).toContain(`<UnitOfMeasure>${unit}</UnitOfMeasure>`);
    expect(xml).not.toContain("p/st");
    for (const code of ["100211", "100213", "100331"])
      expect(xml).toContain(`<TaxCode>${code}</TaxCode>`);
    expect(xml).toContain("<TaxType>000</TaxType><TaxCode>000000</TaxCode>");
    expect(xml).not.toMatch(/<TaxCode>(VAT\d*|NOVAT)<\/TaxCode>/);
    expect(xml).toContain("<IsPartOfGroup>5</IsPartOfGroup>");
    expect(xml).toContain("<ProductCommodityCode>0</ProductCommodityCode>");

    // Escaped text, every kind of entry, another company's data nowhere.
    expect(xml).toContain("Уебсайт &amp; &lt;поддръжка&gt;");
    for (const kind of ["document", "payment", "expense", "expense_payment", "salary", "bank"]) {
      expect(xml).toContain(`<JournalID>${kind}</JournalID>`);
    }
    expect(xml).not.toContain("Чужд Клиент");
    expect(xml).not.toContain(other.companyId.replace(/-/g, ""));

    // GeneralLedgerEntries' totals are the trial balance's turnover of the month.
    const tb = await trialBalance(db, me.companyId, `${MONTH}-01`, `${MONTH}-31`);
    expect(cents(inSection(xml, "GeneralLedgerEntries", "TotalDebit"))).toBe(
      tb.totals.turnover.debitCents,
    );
    expect(cents(inSection(xml, "GeneralLedgerEntries", "TotalCredit"))).toBe(
      tb.totals.turnover.creditCents,
    );
    expect(tb.totals.turnover.debitCents).toBeGreaterThan(0);

    // SalesInvoices: the sales journal's documents (types 01–03); bases and VAT to the cent.
    const report = await vatReport(db, me.companyId, MONTH, true);
    const documents = report.sales.filter((r) => r.type !== "09");
    const base = (r: { amounts: Record<string, number | undefined> }, cols: string[]) =>
      cols.reduce((s, c) => s + (r.amounts[c] ?? 0), 0);
    const VAT = ["02-21", "02-22", "02-24"];
    const salesBase = documents.reduce(
      (s, r) =>
        s +
        base(
          r,
          Object.keys(r.amounts).filter((c) => !VAT.includes(c)),
        ),
      0,
    );
    const salesVat = documents.reduce((s, r) => s + base(r, VAT), 0);
    expect(Number(inSection(xml, "SalesInvoices", "NumberOfEntries"))).toBe(documents.length);
    expect(
      cents(inSection(xml, "SalesInvoices", "TotalCredit")) -
        cents(inSection(xml, "SalesInvoices", "TotalDebit")),
    ).toBe(salesBase);
    const credited = /<InvoiceType>03<\/InvoiceType>[\s\S]*?<\/Invoice>/g;
    const signedVat =
      sumAll(
        xml,
        "SalesInvoices",
        /<TaxInformationTotals>(?:(?!<\/TaxInformationTotals>).)*?<TaxAmount><Amount>([^<]*)</g,
      ) -
      2 *
        [
          ...xml
            .slice(xml.indexOf("<SalesInvoices>"), xml.indexOf("</SalesInvoices>"))
            .matchAll(credited),
        ]
          .map((m) => m[0])
          .reduce(
            (s, inv) =>
              s +
              sumAll(
                `<x>${inv}</x>`,
                "x",
                /<TaxInformationTotals>(?:(?!<\/TaxInformationTotals>).)*?<TaxAmount><Amount>([^<]*)</g,
              ),
            0,
          );
    expect(signedVat).toBe(salesVat);

    // PurchaseInvoices: the purchase journal's documents, protocols included; bases and VAT.
    const purchaseBase = report.purchases.reduce((s, r) => s + base(r, ["03-31", "03-32"]), 0);
    const purchaseVat = report.purchases.reduce((s, r) => s + base(r, ["03-41", "03-42"]), 0);
    expect(report.purchases.reduce((s, r) => s + base(r, ["03-30"]), 0)).toBe(0);
    expect(Number(inSection(xml, "PurchaseInvoices", "NumberOfEntries"))).toBe(
      report.purchases.length,
    );
    expect(
      cents(inSection(xml, "PurchaseInvoices", "TotalDebit")) -
        cents(inSection(xml, "PurchaseInvoices", "TotalCredit")),
    ).toBe(purchaseBase);
    expect(
      sumAll(
        xml,
        "PurchaseInvoices",
        /<TaxInformationTotals>(?:(?!<\/TaxInformationTotals>).)*?<TaxAmount><Amount>([^<]*)</g,
      ),
    ).toBe(purchaseVat);

    // The validator can fail: an account code outside the schema's pattern is refused.
    const broken = await validateXML({
      xml: [
        {
          fileName: "broken.xml",
          contents: xml.replace(/<AccountID>\d+<\/AccountID>/, "<AccountID>0</AccountID>"),
        },
      ],
      schema: [{ fileName: "BG_SAFT_Schema_V_1.0.1.xsd", contents: readFileSync(XSD, "utf8") }],
      maxMemoryPages: 16384,
    });
    expect(broken.valid).toBe(false);
  });

  it("a month that cannot be written: 409 with each problem and the page to fix it; staff 403; a bad month 400", {
    timeout: 120_000,
  }, async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    await db
      .updateTable("ledgerAccounts")
      .set({ saftCode: "" })
      .where("companyId", "=", me.companyId)
      .where("code", "=", "602")
      .execute();
    const cookie = (await signInApi(db, me.user)).cookie;
    const refused = await fetchFile(cookie);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as {
      message: string;
      problems: { what: string; message: string; href: string }[];
    };
    expect(body.message).toContain("SAF-T");
    expect(body.problems).toEqual([
      {
        what: expect.stringContaining("Сметка 602"),
        message: "Сметката няма код по номенклатурата на сметките на НАП.",
        href: "/ledger/accounts#account-602",
      },
    ]);

    // The page lists the same problem with its link; the browser's download sends back to it.
    const shown = await openPage(cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.problems).toEqual(body.problems);
    expect(shown.data.fileName).toBeNull();
    const sent = await download(cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/ledger/saft?month=${MONTH}`);
    expect(sent.headers.get("Set-Cookie")).toContain("toast");
    const badPage = await openPage(cookie, "?month=2025-12");
    expect(badPage.status).toBe(400);
    expect(badPage.data.error).toContain("гггг-мм");
    const badFile = await download(cookie, "2026-13").catch(
      (e: { status?: number; message?: string }) => e,
    );
    expect(badFile).toMatchObject({ status: 400, message: expect.stringContaining("гггг-мм") });

    const staff = await memberOf(db, me.companyId, "staff");
    expect((await fetchFile(staff.cookie)).status).toBe(403);
    expect((await download(staff.cookie)).status).toBe(403);
    const accountant = await memberOf(db, me.companyId, "accountant");
    expect((await fetchFile(accountant.cookie)).status).toBe(409);

    // The problem's link leads to the chart, where the code is set: refused outside 3–5 digits
    // (what was typed kept), refused to the staff, and then the file is written.
    const setCode = (who: string, saftCode: string, code = "602") =>
      call(accountsAction, db, "/ledger/accounts", {
        ...formBody(
          { intent: "saft-code", code, saftCode, _company: me.companyId },
          { Cookie: who },
        ),
      });
    for (const bad of ["", "0602", "60", "602001", "6o2"]) {
      const refusedCode = await setCode(cookie, bad);
      expect(refusedCode.status, bad).toBe(400);
      const text = await refusedCode.text();
      expect(text).toContain("от 3 до 5 цифри");
      if (bad) expect(text).toContain(bad);
    }
    // A code of the right shape that НАП's nomenclature does not have (602 is split there).
    const notNra = await setCode(cookie, "602");
    expect(notNra.status).toBe(400);
    expect(await notNra.text()).toContain("Код 602 няма в номенклатурата на сметките на НАП");
    // The staff is sent away (to /dashboard, with the toast), and nothing is written.
    const refusedStaff = await setCode(staff.cookie, "602");
    expect(refusedStaff.status).toBe(302);
    expect(refusedStaff.headers.get("Location")).toBe("/dashboard");
    expect((await setCode(cookie, "60212", "999")).status).toBe(404);
    expect((await fetchFile(cookie)).status).toBe(409);
    // An analytic account that took 602's (missing) code follows it; one with its own keeps it.
    await addAnalyticAccount(db, me.companyId, { code: "602-01", name: "Куриерски услуги" });
    await addAnalyticAccount(db, me.companyId, { code: "602-02", name: "Наеми" });
    await db
      .updateTable("ledgerAccounts")
      .set({ saftCode: "6021" })
      .where("companyId", "=", me.companyId)
      .where("code", "=", "602-02")
      .execute();
    const saved = await setCode(accountant.cookie, "60212");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/ledger/accounts#account-602");
    const trail = await db
      .selectFrom("companyAudit")
      .select(["action", "targetId", "details"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "ledger.saft-code")
      .execute();
    expect(trail).toEqual([
      {
        action: "ledger.saft-code",
        targetId: "602",
        details: { saftCode: { from: "", to: "60212" }, accounts: ["602", "602-01"] },
      },
    ]);
    const written = await fetchFile(cookie);
    expect(written.status).toBe(200);
    await written.body?.cancel();
    expect((await openPage(cookie)).data.problems).toEqual([]);
    for (const month of ["2025-12", "2026-13", "2099-01", "x"]) {
      const bad = await fetchFile(cookie, month);
      expect(bad.status, month).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toContain("гггг-мм");
    }
  });

  it("the chart's SAF-T codes follow НАП's nomenclature of accounts; the correction reaches the codes companies still carry", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const codes = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom("ledgerAccounts")
            .select(["code", "saftCode"])
            .where("companyId", "=", me.companyId)
            .where("code", "in", ["4538", "4539", "4613", "601", "602", "602-01", "609", "704"])
            .execute()
        ).map((a) => [a.code, a.saftCode]),
      );
    // A new company takes the corrected template (decision 063).
    expect(await codes()).toEqual({
      "4538": "4539",
      "4539": "4538",
      "4613": "463",
      "601": "60105",
      "602": "60212",
      "609": "60909",
      "704": "708",
    });
    // A company made before it: the old codes are corrected, the accountant's own code stays.
    const old: [string, string][] = [
      ["4538", "4538"],
      ["4539", "4539"],
      ["4613", "461"],
      ["601", "601"],
      ["602", "602"],
      ["609", "6099"],
      ["704", "704"],
    ];
    for (const [code, saftCode] of old) {
      await db
        .updateTable("ledgerAccounts")
        .set({ saftCode })
        .where("companyId", "=", me.companyId)
        .where("code", "=", code)
        .execute();
    }
    await addAnalyticAccount(db, me.companyId, { code: "602-01", name: "Куриерски услуги" });
    await correction.up(db);
    expect(await codes()).toEqual({
      "4538": "4539",
      "4539": "4538",
      "4613": "463",
      "601": "60105",
      "602": "60212",
      "602-01": "60212",
      "609": "6099",
      "704": "708",
    });
  });

  it("lists an account whose code is not in НАП's nomenclature of accounts", async () => {
    const db = getDb();
    const { me } = await buildLedgerMonth(db, MONTH);
    await db
      .updateTable("ledgerAccounts")
      .set({ saftCode: "602" })
      .where("companyId", "=", me.companyId)
      .where("code", "=", "602")
      .execute();
    expect(await saftProblems(db, me.companyId, MONTH)).toEqual([
      {
        what: expect.stringContaining("Сметка 602"),
        message: "Код «602» няма в номенклатурата на сметките на НАП.",
        href: "/ledger/accounts#account-602",
      },
    ]);
  });
});
