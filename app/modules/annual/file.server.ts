import type { Kysely } from "kysely";
import { companyLine } from "~/modules/ledger/exports.server";
import type { ReportCell, ReportFile, ReportRow } from "~/modules/ledger/report-file";
import type { Database } from "~db/types";
import { ANNUAL_MESSAGES } from "./statements";
import { type AnnualStatements, annualStatements, type StatementLine } from "./statements.server";

/*
 * The year's statements as a draft file (decision 067): one ReportFile (the ledger's files,
 * decision 060) with the balance sheet's two sides, the check, the income statement and what the
 * accountant completes by hand — drawn as PDF in the PDF pool, as Excel or as CSV by
 * /ledger/export/annual.{pdf|xlsx|csv}?year=.
 */

const money = (cents: number | null): ReportCell => (cents === null ? null : { cents });

function section(title: string, lines: StatementLine[]): ReportRow[] {
  const out: ReportRow[] = [{ cells: [title, "", null, null], strong: true }];
  for (const line of lines) {
    const label = `${line.level ? "   " : ""}${line.label}`;
    if (line.manual) {
      out.push({ cells: [label, "попълва се ръчно", null, null] });
      continue;
    }
    out.push({
      cells: [
        label,
        line.accounts.map((a) => a.code).join(", "),
        money(line.current),
        money(line.previous),
      ],
      strong: line.isTotal || line.level === 0,
    });
  }
  return out;
}

/** The draft's rows, in the order of the page. */
export function annualRows(s: AnnualStatements): ReportRow[] {
  const rows: ReportRow[] = [
    ...section("СЪКРАТЕН БАЛАНС — АКТИВ", s.assets),
    ...section("СЪКРАТЕН БАЛАНС — ПАСИВ", s.liabilities),
    {
      cells: [
        "Разлика актив − пасив (трябва да е 0)",
        "",
        { cents: s.difference.current },
        { cents: s.difference.previous },
      ],
      strong: true,
    },
    ...s.unmapped.map((a) => ({
      cells: [
        `   Сметка без ред в баланса: ${a.code} ${a.name}`,
        a.code,
        money(a.current),
        money(a.previous),
      ] as ReportCell[],
    })),
    ...section("СЪКРАТЕН ОТЧЕТ ЗА ПРИХОДИТЕ И РАЗХОДИТЕ", s.income),
    { cells: [ANNUAL_MESSAGES.noSaft, "", null, null] },
  ];
  return rows;
}

/** The draft as a report file of the books. */
export async function annualFile(
  db: Kysely<Database>,
  companyId: string,
  year: number,
): Promise<ReportFile> {
  const [s, company] = await Promise.all([
    annualStatements(db, companyId, year),
    companyLine(db, companyId),
  ]);
  const rows = annualRows(s);
  return {
    title: "Годишен отчет (чернова)",
    subject: "Микропредприятие: съкратен баланс и съкратен отчет за приходите и разходите",
    company,
    period: `Година: ${year}, към 31.12.${year} · суми в ${s.currency === "EUR" ? "евро" : "лева"}`,
    name: { bg: `Годишен-отчет-${year}`, ascii: `godishen-otchet-${year}` },
    columns: [
      { label: "Ред", pdf: 0, xlsx: 60 },
      { label: "Сметки", pdf: 110, xlsx: 24 },
      { label: `${year}`, pdf: 70, xlsx: 14, right: true },
      { label: `${year - 1}`, pdf: 70, xlsx: 14, right: true },
    ],
    rows: (async function* () {
      yield rows;
    })(),
  };
}
