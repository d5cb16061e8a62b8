import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { issueDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { createManualEntry } from "~/modules/ledger/accounts.server";
import { readRows } from "~/modules/ledger/exports.server";
import { manualEntrySchema } from "~/modules/ledger/schema";
import TrialBalancePage, { loader as balancePage } from "~/routes/_app.ledger";
import CardPage, { loader as cardPage } from "~/routes/_app.ledger_.account.$code";
import GeneralPage, { loader as generalPage } from "~/routes/_app.ledger_.general";
import { loader as balanceApi } from "~/routes/api.ledger.trial-balance";
import { loader as exportFile } from "~/routes/ledger.export.$file";
import { readToast } from "~/utils/toast.server";
import { readXlsx } from "~/utils/xlsx";
import type { Database } from "~db/types";
import {
  createCompanyOnPlan,
  createTestDraft,
  createTestExpense,
  validEik,
} from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { type AnyAnswer, call, cookiesFrom, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 item 4 (decision 060): the trial balance per analytic, an account's card per
 * counterparty with its open items, the general ledger with the corresponding accounts, and each
 * report as PDF, Excel and CSV — read back as a person (the page's text, pdftotext) or a
 * program (the CSV's rows, the workbook's cells) reads them.
 */

const getDb = setupTestDatabase();
const NOVEMBER = "from=2026-11-01&to=2026-11-30";
const POSTER = { id: null, name: "Тест" };

/**
 * A month of books: a capital (October), a manual 411 line with no counterparty, an invoice to
 * Бета (1 200,00) with a credit note (120,00) and a payment (500,00), an invoice to Гама
 * (600,00) paid in full, and an unpaid expense of a supplier whose name starts with «=».
 */
async function month(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "standard");
  const gama = await createClient(
    db,
    me.companyId,
    clientSchema.parse({
      kind: "company",
      name: "Гама ЕООД",
      eik: validEik(),
      address: "ул. Раковски 1",
      city: "Пловдив",
      postalCode: "4000",
    }),
  );
  const manual = (entryDate: string, ref: string, lines: [string, string, string][]) =>
    createManualEntry(
      db,
      me.companyId,
      manualEntrySchema.parse({
        entryDate,
        description: ref,
        documentRef: ref,
        lines: lines.map(([account, debit, credit]) => ({ account, debit, credit })),
      }),
      POSTER,
    );
  await manual("2026-10-15", "Протокол № 1", [
    ["503", "5000", ""],
    ["101", "", "5000"],
  ]);
  await manual("2026-11-02", "Протокол № 2", [
    ["411", "100", ""],
    ["703", "", "100"],
  ]);
  const issue = async (fields: Record<string, unknown>) =>
    issueDocument(db, me.companyId, await createTestDraft(db, me, fields));
  const a = await issue({
    issueDate: "2026-11-03",
    lines: [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }],
  });
  const b = await issue({
    issueDate: "2026-11-05",
    clientId: gama.id,
    lines: [{ description: "Поддръжка", quantity: "1", unitPrice: "500.00", vatRate: 20 }],
  });
  await issue({
    type: "credit_note",
    originalId: a.id,
    issueDate: "2026-11-10",
    reason: "Отстъпка",
    lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "100.00", vatRate: 20 }],
  });
  await addPayment(db, me.companyId, a, {
    paidOn: "2026-11-12",
    amount: 50_000,
    method: "bank",
    note: null,
  });
  await addPayment(db, me.companyId, b, {
    paidOn: "2026-11-12",
    amount: 60_000,
    method: "bank",
    note: null,
  });
  await createTestExpense(db, me.companyId, {
    supplierName: "=1+2 Доставчик ООД",
    documentNumber: "0000000777",
    documentDate: "2026-11-10",
  });
  const { session, company } = {
    session: await signInApi(db, me.user),
    company: await db
      .selectFrom("companies")
      .select("name")
      .where("id", "=", me.companyId)
      .executeTakeFirstOrThrow(),
  };
  return { me, gama, a, b, session, company };
}

/** The text pdftotext reads from a PDF (its layout kept), spaces joined. */
function pdfText(bytes: ArrayBuffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-ledger-"));
  const file = join(dir, "report.pdf");
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

/** A CSV export read back as Excel would: BOM dropped, «;» between fields. */
const csvRows = (text: string): string[][] =>
  parse(text.replace(/^\uFEFF/, ""), { delimiter: ";", relax_column_count: true });

describe("the trial balance per analytic", () => {
  it("gives 411 per client and the lines without one, adding up to the account; the API's shape is kept without it", async () => {
    const db = getDb();
    const { me, gama, session } = await month(db);
    const headers = session.bearer;

    const plain = (await (
      await call(balanceApi, db, `/api/ledger/trial-balance?${NOVEMBER}`, { headers })
    ).json()) as AnyAnswer;
    expect(plain.accounts.every((a: AnyAnswer) => !("analytics" in a))).toBe(true);

    const tb = (await (
      await call(balanceApi, db, `/api/ledger/trial-balance?${NOVEMBER}&analytics=true`, {
        headers,
      })
    ).json()) as AnyAnswer;
    const receivables = tb.accounts.find((a: AnyAnswer) => a.code === "411");
    expect(receivables).toMatchObject({
      turnover: { debit: "1780.00", credit: "1100.00" },
      closing: { debit: "680.00", credit: "0.00" },
    });
    expect(receivables.analytics).toEqual([
      {
        counterparty: { kind: "client", id: gama.id, name: "Гама ЕООД" },
        opening: { debit: "0.00", credit: "0.00" },
        turnover: { debit: "600.00", credit: "600.00" },
        closing: { debit: "0.00", credit: "0.00" },
      },
      {
        counterparty: { kind: "client", id: me.clientId, name: "Клиент Бета ООД" },
        opening: { debit: "0.00", credit: "0.00" },
        turnover: { debit: "1080.00", credit: "500.00" },
        closing: { debit: "580.00", credit: "0.00" },
      },
      {
        counterparty: null,
        opening: { debit: "0.00", credit: "0.00" },
        turnover: { debit: "100.00", credit: "0.00" },
        closing: { debit: "100.00", credit: "0.00" },
      },
    ]);
    const payables = tb.accounts.find((a: AnyAnswer) => a.code === "401");
    expect(payables.analytics).toEqual([
      expect.objectContaining({
        counterparty: expect.objectContaining({ kind: "supplier", name: "=1+2 Доставчик ООД" }),
        closing: { debit: "0.00", credit: "120.00" },
      }),
    ]);
    // The bank has no analytics: an empty list, and the totals are those of the plain answer.
    expect(tb.accounts.find((a: AnyAnswer) => a.code === "503").analytics).toEqual([]);
    expect(tb.totals).toEqual(plain.totals);
  });

  it("the page shows each client under 411 with a link to its card, the toggle kept", async () => {
    const db = getDb();
    const { me, session } = await month(db);
    const path = `/ledger?${NOVEMBER}&analytics=1`;
    const { html, text } = await pageOf(
      TrialBalancePage,
      await call(balancePage, db, path, { headers: { Cookie: session.cookie } }),
      path,
    );
    expect(text).toContain("Оборотна ведомост от 2026-11-01 до 2026-11-30, в евро");
    expect(text).toMatch(/Клиент Бета ООД \(клиент\) 1 080,00 500,00 580,00/);
    expect(text).toMatch(/Без аналитичност 100,00 100,00/);
    expect(html).toContain(
      `/ledger/account/411?${NOVEMBER.replace("&", "&amp;")}&amp;counterparty=${me.clientId}`,
    );
    expect(html).toMatch(/<input[^>]*name="analytics"[^>]*checked/);
    expect(html).toContain(
      `/ledger/export/trial-balance.pdf?${NOVEMBER.replace("&", "&amp;")}&amp;analytics=1`,
    );
  });
});

describe("an account's card per counterparty, with its open items", () => {
  it("411 lists the documents not settled, with what is left and their age; one client's card its own only", async () => {
    const db = getDb();
    const { me, session } = await month(db);
    const headers = { Cookie: session.cookie };
    const plain = `/ledger/account/411?${NOVEMBER}`;
    const first = await pageOf(
      CardPage,
      await call(cardPage, db, plain, { headers, params: { code: "411" } }),
      plain,
    );
    expect(first.text).toContain(
      "Отворени позиции Изберете контрагент или покажете неуредените документи на цялата сметка",
    );
    const whole = `/ledger/account/411?${NOVEMBER}&open=all`;
    const all = await pageOf(
      CardPage,
      await call(cardPage, db, whole, { headers, params: { code: "411" } }),
      whole,
    );
    expect(all.text).toContain("Неуредени документи към 2026-11-30: 2");
    // The invoice with its credit note and payment: 1 080,00 charged, 500,00 paid, 580,00 left, 27 days.
    expect(all.text).toMatch(/Фактура № \d+ 2026-11-03 Клиент Бета ООД 1 080,00 500,00 580,00 27/);
    expect(all.text).toMatch(/Протокол № 2 2026-11-02 100,00 100,00 28/);
    expect(all.text).toMatch(/Общо неуредено 680,00/);
    expect(all.text).toMatch(/Крайно салдо 680,00/);
    // Гама paid in full: not open.
    expect(all.text).not.toMatch(/Фактура № \d+ 2026-11-05/);

    const one = `/ledger/account/411?${NOVEMBER}&counterparty=${me.clientId}`;
    const card = await pageOf(
      CardPage,
      await call(cardPage, db, one, { headers, params: { code: "411" } }),
      one,
    );
    expect(card.text).toContain("Сметка 411 Клиенти — Клиент Бета ООД");
    expect(card.text).toContain("Неуредени документи към 2026-11-30: 1");
    expect(card.text).not.toContain("Гама ЕООД 600,00");
    expect(card.text).not.toContain("Протокол № 2");
    expect(card.text).toMatch(/Крайно салдо 580,00/);

    const bad = await call(cardPage, db, `/ledger/account/411?counterparty=nope`, {
      headers,
      params: { code: "411" },
    });
    expect(bad.status).toBe(404);
  });
});

describe("the general ledger", () => {
  it("shows per account its opening, each line with the accounts on the other side, turnover and closing", async () => {
    const db = getDb();
    const { session } = await month(db);
    const path = `/ledger/general?${NOVEMBER}`;
    const { text } = await pageOf(
      GeneralPage,
      await call(generalPage, db, path, { headers: { Cookie: session.cookie } }),
      path,
    );
    // 503: the capital of October as its opening, the two payments from 411.
    const section = (code: string) =>
      text.slice(
        text.indexOf(`Сметка ${code} `),
        text.indexOf("Крайно салдо", text.indexOf(`Сметка ${code} `)) + 30,
      );
    expect(section("503")).toMatch(
      /^Сметка 503 Разплащателна сметка от 2026-11-01 до 2026-11-30, в евро Дата Документ и основание Кореспондираща сметка Дебит Кредит Начално салдо 5 000,00 2026-11-12 Фактура № \d+ Плащане по Фактура № \d+, Клиент Бета ООД 411 500,00 .* Оборот 1 100,00 Крайно салдо 6 100,00/,
    );
    expect(section("411")).toMatch(
      /2026-11-03 Фактура № \d+ Фактура № \d+, Клиент Бета ООД 4532, 703 1 200,00/,
    );
    expect(section("411")).toMatch(/Оборот 1 780,00 1 100,00 Крайно салдо 680,00/);
  });
});

describe("the reports as files", () => {
  it("the journal as CSV: the company, the period, numbered lines, amounts with a decimal comma, a formula defused, totals", async () => {
    const db = getDb();
    const { session, company } = await month(db);
    const answer = await call(exportFile, db, `/ledger/export/journal.csv?${NOVEMBER}`, {
      headers: { Cookie: session.cookie },
      params: { file: "journal.csv" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toContain(
      "hronologichen-registar-2026-11-01-2026-11-30.csv",
    );
    const rows = csvRows(await answer.text());
    expect(rows[0]).toEqual(["Хронологичен регистър"]);
    expect(rows[1]![0]).toMatch(new RegExp(`^${company.name}, ЕИК \\d{9}$`));
    expect(rows[2]![0]).toContain("Период: 01.11.2026 – 30.11.2026");
    expect(rows[4]).toEqual([
      "№",
      "Дата",
      "Документ",
      "Основание",
      "Сметка",
      "Контрагент",
      "Дебит",
      "Кредит",
      "Валута",
    ]);
    expect(rows[5]).toEqual([
      "1",
      "02.11.2026",
      "Протокол № 2",
      "Протокол № 2",
      "411",
      "",
      "100,00",
      "0,00",
      "EUR",
    ]);
    const supplierLine = rows.find((r) => r[4] === "401");
    expect(supplierLine?.[5]).toBe("'=1+2 Доставчик ООД");
    expect(supplierLine?.[7]).toBe("120,00");
    expect(rows.at(-1)).toEqual(["", "", "", "Общо (EUR)", "", "", "3000,00", "3000,00", "EUR"]);
  });

  it("the trial balance as Excel: the heading, the columns, money as numbers with two decimals", async () => {
    const db = getDb();
    const { session, company } = await month(db);
    const answer = await call(
      exportFile,
      db,
      `/ledger/export/trial-balance.xlsx?${NOVEMBER}&analytics=1`,
      { headers: { Cookie: session.cookie }, params: { file: "trial-balance.xlsx" } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const rows = readXlsx(new Uint8Array(await answer.arrayBuffer()), 1000).map((r) => r.cells);
    expect(rows[0]).toEqual(["Оборотна ведомост по аналитични сметки"]);
    expect(rows[1]![0]).toContain(company.name);
    expect(rows[2]).toEqual(["Период: 01.11.2026 – 30.11.2026 · суми в евро"]);
    expect(rows[3]![0]).toBe("Сметка");
    expect(rows).toContainEqual([
      "411",
      "— Клиент Бета ООД",
      "0.00",
      "0.00",
      "1080.00",
      "500.00",
      "580.00",
      "0.00",
    ]);
    expect(rows.at(-1)).toEqual([
      "",
      "Общо",
      "5000.00",
      "5000.00",
      expect.stringMatching(/^\d+\.\d{2}$/),
      expect.stringMatching(/^\d+\.\d{2}$/),
      "6900.00",
      "6900.00",
    ]);
  });

  it("an account's card and the general ledger as PDF, rendered in the PDF pool, read back with pdftotext", async () => {
    const db = getDb();
    const { me, session, company } = await month(db);
    const headers = { Cookie: session.cookie };
    const card = await call(
      exportFile,
      db,
      `/ledger/export/account-card.pdf?account=411&${NOVEMBER}&counterparty=${me.clientId}`,
      { headers, params: { file: "account-card.pdf" } },
    );
    expect(card.status).toBe(200);
    expect(card.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfText(await card.arrayBuffer());
    expect(text).toContain("Карта на сметка");
    expect(text).toContain("Сметка 411 Клиенти — Клиент Бета ООД");
    expect(text).toContain(company.name);
    expect(text).toContain("Период: 01.11.2026 – 30.11.2026 · суми в евро");
    expect(text).toMatch(/Крайно салдо\s+580,00/);
    expect(text).toMatch(/Отворени позиции към 30.11.2026: 1/);
    expect(text).toMatch(/Възраст: 27 дни/);

    const ledger = await call(exportFile, db, `/ledger/export/general-ledger.pdf?${NOVEMBER}`, {
      headers,
      params: { file: "general-ledger.pdf" },
    });
    const book = pdfText(await ledger.arrayBuffer());
    expect(book).toContain("Главна книга");
    expect(book).toMatch(/411\s+03.11.2026\s+Фактура № \d+/);
    expect(book).toMatch(/4532, 703\s+1 200,00/);
    expect(book).toMatch(/страница 1 от \d/);
  });

  it("a file past its bound is refused with the reason; staff may not download; a bad name is 404", async () => {
    const db = getDb();
    const { me, session } = await month(db);
    const many = {
      title: "Т",
      subject: null,
      company: "Ф",
      period: "П",
      name: { bg: "т", ascii: "t" },
      columns: [],
      rows: (async function* () {
        for (let i = 0; i < 2; i++) yield Array.from({ length: 1000 }, () => ({ cells: ["x"] }));
      })(),
    };
    await expect(readRows(many, "pdf")).rejects.toThrow(
      "Отчетът има повече от 1000 реда — повече, отколкото PDF файлът побира. Изберете по-кратък период или една сметка, или изтеглете CSV (целият период).",
    );

    // 360 entries of 3 lines in December: 1 080 rows, past the PDF's 1 000.
    await db.transaction().execute(async (trx) => {
      await sql`insert into ledger_entries (id, company_id, entry_date, currency, source_kind, description, document_ref)
      select md5('e' || g)::uuid, ${me.companyId}::uuid, '2026-12-01'::date + (g % 28), 'EUR', 'manual', 'Каса ' || g, 'РКО ' || g
      from generate_series(1, 360) g`.execute(trx);
      await sql`insert into ledger_lines (entry_id, company_id, entry_date, currency, account_code, debit_cents, credit_cents)
      select md5('e' || g)::uuid, ${me.companyId}::uuid, '2026-12-01'::date + (g % 28), 'EUR', a.code, a.d, a.c
      from generate_series(1, 360) g, (values ('501', 300, 0), ('503', 0, 200), ('101', 0, 100)) a(code, d, c)`.execute(
        trx,
      );
    });
    const december = "from=2026-12-01&to=2026-12-31";
    const tooLong = await call(exportFile, db, `/ledger/export/journal.pdf?${december}`, {
      headers: { Cookie: session.cookie },
      params: { file: "journal.pdf" },
    });
    expect(tooLong.status).toBe(302);
    expect(tooLong.headers.get("Location")).toBe(`/ledger/journal?${december}`);
    const { toast } = await readToast(
      new Request("http://localhost:3000/", { headers: { Cookie: cookiesFrom(tooLong) } }),
    );
    expect(toast).toMatchObject({
      type: "error",
      title:
        "Отчетът има повече от 1000 реда — повече, отколкото PDF файлът побира. Изберете по-кратък период или една сметка, или изтеглете CSV (целият период).",
    });
    const whole = await call(exportFile, db, `/ledger/export/journal.csv?${december}`, {
      headers: { Cookie: session.cookie },
      params: { file: "journal.csv" },
    });
    const rows = csvRows(await whole.text());
    // The heading (4 rows), the columns, 1 080 lines over two pages of 1 000 entries, the total.
    expect(rows).toHaveLength(4 + 1 + 1080 + 1);
    expect(rows.at(-2)?.[0]).toBe("360");
    expect(rows.at(-1)).toEqual(["", "", "", "Общо (EUR)", "", "", "1080,00", "1080,00", "EUR"]);

    const staff = await memberOf(db, me.companyId, "staff");
    const refused = await call(exportFile, db, `/ledger/export/journal.csv?${NOVEMBER}`, {
      headers: { Cookie: staff.cookie },
      params: { file: "journal.csv" },
    });
    expect(refused.status).toBe(403);
    const unknown = await call(exportFile, db, `/ledger/export/journal.doc?${NOVEMBER}`, {
      headers: { Cookie: session.cookie },
      params: { file: "journal.doc" },
    });
    expect(unknown.status).toBe(404);
  });
});
