import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { FIRST_SAFT_MONTH } from "./constants";
import { generalLedgerEntries, ledgerTotals } from "./entries.server";
import { chart, generalLedgerAccounts, header, parties, tables } from "./master.server";
import { inForce, UNITS } from "./nomenclatures";
import { monthDays, type SaftProblem, saftUnit } from "./problems.server";
import { paymentsXml, paymentTotals, purchaseInvoices, purchaseTotals } from "./purchases.server";
import { saftReadiness } from "./readiness.server";
import { salesInvoices, salesTotals } from "./sales.server";

/*
 * The monthly SAF-T file (issue #46 item 1, decision 063): what keeps it from being written, or
 * the file as an async generator of XML chunks — the totals first (each section's header needs
 * them), then each section a page at a time. Memory holds a page, the chart and the month's
 * counterparties, never the month's documents.
 */

type Db = Kysely<Database>;

export { FIRST_SAFT_MONTH };

/** A month as yyyy-MM from the first SAF-T month to the current one, else null. */
export function parseSaftMonth(value: string | undefined | null, today: string): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  return value >= FIRST_SAFT_MONTH && value <= today.slice(0, 7) ? value : null;
}

/** The month's problems, or its file's name and chunks. */
export async function monthlySaft(
  db: Db,
  companyId: string,
  month: string,
  today: string,
): Promise<{ problems: SaftProblem[] } | { fileName: string; chunks: AsyncGenerator<string> }> {
  const ready = await saftReadiness(db, companyId, month);
  if (ready.problems.length) return { problems: ready.problems };
  const days = monthDays(month);
  const range = { from: days.from, to: days.to, month };
  const [gl, sales, purchases, paid] = await Promise.all([
    ledgerTotals(db, companyId, range),
    salesTotals(db, companyId, range),
    purchaseTotals(db, companyId, range),
    paymentTotals(db, companyId, range),
  ]);

  async function* chunks() {
    const accounts = await chart(db, companyId);
    const unitRows = await db
      .selectFrom("documentLines as l")
      .innerJoin("documents as d", (j) =>
        j.onRef("d.id", "=", "l.documentId").onRef("d.companyId", "=", "l.companyId"),
      )
      .select("l.unit")
      .distinct()
      .where("l.companyId", "=", companyId)
      .where("d.status", "=", "issued")
      .where("d.issueDate", ">=", days.from)
      .where("d.issueDate", "<=", days.to)
      .execute();
    const units = new Map<string, { code: string; name: string }>();
    units.set("C62", inForce(UNITS, days.from).service ?? { code: "C62", name: "услуга" });
    for (const { unit } of unitRows) {
      const u = saftUnit(unit, days.from);
      if (u && !units.has(u.code)) units.set(u.code, u);
    }
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="mf:nra:dgti:dxxxx:declaration:v1">';
    yield await header(db, companyId, days, today);
    yield "<MasterFilesMonthly>";
    yield* generalLedgerAccounts(db, companyId, days, accounts);
    yield* parties(db, companyId, days, accounts);
    yield tables([...units.values()], days.from);
    yield "</MasterFilesMonthly>";
    yield* generalLedgerEntries(db, companyId, days, accounts, gl);
    yield "<SourceDocumentsMonthly>";
    yield* salesInvoices(db, companyId, range, accounts, sales);
    yield* paymentsXml(db, companyId, range, accounts, paid);
    yield* purchaseInvoices(db, companyId, range, accounts, purchases);
    yield "</SourceDocumentsMonthly></AuditFile>\n";
  }
  return { fileName: ready.fileName, chunks: chunks() };
}
