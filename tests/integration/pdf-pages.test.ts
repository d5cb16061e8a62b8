import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "~/modules/invoices/documents.server";
import { fitsPages, type PdfPage, renderPages, splitPages } from "~/modules/invoices/pdf.server";
import { printable } from "~/modules/invoices/print-text";
import { printModelFor } from "~/modules/invoices/render.server";
import { pdfHasGlyph, prepareFonts } from "~/modules/pdf/fonts.server";
import { loader as pdfLoader } from "~/routes/invoice.$id.pdf";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Decision 022: a long invoice is split into its pages before react-pdf lays it out (each page
 * laid out once). Read as a customer reads it (pdftotext, page by page): every line once, in
 * order, the column headings on every page with lines, the totals after the last line; and the
 * pages are those react-pdf chose when it broke the document itself.
 */

const getDb = setupTestDatabase();

const scratch = () => mkdtempSync(join(tmpdir(), "smetka-pages-"));
/** The text of each page (pdftotext ends a page with a form feed), spaces collapsed. */
function pagesOf(pdf: Buffer): string[] {
  const file = join(scratch(), "doc.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", [file, "-"]).toString("utf8");
  return text
    .split("\f")
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, " ").trim());
}
function pageSizes(pdf: Buffer): string[] {
  const file = join(scratch(), "doc.pdf");
  writeFileSync(file, pdf);
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "99", file]).toString("utf8");
  return [...info.matchAll(/^Page\s+\d+ size:\s+(.+)$/gm)].map((m) => m[1]!.trim());
}

/** Descriptions a customer types: short ones, some that wrap over lines, one with a line break. */
function lines(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    description:
      i % 7 === 3
        ? `Поддръжка на уебсайт ${i + 1}: хостинг, резервни копия, обновяване на съдържанието и техническа помощ по телефона в работно време`
        : i % 11 === 5
          ? `Ремонт ${i + 1}\nвключва резервни части`
          : `Консултантски услуги по договор № ${1000 + i}, етап ${i + 1}`,
    quantity: String(1 + (i % 3)),
    unit: "бр.",
    unitPrice: String(120 + i),
    vatRate: 20,
  }));
}

async function draft(count: number, fields: Record<string, unknown> = {}) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const id = await createTestDraft(db, me, { lines: lines(count), ...fields });
  return { db, me, id };
}

/** The lines' numbers on a page: each row starts with its number and description. */
const rowNumbers = (page: string, count: number) =>
  lines(count).flatMap((line, i) =>
    page.includes(` ${i + 1} ${line.description.split(/\s+/).slice(0, 2).join(" ")}`)
      ? [i + 1]
      : [],
  );
/** A page's words in order of the alphabet: what it holds, whatever order pdftotext reads. */
const wordsOf = (page: string) => page.split(" ").sort();

describe("a long invoice's pages", () => {
  it("print every line once and in order, the headings on each page, the totals after the last line", {
    timeout: 60_000,
  }, async () => {
    const count = 60;
    const { db, me, id } = await draft(count);
    const session = await signInApi(db, me.user);
    const answer = await call(pdfLoader, db, `/invoice/${id}/pdf`, {
      headers: { Cookie: session.cookie },
      params: { id },
    });
    expect(answer.status).toBe(200);
    const pdf = Buffer.from(await answer.arrayBuffer());
    const pages = pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(pageSizes(pdf))).toEqual(new Set(["595.28 x 841.89 pts (A4)"]));

    // Each line's row, by its number and first words (the rest of a long description wraps
    // beside the other cells): once, in order; all its words on that page.
    const all = pages.join(" ");
    let from = 0;
    for (const [i, line] of lines(count).entries()) {
      const words = line.description.split(/\s+/);
      const start = ` ${i + 1} ${words.slice(0, 2).join(" ")}`;
      const at = all.indexOf(start, from);
      expect(at, start).toBeGreaterThanOrEqual(from);
      expect(all.indexOf(start, at + 1), start).toBe(-1);
      from = at + start.length;
      const page = pages.find((text) => text.includes(start))!;
      for (const word of words) expect(page, start).toContain(word);
    }
    const numbers = pages.map((page) => rowNumbers(page, count));
    expect(numbers.flat()).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const [i, page] of pages.entries()) {
      if (numbers[i]!.length) expect(page).toContain("№ Описание Мярка Количество Ед. цена ДДС");
      // The header of the document on the first page only.
      expect(page.includes("ПОЛУЧАТЕЛ")).toBe(i === 0);
    }
    const last = pages.length - 1;
    const totalsOn = pages.flatMap((page, i) => (page.includes("Сума за плащане") ? [i] : []));
    expect(totalsOn).toHaveLength(1);
    expect(totalsOn[0]).toBeGreaterThanOrEqual(
      numbers.length - 1 - [...numbers].reverse().findIndex((n) => n.length > 0),
    );
    expect(pages[last]).toContain("Съставил");
  });

  it("are the pages react-pdf chose when it broke the document itself, each laid out within A4", {
    timeout: 120_000,
  }, async () => {
    await prepareFonts();
    const cases: [number, Record<string, unknown>][] = [
      [3, {}],
      [26, {}],
      [45, { language: "bilingual", notes: "Плащане до края на месеца. ".repeat(12) }],
      [70, { language: "en", authorName: "Иван Петров" }],
      [110, { notes: "Гаранция 24 месеца." }],
    ];
    for (const [count, fields] of cases) {
      const { db, me, id } = await draft(count, fields);
      const doc = (await getDocument(db, me.companyId, id))!;
      const model = printable(await printModelFor(db, doc), pdfHasGlyph);
      const pages = splitPages(model, false);
      const split = await renderPages(model, null, pages);
      const flowing = await renderPages(model, null, null);
      expect(fitsPages(split.layout, pages.length), `${count} lines`).toBe(true);
      expect(pagesOf(split.bytes).map(wordsOf), `${count} lines`).toEqual(
        pagesOf(flowing.bytes).map(wordsOf),
      );
    }
  });

  it("a page holding more than fits is caught, so the document is rendered flowing instead", {
    timeout: 60_000,
  }, async () => {
    await prepareFonts();
    const { db, me, id } = await draft(60);
    const model = printable(
      await printModelFor(db, (await getDocument(db, me.companyId, id))!),
      pdfHasGlyph,
    );
    const pages = splitPages(model, false);
    expect(pages.length).toBeGreaterThan(1);
    // Three more lines on the first page than it holds.
    const crowded: PdfPage[] = pages.map((page) => ({ ...page, rows: [...page.rows] }));
    crowded[0]!.rows.push(...crowded[1]!.rows.splice(0, 3));
    const { layout } = await renderPages(model, null, crowded);
    expect(fitsPages(layout, crowded.length)).toBe(false);
    expect(fitsPages(undefined, crowded.length)).toBe(false);
  });
});
