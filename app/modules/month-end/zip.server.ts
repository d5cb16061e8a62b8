import type { Kysely } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { csvHead, csvPage, journalFile, trialBalanceFile } from "~/modules/ledger/exports.server";
import type { ReportFile } from "~/modules/ledger/report-file";
import { monthlySaft } from "~/modules/saft/file.server";
import { declarationBundle } from "~/modules/salaries/nap/bundle.server";
import { recordDelivery } from "~/modules/salaries/nap/corrections.server";
import { zipDeclarationFiles } from "~/modules/salaries/nap/files.server";
import { PLAN_RANK } from "~/modules/subscriptions/plans";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { csvLines, excelCsv } from "~/utils/csv.server";
import { formatDate } from "~/utils/dates";
import { lastDayOf } from "~/utils/periods";
import type { StreamEntry } from "~/utils/zip-stream.server";
import type { Database, Plan } from "~db/types";
import { type MonthState, STATE_LABELS } from "./constants";
import { monthEnd } from "./state.server";

/*
 * The month's ZIP (issue #46 item 3): everything the accountant files or keeps for the month, in
 * folders, with ПРОЧЕТИ.txt saying what is in it and what is not and why. The VAT and payroll
 * files only when they are ready (never a file with a wrong record); the books always. Entries are
 * made as the ZIP is read: the journal streams page by page.
 */

const encoder = new TextEncoder();

/** The ZIP's file name: «Месец-2026-10-123456789.zip» and its ASCII twin. */
export const zipNames = (month: string, eik: string) => ({
  bg: `Месец-${month}-${eik}.zip`,
  ascii: `mesec-${month}-${eik}.zip`,
});

/** ПРОЧЕТИ.txt: the state of the month as the page shows it, in plain text (CR LF, BOM). */
export function readme(state: MonthState, company: { name: string; eik: string }, now: Date) {
  const lines = [
    `${company.name}, ЕИК ${company.eik}`,
    `Приключване на месеца: ${state.label} (към ${formatDate(now)})`,
    "",
    state.headline,
    state.lock
      ? `Заключен от ${state.lock.lockedByName} на ${formatDate(state.lock.lockedAt)}`
      : "Месецът не е заключен.",
    "",
  ];
  for (const s of state.sections) {
    lines.push(`${s.title}: ${STATE_LABELS[s.state]}. ${s.summary}`);
    for (const item of s.items) lines.push(`  - ${item.what}: ${item.message}`);
  }
  lines.push(
    "",
    "В архива:",
    "  ДДС/ — файловете за НАП (PRODAGBI.TXT, POKUPKI.TXT, DEKLAR.TXT, VIES.TXT), когато са готови;",
    "  Заплати/ — декларациите обр. 1 и обр. 6, когато са готови;",
    "  SAF-T/ — стандартният одитен файл за НАП (XML), когато може да бъде съставен;",
    "  Книги/ — хронологичният регистър и оборотната ведомост за месеца (CSV за Excel).",
  );
  return encoder.encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** Text chunks as UTF-8 bytes, as they come. */
async function* encoded(chunks: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield encoder.encode(chunk);
}

/** A report of the books as CSV bytes, page by page. */
async function* csvOf(file: ReportFile): AsyncGenerator<Uint8Array> {
  yield encoder.encode(excelCsv(csvHead(file)));
  for await (const rows of file.rows) yield encoder.encode(csvLines(csvPage(rows)));
}

/**
 * The entries of the month's ZIP. Giving the payroll files records their delivery, as the
 * payroll page's ZIP does (the next download after a change gives the correcting lines).
 */
export async function* monthEntries(
  db: Kysely<Database>,
  company: { id: string; name: string; eik: string; plan: Plan },
  state: MonthState,
  user: Pick<SessionUser, "id" | "impersonator">,
  today: string,
): AsyncGenerator<StreamEntry> {
  const { month } = state;
  yield { name: "ПРОЧЕТИ.txt", data: readme(state, company, new Date()) };
  const ready = (key: string) => state.sections.some((s) => s.key === key && s.state === "ready");
  if (ready("vat")) {
    const withExpenses = PLAN_RANK[company.plan] >= PLAN_RANK.standard;
    const { files, problems } = buildFiles(await vatReport(db, company.id, month, withExpenses));
    if (!problems.length) {
      for (const f of files) yield { name: `ДДС/${f.name}`, data: f.bytes };
    }
  }
  if (ready("payroll")) {
    const bundle = await declarationBundle(db, company.id, month);
    if (bundle.files) {
      const zip = zipDeclarationFiles(bundle.files);
      await recordDelivery(
        db,
        bundle.declaration,
        "zip",
        zip,
        user,
        bundle.correction && bundle.base,
      );
      for (const f of bundle.files) yield { name: `Заплати/${f.name}`, data: f.bytes };
    }
  }
  if (ready("saft")) {
    const saft = await monthlySaft(db, company.id, month, today);
    if ("chunks" in saft) yield { name: `SAF-T/${saft.fileName}`, data: encoded(saft.chunks) };
  }
  const period = { from: `${month}-01`, to: lastDayOf(month) };
  for (const file of [
    await journalFile(db, company.id, period),
    await trialBalanceFile(db, company.id, { ...period, analytics: true }),
  ]) {
    yield { name: `Книги/${file.name.bg}.csv`, data: csvOf(file) };
  }
}

/** The month's ZIP for a company: its file names and entries (read as the ZIP is written). */
export async function monthZip(
  db: Kysely<Database>,
  company: { id: string; plan: Plan },
  month: string,
  today: string,
  user: Pick<SessionUser, "id" | "impersonator">,
) {
  const [row, state] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["name", "eik"])
      .where("id", "=", company.id)
      .executeTakeFirstOrThrow(),
    monthEnd(db, company, month, today),
  ]);
  return {
    names: zipNames(month, row.eik),
    entries: monthEntries(db, { ...company, name: row.name, eik: row.eik }, state, user, today),
  };
}
