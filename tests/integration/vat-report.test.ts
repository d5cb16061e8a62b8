import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { cancelDocument, createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { documentSchema } from "~/modules/invoices/schema";
import { carriedRefund, checkReturnControls } from "~/modules/vat/journals.server";
import {
  amountText,
  DECLARATION_LAYOUT,
  encodeRecord,
  type Field,
  fitText,
  PURCHASES_LAYOUT,
  type Rewrite,
  SALES_LAYOUT,
  VIES_LAYOUTS,
  widthOf,
} from "~/modules/vat/layouts";
import { buildFiles, saveFilingSettings, vatReport } from "~/modules/vat/report.server";
import {
  createCompanyOnPlan,
  createCompanyWithClient,
  createTestExpense,
  setPlan,
  validEik,
} from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const MONTH = "2026-10";

/** Each field of a record, cut out by the layout's positions. */
function fieldsOf(layout: readonly Field[], record: string): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  for (const field of layout) {
    out[field.code] = record.slice(at, at + field.width);
    at += field.width;
  }
  return out;
}

describe("НАП's record layouts", () => {
  it("have the published widths: sales 424, purchases 274, return 590, VIES 15/373/368/27/66", () => {
    expect(widthOf(SALES_LAYOUT)).toBe(424);
    expect(widthOf(PURCHASES_LAYOUT)).toBe(274);
    expect(widthOf(DECLARATION_LAYOUT)).toBe(590);
    expect(widthOf(VIES_LAYOUTS.VHR)).toBe(15);
    expect(widthOf(VIES_LAYOUTS.VDR)).toBe(373);
    expect(widthOf(VIES_LAYOUTS.VTR)).toBe(368);
    expect(widthOf(VIES_LAYOUTS.TTR)).toBe(27);
    expect(widthOf(VIES_LAYOUTS.VIR)).toBe(66);
    expect(widthOf(VIES_LAYOUTS.CHR)).toBe(8);
  });

  it.each([
    ["sales", SALES_LAYOUT],
    ["purchases", PURCHASES_LAYOUT],
    ["return", DECLARATION_LAYOUT],
    ["VIES VIR", VIES_LAYOUTS.VIR],
  ] as const)("%s: every field at its place, aligned and padded as its kind says", (_, layout) => {
    const values: Record<string, string | number> = {};
    layout.forEach((field, i) => {
      values[field.code] =
        field.kind === "amount"
          ? (i % 2 ? -1 : 1) * (12345 + i)
          : field.kind === "int"
            ? i + 1
            : field.kind === "date"
              ? "2026-10-05"
              : String(i % 10).repeat(Math.min(2, field.width));
    });
    const record = encodeRecord(layout, values);
    expect(record).toHaveLength(widthOf(layout));
    const fields = fieldsOf(layout, record);
    layout.forEach((field, i) => {
      const cell = fields[field.code] ?? "";
      expect(cell, field.code).toHaveLength(field.width);
      if (field.kind === "amount") {
        expect(cell, field.code).toBe(
          amountText(values[field.code] as number).padStart(field.width),
        );
        expect(cell.trim(), field.code).toMatch(/^-?\d+\.\d\d$/);
      } else if (field.kind === "int") {
        expect(cell, field.code).toBe(String(i + 1).padStart(field.width));
      } else if (field.kind === "date") {
        expect(cell, field.code).toBe("05/10/2026");
      } else {
        expect(cell, field.code).toBe(String(values[field.code]).padEnd(field.width));
      }
    });
  });

  it("cuts a text longer than its field to the width, at a word when it can, and says so", () => {
    const rewrites: Rewrite[] = [];
    const record = encodeRecord(SALES_LAYOUT, { "02-08": "Я".repeat(51) }, (r) => rewrites.push(r));
    expect(fieldsOf(SALES_LAYOUT, record)["02-08"]).toBe("Я".repeat(50));
    expect(rewrites).toEqual([
      expect.objectContaining({ from: "Я".repeat(51), to: "Я".repeat(50), cut: true }),
    ]);
    expect(fitText("Алфа Бета Гама", 11)).toBe("Алфа Бета");
    expect(fitText("Алфа Бета Гама", 9)).toBe("Алфа Бета");
    expect(fitText("Алфа, Бета", 7)).toBe("Алфа");
    expect(fitText("А Бетагамаделта", 8)).toBe("А Бетага");
    expect(fitText("Кратко", 50)).toBe("Кратко");
    expect(amountText(-5)).toBe("-0.05");
    expect(amountText(123456)).toBe("1234.56");
  });
});

/** A VAT-registered company with clients for every kind of supply. */
/**
 * A month of every kind of document. `november: false` leaves out November's invoice, for a test
 * that issues one more October document after it (numbers follow dates: ППЗДДС чл. 78).
 */
async function business({ november = true } = {}) {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "standard");
  await db
    .updateTable("companies")
    .set({ vatNumber: "BG175074752" })
    .where("id", "=", me.companyId)
    .execute();
  const client = (fields: Record<string, unknown>) =>
    createClient(
      db,
      me.companyId,
      clientSchema.parse({ address: "Main St 1", city: "Berlin", ...fields }),
    );
  const german = await client({
    kind: "foreign_company",
    name: "Berlin Handel GmbH",
    vatNumber: "DE123456789",
    country: "Германия",
  });
  const french = await client({
    kind: "foreign_company",
    name: "Paris Conseil SARL",
    vatNumber: "FR12345678901",
    country: "Франция",
  });
  const american = await client({
    kind: "foreign_company",
    name: "Boston Trade Inc.",
    // A foreign company's own registration number stands for it in the journal.
    eik: "EIN123456789",
    country: "Съединени щати",
  });
  const local = await client({
    kind: "company",
    name: "Местна Фирма ООД",
    eik: validEik(),
    city: "София",
    address: "ул. Раковски 1",
  });
  let sequence = 0;
  const issue = async (fields: Record<string, unknown>, cancel = false) => {
    const id = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: `${MONTH}-${String(++sequence).padStart(2, "0")}`,
        currency: "EUR",
        ...fields,
      }),
    );
    const doc = await issueDocument(db, me.companyId, id);
    if (cancel) await cancelDocument(db, me.companyId, id, "Грешка в цената");
    return doc;
  };
  const line = (unitPrice: string, vatRate: number | null, description = "Услуга") => ({
    description,
    quantity: "1",
    unit: "бр.",
    unitPrice,
    vatRate,
  });
  const standard = await issue({ lines: [line("1000", 20), line("200", 9, "Книги")] });
  await issue({
    clientId: german.id,
    vatGround: "чл. 53, ал. 1 от ЗДДС",
    lines: [line("5000", 0, "Стоки")],
  });
  await issue({ clientId: american.id, vatGround: "чл. 28 от ЗДДС", lines: [line("700", 0)] });
  await issue({ clientId: local.id, vatGround: "чл. 45 от ЗДДС", lines: [line("300", null)] });
  await issue({
    clientId: french.id,
    vatGround: "чл. 21, ал. 2 от ЗДДС",
    lines: [line("800", null, "Консултации")],
  });
  await issue({
    type: "credit_note",
    originalId: standard.id,
    reason: "Отстъпка",
    lines: [line("100", 20)],
  });
  await issue({
    type: "debit_note",
    originalId: standard.id,
    reason: "Доплащане",
    lines: [line("50", 20)],
  });
  await issue({ lines: [line("999", 20)] }, true);
  await issue({ currency: "USD", eurRate: "0.9", lines: [line("100", 20)] });
  // Not in the month: a draft, a proforma, and November's invoice.
  await createDraft(
    db,
    me.companyId,
    null,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: `${MONTH}-20`,
      lines: [line("1", 20)],
    }),
  );
  await issue({ type: "proforma", lines: [line("77", 20)] });
  if (november) await issue({ issueDate: "2026-11-02", lines: [line("10", 20)] });

  await createTestExpense(db, me.companyId, {
    documentDate: `${MONTH}-03`,
    amounts: [{ vatRate: 20, base: "400.00" }],
  });
  await createTestExpense(db, me.companyId, {
    documentDate: `${MONTH}-04`,
    vatCredit: "partial",
    vatCreditCoefficient: "0.5",
    amounts: [{ vatRate: 20, base: "100.00" }],
  });
  await createTestExpense(db, me.companyId, {
    documentDate: `${MONTH}-05`,
    vatCredit: "none",
    amounts: [{ vatRate: 9, base: "100.00" }],
  });
  await createTestExpense(db, me.companyId, {
    documentDate: `${MONTH}-06`,
    documentType: "receipt",
    amounts: [{ vatRate: 20, base: "10.00" }],
  });
  await saveFilingSettings(db, me.companyId, {
    filerName: "Мария Иванова",
    filerEgn: "8501011234",
    filerRole: "R",
    filerCity: "София",
    filerPostalCode: "1000",
    filerAddress: "бул. Витоша 1",
    creditCoefficient: 1,
  });
  return { db, me };
}

describe("a month of every kind of document", () => {
  it("puts each document in its columns, and the files' every record says the same", async () => {
    const { db, me } = await business();
    const report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.problems).toEqual([]);
    expect(report.currency).toBe("EUR");
    const { files, problems } = buildFiles(report);
    expect(problems).toEqual([]);
    expect(files.map((f) => f.name)).toEqual([
      "PRODAGBI.TXT",
      "POKUPKI.TXT",
      "DEKLAR.TXT",
      "VIES.TXT",
    ]);
    const decode = (name: string) =>
      iconv.decode(Buffer.from(files.find((f) => f.name === name)!.bytes), "win1251");
    const text = (name: string) => {
      const decoded = decode(name);
      expect(decoded.endsWith("\r\n"), name).toBe(true);
      return decoded.slice(0, -2).split("\r\n");
    };
    const sales = text("PRODAGBI.TXT").map((r) => {
      expect(r).toHaveLength(424);
      return fieldsOf(SALES_LAYOUT, r);
    });
    expect(sales).toHaveLength(9);
    const byNumber = (n: number) => sales[n - 1]!;
    const trim = (row: Record<string, string>, code: string) => row[code]?.trim();
    // 1: 20 % and 9 %.
    expect(trim(byNumber(1), "02-00")).toBe("BG175074752");
    expect(trim(byNumber(1), "02-01")).toBe("202610");
    expect(trim(byNumber(1), "02-03")).toBe("1");
    expect(trim(byNumber(1), "02-04")).toBe("01");
    expect(trim(byNumber(1), "02-05")).toBe("0000000001");
    expect(trim(byNumber(1), "02-06")).toBe("01/10/2026");
    expect(trim(byNumber(1), "02-11")).toBe("1000.00");
    expect(trim(byNumber(1), "02-21")).toBe("200.00");
    expect(trim(byNumber(1), "02-13")).toBe("200.00");
    expect(trim(byNumber(1), "02-24")).toBe("18.00");
    expect(trim(byNumber(1), "02-10")).toBe("1200.00");
    // The branch: a numeric field of 4, right-aligned, 0 for the head office (decision 050).
    expect(byNumber(1)["02-02"]).toBe("   0");
    expect(trim(byNumber(1), "02-20")).toBe("218.00");
    // 2: ВОД to Germany.
    expect(trim(byNumber(2), "02-07")).toBe("DE123456789");
    expect(trim(byNumber(2), "02-15")).toBe("5000.00");
    expect(trim(byNumber(2), "02-10")).toBe("5000.00");
    // 3: export; 4: exempt; 5: services to France.
    expect(trim(byNumber(3), "02-14")).toBe("700.00");
    expect(trim(byNumber(4), "02-19")).toBe("300.00");
    expect(trim(byNumber(4), "02-10")).toBe("0.00");
    expect(trim(byNumber(5), "02-17")).toBe("800.00");
    // 6: credit note, with a minus; 7: debit note.
    expect(trim(byNumber(6), "02-04")).toBe("03");
    expect(trim(byNumber(6), "02-11")).toBe("-100.00");
    expect(trim(byNumber(6), "02-21")).toBe("-20.00");
    expect(trim(byNumber(7), "02-04")).toBe("02");
    expect(trim(byNumber(7), "02-11")).toBe("50.00");
    // 8: cancelled — listed, with zeros.
    expect(trim(byNumber(8), "02-11")).toBe("0.00");
    expect(trim(byNumber(8), "02-05")).toBe("0000000008");
    // 9: 100 USD at 0.9 → 90.00 EUR.
    expect(trim(byNumber(9), "02-11")).toBe("90.00");
    expect(trim(byNumber(9), "02-21")).toBe("18.00");

    const purchases = text("POKUPKI.TXT").map((r) => {
      expect(r).toHaveLength(274);
      return fieldsOf(PURCHASES_LAYOUT, r);
    });
    expect(
      purchases.map((p) => [
        trim(p, "03-31"),
        trim(p, "03-41"),
        trim(p, "03-32"),
        trim(p, "03-42"),
        trim(p, "03-30"),
      ]),
    ).toEqual([
      ["400.00", "80.00", "0.00", "0.00", "0.00"],
      ["0.00", "0.00", "100.00", "20.00", "0.00"],
      ["0.00", "0.00", "0.00", "0.00", "109.00"],
    ]);

    const [declaration] = text("DEKLAR.TXT");
    expect(declaration).toHaveLength(590);
    const d = fieldsOf(DECLARATION_LAYOUT, declaration!);
    const cell = (code: string) => d[code]?.trim();
    expect(cell("00-04")).toBe("8501011234/Мария Иванова");
    expect(cell("00-05")).toBe("9");
    expect(cell("00-06")).toBe("3");
    expect(cell("01-11")).toBe(`${String((100000 - 10000 + 5000 + 9000) / 100)}.00`);
    expect(cell("01-21")).toBe("208.00");
    expect(cell("01-13")).toBe("200.00");
    expect(cell("01-24")).toBe("18.00");
    expect(cell("01-14")).toBe("700.00");
    expect(cell("01-15")).toBe("5000.00");
    expect(cell("01-17")).toBe("800.00");
    expect(cell("01-19")).toBe("300.00");
    expect(cell("01-01")).toBe("6940.00");
    expect(cell("01-20")).toBe("226.00");
    expect(cell("01-41")).toBe("80.00");
    expect(cell("01-42")).toBe("20.00");
    expect(cell("01-33")).toBe("1.00");
    expect(cell("01-40")).toBe("100.00");
    expect(cell("01-50")).toBe("126.00");
    expect(cell("01-60")).toBe("0.00");
    // НАП's control 50 = 70 + 71: nothing carried from before, so all of it is effectively paid.
    expect(cell("01-70")).toBe("0.00");
    expect(cell("01-71")).toBe("126.00");
    expect(cell("01-80")).toBe("0.00");
    expect(checkReturnControls(report.figures)).toEqual([]);

    // VIES.TXT ends with the CHR record and no CR LF, as a file НАП accepted (decision 050).
    const viesText = decode("VIES.TXT");
    expect(viesText.endsWith("\r\nCHR    0")).toBe(true);
    const vies = viesText.split("\r\n");
    expect(vies.pop()).toBe("CHR    0");
    expect(vies[0]).toBe("VHR10/2026    2");
    expect(vies[1]).toHaveLength(373);
    expect(vies[2]).toHaveLength(368);
    expect(vies[3]).toBe(`TTR${"5800.00".padStart(12)}${"5000.00".padStart(12)}`);
    expect(vies.slice(4)).toEqual([
      `VIR    1DE123456789    ${"5000.00".padStart(12)}${"0.00".padStart(12)}${"0.00".padStart(12)}       `,
      `VIR    2FR12345678901  ${"0.00".padStart(12)}${"0.00".padStart(12)}${"800.00".padStart(12)}       `,
    ]);
  });

  it("agrees to the cent with /invoices and /expenses for the same month", async () => {
    const { db, me } = await business();
    const report = await vatReport(db, me.companyId, MONTH, true);
    const filters = (type: "invoice" | "credit_note" | "debit_note") => ({
      type,
      from: `${MONTH}-01`,
      to: `${MONTH}-31`,
    });
    let listed = 0;
    for (const type of ["invoice", "credit_note", "debit_note"] as const) {
      const totals = await summarizeDocuments(db, me.companyId, filters(type), "2026-11-24");
      for (const c of totals.currencies) {
        // The USD document at its rate, as the journal has it.
        listed += c.currency === "USD" ? Math.round(c.totalCents * 0.9) : c.totalCents;
      }
    }
    const journal = report.sales.reduce(
      (sum, row) => sum + Object.values(row.amounts).reduce((a, b) => a + (b ?? 0), 0),
      0,
    );
    expect(journal).toBe(listed);

    const expenses = await db
      .selectFrom("expenses")
      .select(["subtotalCents", "vatCents", "totalCents", "vatCredit"])
      .where("companyId", "=", me.companyId)
      .where("documentType", "<>", "receipt")
      .where("documentDate", ">=", `${MONTH}-01`)
      .where("documentDate", "<=", `${MONTH}-31`)
      .execute();
    const credited = expenses.filter((e) => e.vatCredit !== "none");
    expect(report.figures["01-31"] + report.figures["01-32"]).toBe(
      credited.reduce((s, e) => s + Number(e.subtotalCents), 0),
    );
    expect(report.figures["01-41"] + report.figures["01-42"]).toBe(
      credited.reduce((s, e) => s + Number(e.vatCents), 0),
    );
    expect(report.figures["01-30"]).toBe(
      expenses.filter((e) => e.vatCredit === "none").reduce((s, e) => s + Number(e.totalCents), 0),
    );
  });

  it("reports what cannot be written, with a link, and refuses the files until it is fixed", async () => {
    const { db, me } = await business();
    await db
      .updateTable("documents")
      .set({
        clientSnapshot: JSON.stringify({
          name: "Без ЕИК",
          eik: null,
          vatNumber: null,
          countryCode: "BG",
        }),
      })
      .where("companyId", "=", me.companyId)
      .where("number", "=", "0000000001")
      .execute();
    const report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.problems).toEqual([
      expect.objectContaining({
        what: "Фактура № 0000000001",
        href: `/client/edit/${me.clientId}`,
        message: expect.stringContaining("ЕИК или ДДС номер"),
      }),
    ]);
    const session = await signInApi(db, me.user);
    const { loader } = await import("~/routes/reports.vat.files.$name");
    const refused = await call(loader, db, `/reports/vat/files/all.zip?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "all.zip" },
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Фактура № 0000000001");
  });

  it("a client «Müller … Hauptstraße, München»: the files download, written as НАП accepts, and the page says so", async () => {
    const { db, me } = await business({ november: false });
    const muller = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "foreign_company",
        name: "Müller Maschinenbau GmbH",
        vatNumber: "DE811907980",
        country: "Германия",
        city: "München",
        address: "Hauptstraße 5",
      }),
    );
    const id = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: muller.id,
        issueDate: `${MONTH}-28`,
        currency: "EUR",
        vatGround: "чл. 21, ал. 2 от ЗДДС",
        lines: [{ description: "Größenplanung", quantity: "1", unitPrice: "300", vatRate: null }],
      }),
    );
    const issued = await issueDocument(db, me.companyId, id);
    const session = await signInApi(db, me.user);

    const files = await import("~/routes/reports.vat.files.$name");
    const zip = await call(files.loader, db, `/reports/vat/files/all.zip?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "all.zip" },
    });
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const sales = iconv.decode(Buffer.from(entries["PRODAGBI.TXT"]!), "win1251").split("\r\n");
    const row = sales
      .map((r) => fieldsOf(SALES_LAYOUT, r))
      .find((r) => r["02-07"]?.trim() === "DE811907980")!;
    expect(row["02-08"]?.trim()).toBe("Muller Maschinenbau GmbH");
    expect(row["02-09"]?.trim()).toBe("Grossenplanung");
    expect(row["02-17"]?.trim()).toBe("300.00");
    for (const name of ["PRODAGBI.TXT", "DEKLAR.TXT", "VIES.TXT"]) {
      const one = await call(files.loader, db, `/reports/vat/files/${name}?month=${MONTH}`, {
        headers: { Cookie: session.cookie },
        params: { name },
      });
      expect(one.status, name).toBe(200);
    }
    const api = await import("~/routes/api.reports.vat.$month.files");
    const fromApi = await call(api.loader, db, `/api/reports/vat/${MONTH}/files`, {
      headers: session.bearer,
      params: { month: MONTH },
    });
    expect(fromApi.status).toBe(200);

    const page = await import("~/routes/_app.reports.vat");
    const shown = (await (
      await call(page.loader, db, `/reports/vat?month=${MONTH}`, {
        headers: { Cookie: session.cookie },
      })
    ).json()) as { problems: unknown[]; conversions: { count: number; shown: unknown[] } };
    expect(shown.problems).toEqual([]);
    expect(shown.conversions.shown).toEqual([
      {
        what: `Документ № ${issued.number}`,
        href: `/invoice/${id}`,
        from: "Müller Maschinenbau GmbH",
        to: "Muller Maschinenbau GmbH",
        note: "без знаци, които Windows-1251 няма",
      },
      {
        what: `Документ № ${issued.number}`,
        href: `/invoice/${id}`,
        from: "Größenplanung",
        to: "Grossenplanung",
        note: "без знаци, които Windows-1251 няма",
      },
    ]);
  });

  it("a person without ЕГН and a company outside the EU without a number: written with НАП's fifteen nines, not refused", async () => {
    const { db, me } = await business({ november: false });
    const person = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "individual",
        name: "Иван Петров",
        city: "Пловдив",
        address: "ул. Гладстон 3",
      }),
    );
    const norwegian = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "foreign_company",
        name: "Fjord Handel AS",
        country: "Норвегия",
        city: "Oslo",
        address: "Karl Johans gate 1",
      }),
    );
    for (const [day, clientId, vatGround, vatRate] of [
      ["26", person.id, undefined, 20],
      ["27", norwegian.id, "чл. 28 от ЗДДС", 0],
    ] as const) {
      const id = await createDraft(
        db,
        me.companyId,
        null,
        documentSchema.parse({
          type: "invoice",
          clientId,
          issueDate: `${MONTH}-${day}`,
          currency: "EUR",
          vatGround,
          lines: [{ description: "Стока", quantity: "1", unitPrice: "100", vatRate }],
        }),
      );
      await issueDocument(db, me.companyId, id);
    }
    const report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.problems).toEqual([]);
    const session = await signInApi(db, me.user);
    const files = await import("~/routes/reports.vat.files.$name");
    const answer = await call(files.loader, db, `/reports/vat/files/PRODAGBI.TXT?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "PRODAGBI.TXT" },
    });
    expect(answer.status).toBe(200);
    const rows = iconv
      .decode(Buffer.from(await answer.arrayBuffer()), "win1251")
      .split("\r\n")
      .filter(Boolean)
      .map((r) => fieldsOf(SALES_LAYOUT, r));
    const of = (name: string) => rows.find((r) => r["02-08"]?.trim() === name)!;
    expect(of("Иван Петров")["02-07"]).toBe("999999999999999");
    expect(of("Иван Петров")["02-11"]?.trim()).toBe("100.00");
    expect(of("Fjord Handel AS")["02-07"]).toBe("999999999999999");
    expect(of("Fjord Handel AS")["02-14"]?.trim()).toBe("100.00");
  });

  it("a client whose name is longer than НАП's field: the month downloads, the name cut at a word and listed", async () => {
    const { db, me } = await business({ november: false });
    // 70 characters; the journals' field 02-08 holds 50.
    const name = "Търговско дружество „Северозападна логистика и складови услуги 1“ ЕООД";
    expect(name).toHaveLength(70);
    const long = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "company",
        name,
        eik: validEik(),
        city: "Видин",
        address: "ул. Дунав 1",
      }),
    );
    const id = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: long.id,
        issueDate: `${MONTH}-28`,
        currency: "EUR",
        lines: [{ description: "Складови услуги", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    const issued = await issueDocument(db, me.companyId, id);
    const session = await signInApi(db, me.user);

    const files = await import("~/routes/reports.vat.files.$name");
    const zip = await call(files.loader, db, `/reports/vat/files/all.zip?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "all.zip" },
    });
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const sales = iconv.decode(Buffer.from(entries["PRODAGBI.TXT"]!), "win1251").split("\r\n");
    const row = sales
      .filter(Boolean)
      .map((r) => fieldsOf(SALES_LAYOUT, r))
      .find((r) => r["02-05"]?.trim() === issued.number)!;
    const cut = "Търговско дружество „Северозападна логистика и";
    expect(row["02-08"]).toBe(cut.padEnd(50));
    expect(row["02-07"]?.trim()).toBe(long.eik);
    const one = await call(files.loader, db, `/reports/vat/files/PRODAGBI.TXT?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "PRODAGBI.TXT" },
    });
    expect(one.status).toBe(200);
    const api = await import("~/routes/api.reports.vat.$month.files");
    const fromApi = await call(api.loader, db, `/api/reports/vat/${MONTH}/files`, {
      headers: session.bearer,
      params: { month: MONTH },
    });
    expect(fromApi.status).toBe(200);

    const page = await import("~/routes/_app.reports.vat");
    const shown = (await (
      await call(page.loader, db, `/reports/vat?month=${MONTH}`, {
        headers: { Cookie: session.cookie },
      })
    ).json()) as { problems: unknown[]; conversions: { shown: unknown[] } };
    expect(shown.problems).toEqual([]);
    expect(shown.conversions.shown).toEqual([
      {
        what: `Документ № ${issued.number}`,
        href: `/invoice/${id}`,
        from: name,
        to: cut,
        note: "съкратено до 50 знака — толкова побира полето «Име на контрагента»",
      },
    ]);
  });

  it("the return's controls hold: a refund of the month before is deducted in кл. 70, the rest paid in кл. 71", async () => {
    const { db, me } = await business();
    // September: only a purchase, 400.00 + 80.00 VAT: 80.00 for refund (кл. 60 = кл. 80).
    await createTestExpense(db, me.companyId, {
      documentDate: "2026-09-10",
      amounts: [{ vatRate: 20, base: "400.00" }],
    });
    const september = await vatReport(db, me.companyId, "2026-09", true);
    expect(september.figures).toMatchObject({ "01-50": 0, "01-60": 8000, "01-80": 8000 });
    expect(checkReturnControls(september.figures)).toEqual([]);
    // October: 126.00 payable; September's 80.00 is deducted (чл. 92, ал. 1), 46.00 is paid.
    const report = await vatReport(db, me.companyId, MONTH, true);
    expect(report.figures).toMatchObject({ "01-50": 12600, "01-70": 8000, "01-71": 4600 });
    expect(checkReturnControls(report.figures)).toEqual([]);
    const { files, problems } = buildFiles(report);
    expect(problems).toEqual([]);
    const bytes = files.find((f) => f.name === "DEKLAR.TXT")!.bytes;
    const d = fieldsOf(DECLARATION_LAYOUT, iconv.decode(Buffer.from(bytes), "win1251"));
    expect([d["01-50"], d["01-70"], d["01-71"]].map((x) => x?.trim())).toEqual([
      "126.00",
      "80.00",
      "46.00",
    ]);
  });

  it("a return whose cells do not add up is refused, never written: 50 = 70 + 71, 60 = 80 + 81 + 82", async () => {
    const { db, me } = await business();
    const report = await vatReport(db, me.companyId, MONTH, true);
    const broken = { ...report, figures: { ...report.figures, "01-71": 0 } };
    expect(checkReturnControls(broken.figures)).toEqual(["кл. 50 не е равна на кл. 70 + кл. 71"]);
    expect(buildFiles(broken).problems).toEqual([
      expect.objectContaining({
        what: "Справка-декларация",
        message: expect.stringContaining("кл. 50 не е равна на кл. 70 + кл. 71"),
      }),
    ]);
    expect(
      checkReturnControls({ ...report.figures, "01-50": 0, "01-60": 500, "01-71": 0, "01-80": 0 }),
    ).toEqual(expect.arrayContaining(["кл. 60 не е равна на кл. 80 + кл. 81 + кл. 82"]));
    // The refund of two months before is deducted only for what the month between did not use.
    const none = { payable: 0, refund: 0 };
    expect(carriedRefund([{ payable: 3000, refund: 0 }, { payable: 0, refund: 5000 }, none])).toBe(
      2000,
    );
    expect(
      carriedRefund([
        { payable: 3000, refund: 0 },
        { payable: 0, refund: 5000 },
        { payable: 0, refund: 1000 },
      ]),
    ).toBe(3000);
    expect(carriedRefund([{ payable: 0, refund: 700 }, { payable: 0, refund: 5000 }, none])).toBe(
      5700,
    );
    expect(carriedRefund([none, none, { payable: 0, refund: 9000 }])).toBe(0);
  });

  it("a 2025 month is in leva: a euro document at 1.95583", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const id = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2025-06-10",
        currency: "BGN",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "195.58", vatRate: 20 }],
      }),
    );
    await issueDocument(db, me.companyId, id);
    const id2 = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2025-06-11",
        currency: "EUR",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(db, me.companyId, id2);
    const report = await vatReport(db, me.companyId, "2025-06", false);
    expect(report.currency).toBe("BGN");
    expect(report.sales.map((r) => r.amounts["02-11"])).toEqual([19558, 19558]);
    expect(report.sales.map((r) => r.amounts["02-21"])).toEqual([3912, 3912]);
  });
});

describe("the page, the files and the API", () => {
  it("serve the month to its company only, the zip holds the files, bad months are 400", async () => {
    const { db, me } = await business();
    const session = await signInApi(db, me.user);
    const files = await import("~/routes/reports.vat.files.$name");
    const zip = await call(files.loader, db, `/reports/vat/files/all.zip?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "all.zip" },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      "DEKLAR.TXT",
      "POKUPKI.TXT",
      "PRODAGBI.TXT",
      "VIES.TXT",
    ]);
    const one = await call(files.loader, db, `/reports/vat/files/DEKLAR.TXT?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
      params: { name: "DEKLAR.TXT" },
    });
    expect(one.headers.get("Content-Type")).toBe("text/plain; charset=windows-1251");
    expect((await one.arrayBuffer()).byteLength).toBe(592);

    const api = await import("~/routes/api.reports.vat.$month");
    const json = await call(api.loader, db, `/api/reports/vat/${MONTH}`, {
      headers: session.bearer,
      params: { month: MONTH },
    });
    const body = (await json.json()) as { return: Record<string, string>; sales: unknown[] };
    expect(body.return["01-50"]).toBe("126.00");
    expect(body.sales).toHaveLength(9);
    const bad = await call(api.loader, db, "/api/reports/vat/2026-13", {
      headers: session.bearer,
      params: { month: "2026-13" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: expect.stringContaining("гггг-мм") });
    const guest = await call(api.loader, db, `/api/reports/vat/${MONTH}`, {
      params: { month: MONTH },
    });
    expect(guest.status).toBe(401);

    // Another company sees its own (empty) month, nothing of this one — its owner and its
    // members as each role (issue #29; staff see no VAT at all).
    for (const other of await strangersOf(db, me)) {
      await db
        .updateTable("companies")
        .set({ isVatRegistered: true, vatNumber: "BG123456789" })
        .where("id", "=", other.companyId!)
        .execute();
      const answer = await call(api.loader, db, `/api/reports/vat/${MONTH}`, {
        headers: other.bearer,
        params: { month: MONTH },
      });
      if (outsiderStatus(other.role, "vat.view") !== 404) {
        expect(answer.status, other.label).toBe(403);
        continue;
      }
      const theirs = (await answer.json()) as { sales: unknown[]; purchases: unknown[] };
      expect(theirs.sales, other.label).toEqual([]);
      expect(theirs.purchases, other.label).toEqual([]);
    }

    const page = await import("~/routes/_app.reports.vat");
    const shown = await call(page.loader, db, `/reports/vat?month=${MONTH}`, {
      headers: { Cookie: session.cookie },
    });
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ month: MONTH, problems: [], sales: { count: 9 } });
  });

  it("without the standard plan the purchase journal is empty, and says so", async () => {
    const { db, me } = await business();
    await setPlan(db, me.companyId, "basic");
    const session = await signInApi(db, me.user);
    const page = await import("~/routes/_app.reports.vat");
    const shown = (await (
      await call(page.loader, db, `/reports/vat?month=${MONTH}`, {
        headers: { Cookie: session.cookie },
      })
    ).json()) as { withExpenses: boolean; purchases: { count: number } };
    expect(shown).toMatchObject({ withExpenses: false, purchases: { count: 0 } });
  });
});
