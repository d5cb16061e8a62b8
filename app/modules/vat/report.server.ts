import { zipSync } from "fflate";
import iconv from "iconv-lite";
import type { Kysely } from "kysely";
import { previousMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import {
  carriedRefund,
  checkReturnControls,
  levaToEuro,
  type MonthResult,
  type Problem,
  periodCurrency,
  type ReturnCells,
  returnFigures,
  type SalesRow,
  salesTotals,
} from "./journals.server";
import {
  DECLARATION_LAYOUT,
  encodeRecord,
  type Field,
  FieldError,
  PURCHASES_LAYOUT,
  type RecordValues,
  type Rewrite,
  SALES_LAYOUT,
  VIES_LAYOUTS,
} from "./layouts";
import { monthJournals } from "./purchases.server";

/*
 * The month's VAT report (issue #16): the journals, the return's figures, VIES, and the four
 * files, built from one reading of the data. Any document whose data cannot be written is a
 * problem listed with a link to fix it; the files are offered only when there is none.
 */

export interface FilingSettings {
  filerName: string;
  filerEgn: string;
  filerRole: "R" | "A";
  filerCity: string;
  filerPostalCode: string;
  filerAddress: string;
  creditCoefficient: number;
}

export async function getFilingSettings(
  db: Kysely<Database>,
  companyId: string,
): Promise<FilingSettings | null> {
  const row = await db
    .selectFrom("vatFilingSettings")
    .select([
      "filerName",
      "filerEgn",
      "filerRole",
      "filerCity",
      "filerPostalCode",
      "filerAddress",
      "creditCoefficient",
    ])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return row ? { ...row, creditCoefficient: Number(row.creditCoefficient) } : null;
}

export async function saveFilingSettings(
  db: Kysely<Database>,
  companyId: string,
  settings: FilingSettings,
) {
  await db
    .insertInto("vatFilingSettings")
    .values({ companyId, ...settings })
    .onConflict((c) => c.column("companyId").doUpdateSet({ ...settings, updatedAt: new Date() }))
    .execute();
}

/** yyyy-MM → ggggmm (НАП's period). */
const period = (month: string) => month.replace("-", "");

export type VatReport = Awaited<ReturnType<typeof vatReport>>;

/** A month's journals, as `monthJournals` reads them for one company and plan. */
export type JournalsOf = (month: string) => ReturnType<typeof monthJournals>;

/**
 * Reads each month's journals once: a return reads its month and the three before it (the
 * refund carried under чл. 92, ал. 1), so two consecutive returns share four of their eight reads.
 */
export function journalsReader(
  db: Kysely<Database>,
  companyId: string,
  withExpenses: boolean,
): JournalsOf {
  const read = new Map<string, ReturnType<typeof monthJournals>>();
  return (month) => {
    let journals = read.get(month);
    if (!journals) {
      journals = monthJournals(db, companyId, month, withExpenses);
      read.set(month, journals);
    }
    return journals;
  };
}

/**
 * The return's cells for a month: its journals, and the refund the three months before carry into
 * it. The one definition /reports/vat, the calendar and the dashboard share.
 */
async function returnOf(journalsOf: JournalsOf, month: string, coefficient: number) {
  const m1 = previousMonth(month);
  const m2 = previousMonth(m1);
  const [journals, r1, r2] = await Promise.all([
    journalsOf(month),
    monthResult(journalsOf, m1, month, coefficient),
    monthResult(journalsOf, m2, month, coefficient),
  ]);
  // M-3 counts only through M-2's refund (`carriedRefund`): its journals are read only then.
  const r3 =
    r2.refund > 0
      ? await monthResult(journalsOf, previousMonth(m2), month, coefficient)
      : { payable: 0, refund: 0 };
  const figures = returnFigures(
    journals.sales.rows,
    journals.purchases.rows,
    coefficient,
    carriedRefund([r1, r2, r3]),
  );
  return { journals, figures };
}

/**
 * Everything /reports/vat shows for a month. `withExpenses` is false below the standard plan: the
 * purchase journal is then empty (and the page says why).
 */
export async function vatReport(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  withExpenses: boolean,
) {
  const [company, settings] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["name", "isVatRegistered", "vatNumber", "eik", "address", "city", "postalCode"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    getFilingSettings(db, companyId),
  ]);
  const coefficient = settings?.creditCoefficient ?? 1;
  const { journals, figures } = await returnOf(
    journalsReader(db, companyId, withExpenses),
    month,
    coefficient,
  );
  const { sales, purchases } = journals;
  const problems: Problem[] = [...sales.problems, ...purchases.problems];
  if (!settings) {
    problems.push({
      what: "Данни за подаването",
      href: `/reports/vat?month=${month}#filing`,
      message: "Попълнете кой подава файловете (име, ЕГН, качество и адрес).",
    });
  }
  return {
    month,
    currency: periodCurrency(month),
    company,
    settings,
    sales: sales.rows,
    purchases: purchases.rows,
    figures,
    vies: viesLines(sales.rows),
    problems,
  };
}

export type ReturnFiguresOf = (
  month: string,
) => Promise<{ month: string; currency: string; figures: ReturnCells }>;

/**
 * The return's figures of several months of one company, as /reports/vat computes them (the
 * same `returnOf`), without the page's company, VIES lines and problems: the filing settings
 * (the credit coefficient) read once, each month's journals once across the months asked.
 * For the tax calendar and the dashboard (decision 075): two consecutive returns read five
 * months' journals instead of eight.
 */
export function returnFiguresReader(
  db: Kysely<Database>,
  companyId: string,
  withExpenses: boolean,
): ReturnFiguresOf {
  const journalsOf = journalsReader(db, companyId, withExpenses);
  let coefficient: Promise<number> | undefined;
  return async (month) => {
    coefficient ??= getFilingSettings(db, companyId).then((s) => s?.creditCoefficient ?? 1);
    const { figures } = await returnOf(journalsOf, month, await coefficient);
    return { month, currency: periodCurrency(month), figures };
  };
}

/**
 * A month's кл. 50 and кл. 60 from its journals, in the currency of `usedIn` (a 2025 refund is
 * deducted in euro from January 2026): what чл. 92, ал. 1 carries into the months after it.
 */
async function monthResult(
  journalsOf: JournalsOf,
  month: string,
  usedIn: string,
  coefficient: number,
): Promise<MonthResult> {
  if (month < "2007-01") return { payable: 0, refund: 0 };
  const { sales, purchases } = await journalsOf(month);
  const cells = returnFigures(sales.rows, purchases.rows, coefficient);
  const convert = periodCurrency(month) === periodCurrency(usedIn) ? (c: number) => c : levaToEuro;
  return { payable: convert(cells["01-50"]), refund: convert(cells["01-60"]) };
}

/** VIES: one line per customer VAT number, goods and services summed. */
function viesLines(rows: SalesRow[]) {
  const byNumber = new Map<string, { vatNumber: string; goods: number; services: number }>();
  for (const row of rows) {
    if (!row.vies) continue;
    const line = byNumber.get(row.vies.vatNumber) ?? {
      vatNumber: row.vies.vatNumber,
      goods: 0,
      services: 0,
    };
    line.goods += row.vies.goods;
    line.services += row.vies.services;
    byNumber.set(row.vies.vatNumber, line);
  }
  return [...byNumber.values()].sort((a, b) => a.vatNumber.localeCompare(b.vatNumber));
}

export interface VatFile {
  name: "PRODAGBI.TXT" | "POKUPKI.TXT" | "DEKLAR.TXT" | "VIES.TXT";
  bytes: Uint8Array;
}

/**
 * A text the files write otherwise than it was typed: without letters Windows-1251 lacks, or cut
 * to the width of НАП's field.
 */
export interface Conversion {
  /** "Фактура № 0000000012" */
  what: string;
  href: string;
  from: string;
  to: string;
  /** What was done, in Bulgarian: «съкратено до 50 знака (полето «Име на контрагента»)». */
  note: string;
}

/** What a rewrite did, as the page says it. */
function noteOf(rewrite: Rewrite): string {
  return [
    rewrite.transliterated ? "без знаци, които Windows-1251 няма" : "",
    rewrite.cut
      ? `съкратено до ${rewrite.field.width} знака — толкова побира полето «${rewrite.field.name}»`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * A record and its CR LF as Windows-1251 bytes (the layouts convert what it lacks; a guard);
 * VIES.TXT's closing CHR record has no CR LF, as in a file НАП accepted (decision 050).
 */
function encode(record: string, ending = "\r\n"): Buffer {
  const line = `${record}${ending}`;
  const bytes = iconv.encode(line, "win1251");
  if (iconv.decode(bytes, "win1251") !== line) throw new Error("not cp1251");
  return bytes;
}

/**
 * The files of the month (VIES.TXT only when there are intra-Community supplies), the problems
 * that kept a record from being written, and the texts written otherwise than typed, listed on the
 * page: without letters Windows-1251 lacks («Müller» → «Muller») or cut to НАП's fixed width (a
 * 70-letter name in the 50 of 02-08). Never a record guessed; never a month blocked by a text.
 */
export function buildFiles(report: VatReport): {
  files: VatFile[];
  problems: Problem[];
  conversions: Conversion[];
} {
  const problems: Problem[] = [];
  const conversions: Conversion[] = [];
  const seen = new Set<string>();
  const company = report.company;
  const declarer = company.vatNumber ?? `BG${company.eik}`;
  const lines = (
    what: string,
    href: string,
    layout: readonly Field[],
    values: RecordValues,
    ending?: string,
  ): Buffer | null => {
    const rewritten = (rewrite: Rewrite) => {
      const key = `${what}\u0000${rewrite.from}\u0000${rewrite.to}`;
      if (seen.has(key)) return;
      seen.add(key);
      conversions.push({ what, href, from: rewrite.from, to: rewrite.to, note: noteOf(rewrite) });
    };
    try {
      return encode(encodeRecord(layout, values, rewritten), ending);
    } catch (error) {
      if (error instanceof FieldError) {
        problems.push({
          what,
          href,
          message:
            error.reason === "too_long"
              ? `«${error.field.name}» е по-дълго от ${error.field.width} знака, колкото допуска файлът на НАП: «${error.value}».`
              : `«${error.field.name}» е твърде голямо за полето от ${error.field.width} знака.`,
        });
      } else {
        problems.push({
          what,
          href,
          message: "Съдържа знак, който няма в кодировката Windows-1251 на файловете на НАП.",
        });
      }
      return null;
    }
  };
  const salesLines = report.sales.map((row, index) =>
    lines(
      `${row.expenseId ? "Протокол" : "Документ"} № ${row.number}`,
      row.expenseId ? `/expenses/edit/${row.expenseId}` : `/invoice/${row.documentId}`,
      SALES_LAYOUT,
      {
        "02-00": declarer,
        "02-01": period(report.month),
        "02-02": 0,
        "02-03": index + 1,
        "02-04": row.type,
        "02-05": row.number,
        "02-06": row.date,
        "02-07": row.counterpartyId,
        "02-08": row.counterpartyName,
        "02-09": row.subject,
        ...salesTotals(row),
        ...row.amounts,
        "02-27": row.deliveryCode,
      },
    ),
  );
  const purchaseLines = report.purchases.map((row, index) =>
    lines(`Разход № ${row.number}`, `/expenses/edit/${row.expenseId}`, PURCHASES_LAYOUT, {
      "03-00": declarer,
      "03-01": period(report.month),
      "03-02": 0,
      "03-03": index + 1,
      "03-04": row.type,
      "03-05": row.number,
      "03-06": row.date,
      "03-07": row.counterpartyId,
      "03-08": row.counterpartyName,
      "03-09": row.subject,
      ...row.amounts,
      "03-45": row.deliveryCode,
    }),
  );
  const s = report.settings;
  for (const failed of checkReturnControls(report.figures, s?.creditCoefficient ?? 1)) {
    problems.push({
      what: "Справка-декларация",
      href: `/reports/vat?month=${report.month}`,
      message: `Контролата на НАП не е изпълнена: ${failed}.`,
    });
  }
  const declaration = lines("Справка-декларация", "/settings", DECLARATION_LAYOUT, {
    "00-01": declarer,
    "00-02": company.name,
    "00-03": period(report.month),
    "00-04": s ? `${s.filerEgn}/${s.filerName}` : "",
    "00-05": report.sales.length,
    "00-06": report.purchases.length,
    "01-33": (s?.creditCoefficient ?? 1).toFixed(2),
    ...report.figures,
  });
  const vies = report.vies.length
    ? [
        lines("VIES-декларация", "/reports/vat", VIES_LAYOUTS.VHR, {
          "VHR-1": "VHR",
          "VHR-2": `${report.month.slice(5)}/${report.month.slice(0, 4)}`,
          "VHR-3": report.vies.length,
        }),
        lines(
          "VIES-декларация: подаващ",
          `/reports/vat?month=${report.month}#filing`,
          VIES_LAYOUTS.VDR,
          {
            "VDR-1": "VDR",
            "VDR-2": s?.filerEgn,
            "VDR-3": s?.filerName,
            "VDR-4": s?.filerCity,
            "VDR-5": s?.filerPostalCode,
            "VDR-6": s?.filerAddress,
            "VDR-7": s?.filerRole,
          },
        ),
        lines("VIES-декларация: фирма", "/profile", VIES_LAYOUTS.VTR, {
          "VTR-1": "VTR",
          "VTR-2": declarer,
          "VTR-3": company.name,
          "VTR-4": [company.postalCode, company.city, company.address].filter(Boolean).join(", "),
        }),
        lines("VIES-декларация: общо", "/reports/vat", VIES_LAYOUTS.TTR, {
          "TTR-1": "TTR",
          "TTR-2": report.vies.reduce((t, l) => t + l.goods + l.services, 0),
          "TTR-3": report.vies.reduce((t, l) => t + l.goods, 0),
        }),
        ...report.vies.map((line, index) =>
          lines(`VIES: ${line.vatNumber}`, "/clients", VIES_LAYOUTS.VIR, {
            "VIR-1": "VIR",
            "VIR-2": index + 1,
            "VIR-3": line.vatNumber,
            "VIR-4": line.goods,
            "VIR-5": 0,
            "VIR-6": line.services,
            "VIR-7": "",
          }),
        ),
        lines(
          "VIES-декларация: край",
          "/reports/vat",
          VIES_LAYOUTS.CHR,
          { "CHR-1": "CHR", "CHR-2": 0 },
          "",
        ),
      ]
    : [];
  const file = (name: VatFile["name"], records: (Buffer | null)[]): VatFile => ({
    name,
    bytes: new Uint8Array(Buffer.concat(records.filter((r): r is Buffer => r !== null))),
  });
  const files = [
    file("PRODAGBI.TXT", salesLines),
    file("POKUPKI.TXT", purchaseLines),
    file("DEKLAR.TXT", [declaration]),
    ...(vies.length ? [file("VIES.TXT", vies)] : []),
  ];
  return { files, problems, conversions };
}

/** The files in one zip. */
export function zipFiles(files: VatFile[]): Uint8Array {
  // A fixed time: the same files make the same zip whenever they are downloaded.
  return zipSync(Object.fromEntries(files.map((f) => [f.name, f.bytes])), {
    level: 6,
    mtime: new Date(1980, 0, 1),
  });
}
