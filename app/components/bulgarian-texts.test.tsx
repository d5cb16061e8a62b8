import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ErrorMessage } from "~/components/error-boundary";
import { ExportReady } from "~/components/export/export-status";
import { PlanGate } from "~/components/subscriptions/plan-gate";
import { JournalTable } from "~/components/vat/vat-tables";
import { exportReadyMail } from "~/modules/mail/templates.server";
import { formatDate } from "~/utils/dates";

/*
 * Issue #41 item 13: the Bulgarian of what people read — a date that ends in «г.» ends the
 * sentence (no «г..»), counts agree with their noun (no «1 документа»), Bulgarian before English.
 */

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");

/** Every source file under app/, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("Bulgarian texts", () => {
  it("no date is followed by a sentence's dot: formatDate already ends in «г.»", () => {
    expect(formatDate("2026-12-28T10:00:00Z")).toBe("28.12.2026 г.");
    // `{formatDate(x)}.` in JSX or `${formatDate(x)}.` in a template: «г..» on the page.
    const doubled = /formatDate\((?:[^()]|\([^()]*\))*\)\}\./;
    const found = sources(join(process.cwd(), "app")).filter((file) =>
      doubled.test(readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("the export page and its e-mail: one «г.», and «1 файл»", () => {
    const page = render(
      <ExportReady
        item={{
          id: "e1",
          state: "ready",
          part: null,
          documentsDone: 1,
          documentsTotal: 1,
          percent: 100,
          files: 1,
          sizeBytes: 2048,
          error: null,
          createdAt: "2026-11-28T10:00:00Z",
          readyAt: "2026-11-28T10:05:00Z",
          expiresAt: "2026-12-05T10:05:00Z",
        }}
      />,
    );
    expect(page).toContain("е готов (1 файл, 2 KB)");
    expect(page).toContain("Може да бъде изтеглен до 05.12.2026 г. ");
    expect(page).not.toContain("г..");

    const mail = exportReadyMail({
      to: "a@b.bg",
      firstName: "Ана",
      link: "https://smetka.bg/x",
      until: formatDate("2026-12-05T10:05:00Z"),
      size: "2 KB",
    });
    expect(mail.text).not.toContain("г..");
    expect(mail.html).not.toContain("г..");
  });

  it("a VAT journal of one document totals «1 документ»", () => {
    const text = render(
      <JournalTable
        title="Дневник на продажбите"
        columns={["Основа"]}
        rows={[
          {
            key: "1",
            href: "/invoice/1",
            type: "01",
            number: "0000000001",
            date: "2026-11-02",
            counterpartyName: "Клиент ООД",
            counterpartyId: "175074752",
            cells: [10000],
          },
        ]}
        totals={[10000]}
        count={1}
      />,
    );
    expect(text).toContain("Общо (1 документ)");
  });

  it("the plan gates name the plans as the spec does: «Стандартен» and «Пълен»", () => {
    const standard = render(<PlanGate needed="standard" />);
    expect(standard).toContain("Необходим е стандартен абонамент");
    expect(standard).toContain("в плановете „Стандартен“ и „Пълен“.");
    expect(render(<PlanGate needed="full" />)).toContain("в план „Пълен“.");
  });

  it("the 404 page says it in Bulgarian first, the spec's English under it", () => {
    const text = render(<ErrorMessage status={404} />);
    const bg = text.indexOf("Страницата не е намерена");
    const en = text.indexOf("Page Not Found");
    expect(bg).toBeGreaterThan(-1);
    expect(en).toBeGreaterThan(bg);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ErrorMessage status={404} />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<h1[^>]*>Страницата не е намерена<\/h1>/);
  });
});
