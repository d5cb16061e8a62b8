import type { LoaderFunctionArgs } from "@remix-run/node";
import { annualFile } from "~/modules/annual/file.server";
import { ANNUAL_MESSAGES, yearOf } from "~/modules/annual/statements";
import {
  accountCardFile,
  csvHead,
  csvPage,
  generalLedgerFile,
  journalFile,
  readRows,
  trialBalanceFile,
  xlsxSheet,
} from "~/modules/ledger/exports.server";
import { accountingJournalFile, deltaProFile } from "~/modules/ledger/journal-export.server";
import { pdfModel, type ReportFile } from "~/modules/ledger/report-file";
import {
  accountFilter,
  counterpartyFilter,
  LEDGER_MESSAGES,
  periodOf,
  wantsAnalytics,
} from "~/modules/ledger/schema";
import { renderInPool } from "~/modules/pdf/pool.server";
import { contentDisposition } from "~/utils/content-disposition";
import { csvStreamResponse } from "~/utils/csv.server";
import { formatDate, todayInSofia } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { redirectWithToast } from "~/utils/toast.server";
import { writeXlsx } from "~/utils/xlsx-writer.server";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /ledger/export/{report}.{pdf|xlsx|csv}?from=&to=&… — a report of the books as a file
 * (issue #45 item 4, decision 060): `journal` (&account=), `trial-balance` (&analytics=1),
 * `account-card` (&account=, &counterparty=) and `general-ledger` (&account=). Plain links on
 * each page; `annual` (&year=) the year's statements (decision 067). The CSV streams the whole
 * period; the PDF (rendered in the PDF pool) and the Excel file are bounded: past the bound the
 * page is shown again with the reason. `accounting.{csv|xlsx}` is the journal for accounting
 * programs (issue #46 item 2, decision 064): posting pairs, no heading; `delta-pro.xml` the same
 * journal as Microinvest Делта Pro's XML of operations, streamed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  if (params.file === "delta-pro.xml") return deltaPro(request, context, user);
  const match =
    /^(journal|trial-balance|account-card|general-ledger|accounting|annual)\.(pdf|xlsx|csv)$/.exec(
      params.file ?? "",
    );
  if (!match) throw new NotFoundError();
  const report = match[1] as
    | "journal"
    | "trial-balance"
    | "account-card"
    | "general-ledger"
    | "accounting"
    | "annual";
  const format = match[2] as "pdf" | "xlsx" | "csv";
  // A program imports the CSV or the workbook; a PDF of posting pairs is the journal's PDF.
  if (report === "accounting" && format === "pdf") throw new NotFoundError();
  const url = new URL(request.url);
  const search = url.searchParams;
  const today = todayInSofia();
  // The year's statements (decision 067): a year instead of a period.
  const year = report === "annual" ? yearOf(search.get("year"), today) : null;
  if (report === "annual" && year === null) throw new AppError(ANNUAL_MESSAGES.year, 400);
  const period = year ? { from: `${year}-01-01`, to: `${year}-12-31` } : periodOf(search, today);
  if (!period) throw new AppError(LEDGER_MESSAGES.period, 400);
  const account = accountFilter(search);
  if (account === false) throw new AppError(LEDGER_MESSAGES.account, 400);
  const counterparty = counterpartyFilter(search);
  if (counterparty === false) throw new AppError(LEDGER_MESSAGES.counterparty, 400);

  const { db } = context;
  const { companyId } = user;
  let file: ReportFile;
  let page: string;
  if (year) {
    file = await annualFile(db, companyId, year);
    page = "/ledger/annual";
  } else if (report === "journal") {
    file = await journalFile(db, companyId, { ...period, account });
    page = "/ledger/journal";
  } else if (report === "accounting") {
    file = accountingJournalFile(db, companyId, period);
    page = "/ledger/journal";
  } else if (report === "trial-balance") {
    file = await trialBalanceFile(db, companyId, { ...period, analytics: wantsAnalytics(search) });
    page = "/ledger";
  } else if (report === "account-card") {
    if (!account) throw new NotFoundError();
    file = await accountCardFile(db, companyId, account, { ...period, counterparty });
    page = `/ledger/account/${encodeURIComponent(account)}`;
  } else {
    file = await generalLedgerFile(db, companyId, { ...period, account });
    page = "/ledger/general";
  }

  let answer: Response;
  try {
    answer = await fileAnswer(file, format, companyId);
  } catch (error) {
    // Too many rows for a PDF or a workbook: back to the report, with the reason and the way on.
    if (error instanceof AppError && error.status === 413) {
      return redirectWithToast(`${page}${url.search}`, { type: "error", title: error.message });
    }
    throw error;
  }
  const name = `${file.name.bg}.${format}`;
  return recordDownload(context, user, "export", answer, name, {
    report,
    from: period.from,
    to: period.to,
    ...(account ? { account } : {}),
  });
}

const TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** The file in its format: the CSV streamed, the workbook and the PDF read whole (bounded). */
async function fileAnswer(
  file: ReportFile,
  format: "pdf" | "xlsx" | "csv",
  companyId: string,
): Promise<Response> {
  if (format === "csv") {
    const [first = [], ...head] = csvHead(file);
    async function* pages() {
      yield head;
      for await (const rows of file.rows) yield csvPage(rows);
    }
    return csvStreamResponse(first, pages(), `${file.name.ascii}.csv`, `${file.name.bg}.csv`);
  }
  const rows = await readRows(file, format);
  const bytes =
    format === "xlsx"
      ? await writeXlsx(xlsxSheet(file, rows), file.title)
      : await renderInPool(companyId, {
          kind: "ledger",
          model: pdfModel(file, rows, formatDate(new Date())),
        });
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": contentDisposition(
        `${file.name.bg}.${format}`,
        format === "pdf" ? "inline" : "attachment",
        `${file.name.ascii}.${format}`,
      ),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}

/** GET /ledger/export/delta-pro.xml?from=&to= — the journal as Делта Pro's XML (decision 064). */
async function deltaPro(
  request: Request,
  context: LoaderFunctionArgs["context"],
  user: { companyId: string } & Parameters<typeof recordDownload>[1],
) {
  const period = periodOf(new URL(request.url).searchParams, todayInSofia());
  if (!period) throw new AppError(LEDGER_MESSAGES.period, 400);
  const { name, chunks } = deltaProFile(context.db, user.companyId, period);
  const encoder = new TextEncoder();
  // The head and the first page are read before answering: a failure there is an error page.
  const first = [await chunks.next(), await chunks.next()];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = first.shift() ?? (await chunks.next());
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const answer = new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition(name.bg, "attachment", name.ascii),
      "Cache-Control": "private, no-cache",
    },
  });
  return recordDownload(context, user, "export", answer, name.bg, {
    report: "delta-pro",
    from: period.from,
    to: period.to,
  });
}
