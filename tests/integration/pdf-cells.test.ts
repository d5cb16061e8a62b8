import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "~/modules/invoices/documents.server";
import { LINE_CELLS, renderPages, splitPages } from "~/modules/invoices/pdf.server";
import { rowCells } from "~/modules/invoices/pdf-cells.server";
import { printable } from "~/modules/invoices/print-text";
import { printModelFor } from "~/modules/invoices/render.server";
import { pdfHasGlyph, prepareFonts } from "~/modules/pdf/fonts.server";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 039: the cells of a document's lines that fit on one line are drawn on a Canvas with
 * pdfkit's text call instead of react-pdf's Text. The customer must not be able to tell: the
 * same words at the same places (pdftotext -bbox), the same pixels on every page (pdftoppm),
 * against the same document with every cell set as Text.
 */

const getDb = setupTestDatabase();

/**
 * Lines a customer types: Cyrillic and Latin units (one with a space after a Latin full stop),
 * fractions, discounts, rates, figures too wide for their column, descriptions just within and
 * just over theirs, a typed line break, Latin and Greek letters. What does not fit on one line
 * stays Text.
 */
const LINES = [
  {
    description: "Консултантски услуги",
    quantity: "1",
    unit: "бр.",
    unitPrice: "120",
    vatRate: 20,
  },
  {
    description: "Hosting, 12 months",
    quantity: "2.5",
    unit: "ч.",
    unitPrice: "0.125",
    vatRate: 9,
  },
  {
    description: "Стомана",
    quantity: "1234567.891",
    unit: "kg",
    unitPrice: "0.0125",
    discount: "12.5",
    vatRate: 20,
  },
  { description: "Машина", quantity: "1", unit: "бр.", unitPrice: "98765432.1", vatRate: 20 },
  { description: "Настилка", quantity: "12.75", unit: "кв. м", unitPrice: "14.9", vatRate: 20 },
  { description: "Плочки", quantity: "3", unit: "м²", unitPrice: "1000", vatRate: 20 },
  { description: "Абонамент", quantity: "1", unit: "услуга", unitPrice: "49.99", vatRate: 20 },
  // Just within the description's column (with the discount column beside it), and just over.
  {
    description: "Консултантски услуги по договор 100",
    quantity: "1",
    unit: "бр.",
    unitPrice: "10",
    vatRate: 20,
  },
  {
    description: "Консултантски услуги по договор 10000",
    quantity: "1",
    unit: "бр.",
    unitPrice: "10",
    vatRate: null,
  },
  {
    description: "Ремонт\nвключва части",
    quantity: "1",
    unit: "бр.",
    unitPrice: "80",
    vatRate: 20,
  },
  // Runs textkit cuts where the script changes, and a combining accent (U+0301).
  { description: "“Acme” hosting, 3D", quantity: "1", unit: "бр.", unitPrice: "5", vatRate: 20 },
  {
    description: "Хостинг (AWS), 2x HDMI",
    quantity: "1",
    unit: "бр.",
    unitPrice: "5",
    vatRate: 20,
  },
  {
    description: "Кири\u0301л, ударе\u0301ние",
    quantity: "1",
    unit: "бр.",
    unitPrice: "5",
    vatRate: 20,
  },
  { description: "Đorđe Ψ  два интервала", quantity: "7", unit: "m", unitPrice: "1", vatRate: 0 },
  {
    description: "Поддръжка на уебсайт: хостинг, резервни копия и обновяване на съдържанието",
    quantity: "10",
    unit: "месец",
    unitPrice: "25",
    discount: "5",
    vatRate: 20,
  },
];

async function model(fields: Record<string, unknown>, count = LINES.length) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const id = await createTestDraft(db, me, {
    lines: Array.from({ length: count }, (_, i) => LINES[i % LINES.length]),
    vatGround: "чл. 21, ал. 2 от ЗДДС",
    ...fields,
  });
  const doc = (await getDocument(db, me.companyId, id))!;
  return printable(await printModelFor(db, doc), pdfHasGlyph);
}

const scratch = () => mkdtempSync(join(tmpdir(), "smetka-cells-"));

/**
 * Every word with its box, page by page, each page's words sorted: where a word is printed, not
 * the reading order pdftotext guesses, which changes with the order the cells are drawn in (a
 * bilingual unit such as «ч. / hour» wraps in its column, issue #41 item 5).
 */
function wordBoxes(pdf: Buffer): string[] {
  const dir = scratch();
  writeFileSync(join(dir, "doc.pdf"), pdf);
  const html = execFileSync("pdftotext", ["-bbox", join(dir, "doc.pdf"), "-"]).toString("utf8");
  const pages: string[][] = [];
  for (const m of html.matchAll(/<page |<word ([^>]+)>([^<]*)<\/word>/g)) {
    if (m[1]) pages[pages.length - 1]?.push(`${m[2]} @ ${m[1].replace(/"(\d+\.\d\d)\d*"/g, "$1")}`);
    else pages.push([]);
  }
  return pages.flatMap((words) => ["— page —", ...words.sort()]);
}

/** Each page drawn in grey at 150 dpi, as bytes. */
function pixels(pdf: Buffer): Buffer[] {
  const dir = scratch();
  writeFileSync(join(dir, "doc.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", "150", "-gray", join(dir, "doc.pdf"), join(dir, "page")]);
  return readdirSync(dir)
    .filter((name) => name.startsWith("page"))
    .sort()
    .map((name) => readFileSync(join(dir, name)));
}

describe("the cells of a document's lines", () => {
  it("print the same words at the same places and the same pixels as when set as Text", {
    timeout: 120_000,
  }, async () => {
    await prepareFonts();
    const cases: [string, Record<string, unknown>, number?][] = [
      ["Bulgarian", {}],
      ["English", { language: "en" }],
      ["bilingual, three pages", { language: "bilingual" }, 60],
    ];
    for (const [name, fields, count] of cases) {
      const printed = await model(fields, count);
      const pages = splitPages(printed, false);
      const painted = await renderPages(printed, null, pages);
      const text = await renderPages(printed, null, pages, "text");
      expect(wordBoxes(painted.bytes), name).toEqual(wordBoxes(text.bytes));
      const paintedPages = pixels(painted.bytes);
      const textPages = pixels(text.bytes);
      expect(paintedPages.length, name).toBe(pages.length);
      for (const [i, page] of paintedPages.entries()) {
        expect(page.equals(textPages[i]!), `${name}, page ${i + 1}`).toBe(true);
      }
    }
  });

  it("are painted where they fit on one line; what wraps or is too wide for its column stays Text", {
    timeout: 60_000,
  }, async () => {
    await prepareFonts();
    const printed = await model({});
    const kinds = printed.rows.map((row) =>
      rowCells(printed.columns, row, LINE_CELLS).map((cell) =>
        cell.kind === "text" ? cell.column.key : `[${cell.key}]`,
      ),
    );
    // A line all on one line: one Canvas.
    expect(kinds[0]).toEqual(["[no+description+unit+quantity+unitPrice+discount+vat+amount]"]);
    // 1 234 567,891 kg is wider than the quantity's column, 98 765 432,10 than the price's.
    expect(kinds[2]).toEqual([
      "[no+description+unit]",
      "quantity",
      "[unitPrice+discount+vat+amount]",
    ]);
    expect(kinds[3]).toEqual([
      "[no+description+unit+quantity]",
      "unitPrice",
      "[discount+vat+amount]",
    ]);
    // Painted whole: a description just within its column, quotes and «(AWS)» (runs cut where
    // the script changes), Latin, Greek and a double space, «0 %».
    for (const i of [7, 10, 11, 13]) {
      expect(kinds[i], `line ${i + 1}`).toEqual([
        "[no+description+unit+quantity+unitPrice+discount+vat+amount]",
      ]);
    }
    // The description left to react-pdf, the rest painted («Без ДДС» too): one just over its
    // column, a typed line break, a combining accent (react-pdf places it otherwise than
    // pdfkit), one that wraps.
    expect(printed.rows[8]!.vat).toBe("Без ДДС");
    for (const i of [8, 9, 12, 14]) {
      expect(kinds[i], `line ${i + 1}`).toEqual([
        "[no]",
        "description",
        "[unit+quantity+unitPrice+discount+vat+amount]",
      ]);
    }
    // Every cell as Text for the reference rendering.
    expect(rowCells(printed.columns, printed.rows[0]!, null).every((c) => c.kind === "text")).toBe(
      true,
    );
  });
});
