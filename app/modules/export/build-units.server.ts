import type { Kysely } from "kysely";
import { CATALOGUE_CSV_HEADER, catalogueCsvPage } from "~/modules/catalogue/csv.server";
import { CLIENT_CSV_HEADER, clientCsvPage } from "~/modules/clients/csv.server";
import { EInvoiceInvalidError, eInvoiceXml, hasEInvoice } from "~/modules/einvoice/ubl.server";
import { receiptsPage } from "~/modules/expenses/archive.server";
import { EXPENSE_CSV_HEADER, expenseCsvPage } from "~/modules/expenses/csv.server";
import {
  PROTOCOL_CSV_HEADER,
  protocolCsvPage,
  protocolIdsPage,
} from "~/modules/expenses/protocol-csv.server";
import { protocolPdfModel } from "~/modules/expenses/protocol-pdf.server";
import { expenseFiltersFromSearch } from "~/modules/expenses/queries.server";
import { numberedDocumentsPage, storedPdfsOf } from "~/modules/invoices/archive.server";
import {
  DOCUMENT_CSV_HEADER,
  documentCsvPage,
  PAYMENT_CSV_HEADER,
  paymentCsvPage,
} from "~/modules/invoices/csv.server";
import type { DocumentWithLines } from "~/modules/invoices/documents.server";
import { pdfFileName, storedPdf } from "~/modules/invoices/render.server";
import { OFFER_CSV_HEADER, offerCsvPage } from "~/modules/offers/csv.server";
import { listOffers } from "~/modules/offers/list.server";
import { renderOfferPdf } from "~/modules/offers/print.server";
import { getOffer } from "~/modules/offers/queries.server";
import { renderInPool } from "~/modules/pdf/pool.server";
import { SALARY_CSV_HEADER, salaryCsvRows, salaryMonths } from "~/modules/salaries/csv.server";
import { buildFiles, vatReport } from "~/modules/vat/report.server";
import { csvLines, excelCsv } from "~/utils/csv.server";
import { formatDate, printDate } from "~/utils/dates";
import { nextMonth } from "~/utils/periods";
import type { Database } from "~db/types";
import type { ExportPart } from "./constants";
import { numbered, receiptFolder, safeEntryName } from "./names";
import { exportReadme } from "./readme";
import type { ZipState, ZipWriter } from "./zip.server";

/*
 * The units of the export's build (build.server.ts runs them by the step): a page of documents,
 * a page of receipts, a VAT month, a page of a CSV, README.txt, each resuming where the step's
 * saved state says.
 */

const DOCUMENTS_PER_UNIT = 50;
/** Offers have no stored PDF: each is rendered, so a few at a time. */
const OFFERS_PER_UNIT = 10;
/** Protocols under чл. 117 are drawn now (none is stored), as offers are: a few at a time. */
const PROTOCOLS_PER_UNIT = 10;
/** Receipts are up to 5 MB each: a few at a time. */
const RECEIPTS_PER_UNIT = 8;
const CSV_ROWS_PER_UNIT = 1_000;
/** At most this many skipped files are named in README.txt (the rest are counted). */
const SKIPPED_NAMED = 200;

export interface Step {
  part: ExportPart;
  cursor: string | null;
  /** The day the export was asked for (Sofia): the CSVs' states are as of it. */
  today: string;
  zip: ZipState;
  withExpenses: boolean;
  vatRegistered: boolean;
  /** The next VAT month to write, and the last one. */
  vatMonth: string | null;
  vatLast: string | null;
  csvIndex: number;
  salaryMonths: string[];
  /** The expense whose receipts are being written and the names used in its folder. */
  receipt: { expenseId: string; names: string[] } | null;
  counts: {
    pdfs: number;
    cancelled: number;
    rendered: number;
    ubls: number;
    receipts: number;
    /** Offers' PDFs (issue #48 item 5); absent in a build saved before offers were exported. */
    offers?: number;
    /** Protocols' PDFs under чл. 117 (decision 073); absent in a build saved before them. */
    protocols?: number;
  };
  csvWritten: string[];
  vatFiles: string[];
  vatProblemMonths: string[];
  skipped: { name: string; reason: string }[];
  skippedCount: number;
}

export interface Build {
  db: Kysely<Database>;
  companyId: string;
  step: Step;
  writer: ZipWriter;
  documentsDone: number;
}

function skip(step: Step, name: string, reason: string) {
  step.skippedCount += 1;
  if (step.skipped.length < SKIPPED_NAMED) step.skipped.push({ name, reason });
}

/** "Документи/2026/Фактура-0000000001.pdf" (a cancelled one: "…-анулиран.pdf"). */
function documentEntry(doc: DocumentWithLines) {
  const base = pdfFileName(doc).replace(/\.pdf$/, "");
  const name = doc.status === "cancelled" ? `${base}-анулиран` : base;
  return `Документи/${doc.issueDate.slice(0, 4)}/${safeEntryName(name, "документ")}`;
}

async function documentsUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await numberedDocumentsPage(db, companyId, step.cursor, DOCUMENTS_PER_UNIT);
  const pdfs = await storedPdfsOf(
    db,
    companyId,
    page.documents.map((doc) => doc.id),
  );
  for (const doc of page.documents) {
    let pdf = pdfs.get(doc.id);
    if (!pdf) {
      // No stored PDF (its job has not run yet, or a cancelled one): rendered in the pool now.
      pdf = (await storedPdf(db, doc)).data;
      step.counts.rendered += 1;
    }
    const entry = documentEntry(doc);
    await writer.addFile(`${entry}.pdf`, pdf, { deflate: false });
    step.counts.pdfs += 1;
    if (doc.status === "cancelled") step.counts.cancelled += 1;
    if (hasEInvoice(doc)) {
      try {
        const xml = await eInvoiceXml(db, doc, pdf);
        await writer.addFile(`${entry}.xml`, Buffer.from(xml, "utf8"), { deflate: true });
        step.counts.ubls += 1;
      } catch (error) {
        if (!(error instanceof EInvoiceInvalidError)) throw error;
        skip(
          step,
          `${entry}.xml`,
          `електронната фактура не може да бъде създадена: ${error.problems.map((p) => p.message).join("; ")}`,
        );
      }
    }
    build.documentsDone += 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "offers";
    step.cursor = null;
  }
}

/** "Оферти/2026/Оферта-0000000001.pdf": rendered now (an offer keeps no PDF; decision 077). */
async function offersUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await listOffers(
    db,
    companyId,
    null,
    {},
    { after: step.cursor, limit: OFFERS_PER_UNIT, today: step.today },
  );
  for (const row of page.rows) {
    const offer = await getOffer(db, companyId, null, row.id);
    const pdf = await renderOfferPdf(db, offer);
    const name = safeEntryName(`Оферта-${offer.number}`, "оферта");
    await writer.addFile(`Оферти/${offer.issueDate.slice(0, 4)}/${name}.pdf`, pdf, {
      deflate: false,
    });
    step.counts.offers = (step.counts.offers ?? 0) + 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "protocols";
    step.cursor = null;
  }
}

/**
 * "Протоколи по чл. 117/2026/Протокол-0000000001.pdf": each protocol under чл. 117 (decision
 * 073), the cancelled too, drawn now by the books' renderer as its page's PDF is.
 */
async function protocolsUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await protocolIdsPage(db, companyId, step.cursor, PROTOCOLS_PER_UNIT);
  for (const row of page.rows) {
    const { model } = await protocolPdfModel(
      db,
      companyId,
      row.expenseId,
      row.id,
      // Made on the export's day, as the CSVs' states are (a build resumed after midnight too).
      `${printDate(step.today)} г.`,
    );
    const pdf = await renderInPool(companyId, { kind: "ledger", model }, { background: true });
    const name = safeEntryName(`Протокол-${row.number}`, "протокол");
    await writer.addFile(`Протоколи по чл. 117/${row.protocolDate.slice(0, 4)}/${name}.pdf`, pdf, {
      deflate: false,
    });
    step.counts.protocols = (step.counts.protocols ?? 0) + 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "receipts";
    step.cursor = null;
  }
}

async function receiptsUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const page = await receiptsPage(db, companyId, step.cursor, RECEIPTS_PER_UNIT);
  for (const receipt of page.receipts) {
    if (step.receipt?.expenseId !== receipt.expenseId) {
      step.receipt = { expenseId: receipt.expenseId, names: [] };
    }
    const clean = safeEntryName(receipt.fileName, "файл");
    const names = step.receipt.names;
    let name = clean;
    for (let n = 2; names.includes(name.toLowerCase()); n++) name = numbered(clean, n);
    names.push(name.toLowerCase());
    await writer.addFile(`Разходни документи/${receiptFolder(receipt)}/${name}`, receipt.data, {
      deflate: false,
    });
    step.counts.receipts += 1;
  }
  step.cursor = page.nextCursor;
  if (!page.nextCursor) {
    step.part = "vat";
    step.cursor = null;
    step.receipt = null;
  }
}

async function vatUnit(build: Build) {
  const { db, companyId, step, writer } = build;
  const month = step.vatMonth;
  if (!month || !step.vatLast || month > step.vatLast) {
    step.part = "csv";
    return;
  }
  const report = await vatReport(db, companyId, month, step.withExpenses);
  const { files, problems } = buildFiles(report);
  const all = [...report.problems, ...problems];
  if (all.length) {
    const text = [
      `Файловете за НАП за ${month.slice(5)}.${month.slice(0, 4)} не са създадени. Поправете първо в Сметка:`,
      ...all.map((p) => `- ${p.what}: ${p.message}`),
      "",
    ].join("\r\n");
    await writer.addFile(`ДДС/${month}/ПРОБЛЕМИ.txt`, Buffer.from(`\uFEFF${text}`, "utf8"), {
      deflate: true,
    });
    step.vatProblemMonths.push(month);
  } else {
    for (const file of files) {
      const name = `ДДС/${month}/${file.name}`;
      await writer.addFile(name, file.bytes, { deflate: true });
      step.vatFiles.push(name);
    }
  }
  step.vatMonth = nextMonth(month);
}

interface CsvSource {
  name: string;
  header: readonly string[];
  what: string;
  page(cursor: string | null): Promise<{ rows: string[][]; nextCursor: string | null }>;
}

/** A list of two tabs (active, then archived) as one: its cursor says which tab it is in. */
function bothTabs(
  page: (
    archived: boolean,
    after: string | null,
  ) => Promise<{ rows: string[][]; nextCursor: string | null }>,
) {
  return async (cursor: string | null) => {
    const archived = cursor?.startsWith("archived:") ?? false;
    const after = cursor ? cursor.slice(cursor.indexOf(":") + 1) || null : null;
    const result = await page(archived, after);
    if (result.nextCursor) {
      return {
        rows: result.rows,
        nextCursor: `${archived ? "archived" : "active"}:${result.nextCursor}`,
      };
    }
    return { rows: result.rows, nextCursor: archived ? null : "archived:" };
  };
}

function csvSources(build: Build): CsvSource[] {
  const { db, companyId, step } = build;
  const today = step.today;
  return [
    {
      name: "Документи.csv",
      header: DOCUMENT_CSV_HEADER,
      what: "всички документи, и черновите, с колоните на „Експорт в CSV“ от списъка „Документи“ (състоянието е към деня на експорта).",
      page: (cursor) => documentCsvPage(db, companyId, {}, today, cursor, CSV_ROWS_PER_UNIT),
    },
    {
      name: "Оферти.csv",
      header: OFFER_CSV_HEADER,
      what: "всички оферти с номера, датите, сумите и състоянието им (изтеклите — към деня на експорта) и документа, направен от приета оферта.",
      page: (cursor) => offerCsvPage(db, companyId, today, cursor, CSV_ROWS_PER_UNIT),
    },
    {
      name: "Плащания.csv",
      header: PAYMENT_CSV_HEADER,
      what: "плащанията, получени по документите, по дата на плащане.",
      page: (cursor) => paymentCsvPage(db, companyId, cursor, CSV_ROWS_PER_UNIT),
    },
    {
      name: "Клиенти.csv",
      header: CLIENT_CSV_HEADER,
      what: "клиентите, активните и архивираните, с данните от формата им.",
      page: bothTabs((archived, after) =>
        clientCsvPage(db, companyId, archived, after, CSV_ROWS_PER_UNIT),
      ),
    },
    {
      name: "Артикули.csv",
      header: CATALOGUE_CSV_HEADER,
      what: "артикулите и услугите от каталога, активните и архивираните.",
      page: bothTabs((archived, after) =>
        catalogueCsvPage(db, companyId, archived, after, CSV_ROWS_PER_UNIT),
      ),
    },
    {
      name: "Разходи.csv",
      header: EXPENSE_CSV_HEADER,
      what: "всички разходи с колоните на „Експорт в CSV“ от списъка „Разходи“.",
      page: (cursor) =>
        expenseCsvPage(
          db,
          companyId,
          expenseFiltersFromSearch(new URLSearchParams()),
          today,
          cursor,
          CSV_ROWS_PER_UNIT,
        ),
    },
    {
      name: "Протоколи по чл. 117.csv",
      header: PROTOCOL_CSV_HEADER,
      what: "протоколите по чл. 117 ЗДДС, издадени от Сметка по разходите, по номер, и анулираните (пазят номера си), с фактурата на доставчика.",
      page: (cursor) => protocolCsvPage(db, companyId, cursor, CSV_ROWS_PER_UNIT),
    },
    ...step.salaryMonths.map(
      (month): CsvSource => ({
        name: `Заплати/Заплати-${month}.csv`,
        header: SALARY_CSV_HEADER,
        what: `заплатите за ${month.slice(5)}.${month.slice(0, 4)} с колоните на „Експорт в CSV“ от страницата „Заплати“.`,
        page: async () => ({
          rows: await salaryCsvRows(db, companyId, month),
          nextCursor: null,
        }),
      }),
    ),
  ];
}

async function csvUnit(build: Build) {
  const { step, writer } = build;
  if (step.csvIndex === 0 && step.cursor === null && !writer.entryOpen) {
    step.salaryMonths = await salaryMonths(build.db, build.companyId);
  }
  const sources = csvSources(build);
  const source = sources[step.csvIndex];
  if (!source) {
    step.part = "readme";
    return;
  }
  if (!writer.entryOpen) {
    await writer.begin(source.name, { deflate: true });
    await writer.append(Buffer.from(excelCsv([source.header]), "utf8"));
  }
  const page = await source.page(step.cursor);
  if (page.rows.length) await writer.append(Buffer.from(csvLines(page.rows), "utf8"));
  if (page.nextCursor) {
    step.cursor = page.nextCursor;
    return;
  }
  await writer.end();
  step.csvWritten.push(source.name);
  step.csvIndex += 1;
  step.cursor = null;
}

async function readmeUnit(build: Build, createdAt: Date) {
  const { db, companyId, step, writer } = build;
  const company = await db
    .selectFrom("companies")
    .select(["name", "eik"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const sources = new Map(csvSources(build).map((source) => [source.name, source]));
  const text = exportReadme({
    companyName: company.name,
    eik: company.eik,
    madeOn: formatDate(createdAt),
    ...step.counts,
    offers: step.counts.offers ?? 0,
    protocols: step.counts.protocols ?? 0,
    csv: step.csvWritten.map((name) => {
      const source = sources.get(name);
      return { name, header: source?.header ?? [], what: source?.what ?? "" };
    }),
    vatFiles: step.vatFiles,
    vatProblemMonths: step.vatProblemMonths,
    vatRegistered: step.vatRegistered,
    skipped: step.skipped,
    skippedCount: step.skippedCount,
  });
  await writer.addFile("README.txt", Buffer.from(`\uFEFF${text}`, "utf8"), { deflate: true });
  step.part = "finish";
}

/** One unit of work; true when the ZIP has everything and only its end is left. */
export async function unit(build: Build, createdAt: Date): Promise<boolean> {
  switch (build.step.part) {
    case "documents":
      await documentsUnit(build);
      return false;
    case "offers":
      await offersUnit(build);
      return false;
    case "protocols":
      await protocolsUnit(build);
      return false;
    case "receipts":
      await receiptsUnit(build);
      return false;
    case "vat":
      await vatUnit(build);
      return false;
    case "csv":
      await csvUnit(build);
      return false;
    case "readme":
      await readmeUnit(build, createdAt);
      return false;
    case "finish":
      return true;
  }
}
