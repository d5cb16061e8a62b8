import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";
import { monthEntries } from "./entries.server";
import { monthDays, type SaftProblem, saftProblems } from "./problems.server";
import { madeProtocolSource } from "./protocols.server";
import { clientPaymentSource, purchaseSource, supplierPaymentSource } from "./purchases.server";
import { salesSource } from "./sales.server";

/*
 * Whether a month's SAF-T file can be written, without writing it: `saftProblems` and, for each
 * section the schema wants at least one row in, whether one exists — a probe of an index each,
 * from the same queries the file's pages read. The month-end page asks this; the file asks it
 * before it sums its sections.
 */

type Db = Kysely<Database>;

/** The month's problems (none: the file can be written) and the file's name. */
export async function saftReadiness(
  db: Db,
  companyId: string,
  month: string,
): Promise<{ problems: SaftProblem[]; fileName: string }> {
  const range = monthDays(month);
  const one = sql<number>`1`.as("one");
  const anyLine = (kind: "client" | "supplier") =>
    db
      .selectFrom("ledgerLines")
      .select(one)
      .where("companyId", "=", companyId)
      .where("entryDate", "<=", range.to)
      .where("counterpartyKind", "=", kind)
      .limit(1)
      .executeTakeFirst();
  const [problems, company, gl, sales, typed, made, received, paid, clients, suppliers] =
    await Promise.all([
      saftProblems(db, companyId, month),
      db
        .selectFrom("companies")
        .select("eik")
        .where("id", "=", companyId)
        .executeTakeFirstOrThrow(),
      monthEntries(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      salesSource(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      purchaseSource(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      madeProtocolSource(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      clientPaymentSource(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      supplierPaymentSource(db, companyId, range).select(one).limit(1).executeTakeFirst(),
      anyLine("client"),
      anyLine("supplier"),
    ]);
  const purchases = typed || made;
  // The schema wants at least one row in each of these sections.
  const empty: [boolean, string, string][] = [
    [!gl, "Няма счетоводни записвания през месеца.", "/ledger/journal"],
    [!sales, "Няма издадени фактури или известия през месеца.", "/invoices"],
    [
      !purchases,
      "Няма документи за покупки (фактури, известия, протоколи) през месеца.",
      "/expenses",
    ],
    [!received && !paid, "Няма плащания през месеца.", "/invoices"],
    [!clients, "Няма клиенти в счетоводните книги.", "/clients"],
    [!suppliers, "Няма доставчици в счетоводните книги.", "/expenses"],
  ];
  for (const [isEmpty, message, href] of empty) {
    if (isEmpty)
      problems.push({
        what: "Файлът по схемата на НАП",
        message: `${message} Схемата изисква поне един запис.`,
        href,
      });
  }
  return { problems, fileName: `SAFT-${company.eik}-${month}.xml` };
}
