import { type LedgerPdfModel, pdfModel, type ReportRow } from "~/modules/ledger/report-file";
import { printDate } from "~/utils/dates";
import type { TaxYear } from "./advance.server";
import { returnRows } from "./return-rows";
import { annualReturnDueDate } from "./rules";
import { SOLE_TRADER_MESSAGES, soleTraderRows } from "./sole-trader";

/*
 * Приложение № 3 (decision 076) and a sole trader's Приложение № 2 (decision 080) as PDF: the
 * page's rows drawn by the ledger's report renderer in the PDF pool (kind «ledger»), with the
 * sources under the table.
 */

/** The PDF's model of a freelancer's year; the caller has checked that `annual` is there. */
export function annualReturnPdf(t: TaxYear, madeAt: string): LedgerPdfModel {
  const f = t.annual;
  if (!f) throw new RangeError("No annual figures");
  const rows: ReportRow[] = returnRows(f, t.rule.ratePercent, t.rule.statutoryExpensesPercent).map(
    (r) => ({
      cells: [
        r.label,
        r.eik ?? "",
        r.amountCents === null ? null : { cents: r.amountCents },
        r.withheldCents === undefined || r.withheldCents === null
          ? null
          : { cents: r.withheldCents },
      ],
      strong: r.heading === true || r.strong === true,
    }),
  );
  const model = pdfModel(
    {
      title: "Годишна данъчна декларация – Приложение 3",
      subject: `Доходи от упражняване на свободна професия за ${t.year} г. (чл. 50 ЗДДФЛ) — чернова`,
      company: `${t.company.name}, ЕИК/Булстат ${t.company.eik}`,
      period: `Период: ${printDate(`${t.year}-01-01`)} – ${printDate(`${t.year}-12-31`)} · суми в евро · срок за подаване ${printDate(annualReturnDueDate(t.year))}`,
      name: { bg: `приложение-3-${t.year}`, ascii: `prilozhenie-3-${t.year}` },
      columns: [
        { label: "Ред", pdf: 0, xlsx: 60 },
        { label: "ЕИК", pdf: 80, xlsx: 14 },
        { label: "Доход / сума", pdf: 90, xlsx: 14, right: true },
        { label: "Удържан данък", pdf: 80, xlsx: 14, right: true },
      ],
    },
    rows,
    madeAt,
  );
  return {
    ...model,
    after: [
      "Доходът е полученият през годината (плащанията по издадените фактури и дебитни известия, без ДДС). Удържаният данък е изчислен по правилото на чл. 43, ал. 4 ЗДДФЛ — сверете го със служебните бележки на платците.",
      `Източник: ${t.rule.source}.`,
    ],
  };
}

/** The PDF's model of a sole trader's Приложение № 2 (decision 080): the page's rows. */
export function soleTraderReturnPdf(t: TaxYear, madeAt: string): LedgerPdfModel {
  const s = t.soleTrader;
  if (!s) throw new RangeError("No sole trader figures");
  const rows: ReportRow[] = soleTraderRows(s.figures, s.rule.ratePercent, t.year).map((r) => ({
    cells: [r.label, r.cents === null ? null : { cents: r.cents }],
    strong: r.heading === true || r.strong === true,
  }));
  const currency = s.currency === "BGN" ? "в лева" : "в евро";
  const model = pdfModel(
    {
      title: "Годишна данъчна декларация на едноличен търговец – Приложение 2",
      subject: `Доходи от стопанска дейност като едноличен търговец за ${t.year} г. (чл. 50 ЗДДФЛ) — чернова`,
      company: `${t.company.name}, ЕИК ${t.company.eik}`,
      period: `Период: ${printDate(`${t.year}-01-01`)} – ${printDate(`${t.year}-12-31`)} · суми ${currency} · срок за подаване и плащане ${printDate(s.dueDate)}`,
      name: { bg: `приложение-2-${t.year}`, ascii: `prilozhenie-2-${t.year}` },
      columns: [
        { label: "Ред", pdf: 0, xlsx: 60 },
        { label: "Сума", pdf: 100, xlsx: 14, right: true },
      ],
    },
    rows,
    madeAt,
  );
  return {
    ...model,
    after: [SOLE_TRADER_MESSAGES.result, `Източник: ${s.rule.source}.`],
  };
}
