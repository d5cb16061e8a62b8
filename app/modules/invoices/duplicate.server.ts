import type { Kysely } from "kysely";
import { getClient } from "~/modules/clients/queries.server";
import { assertPeriodOpen } from "~/modules/periods/locks.server";
import { vatDateOf } from "~/modules/reference/vat";
import { vatRatesOn } from "~/modules/reference/vat.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { computeTotals } from "~/utils/money";
import type { Database } from "~db/types";
import type { DocumentWithLines } from "./documents.server";

/** What «Дублирай» made: the new draft, and the lines (1-based) whose VAT rate is not in force on its date. */
export interface Duplicate {
  id: string;
  staleRateLines: number[];
}

/**
 * «Дублирай»: any document (draft, issued or cancelled) becomes a new draft with the same client,
 * lines, currency, notes, language, VAT ground and payment method; dated today (Sofia) with the
 * client's payment term; no number. A credit or debit note stays a note of its kind to the same
 * invoice. The lines are copied as they are, even a rate no longer in force on the new date: the
 * draft is made and the editor marks that line when it is saved (the caller says so).
 */
export async function duplicateDocument(
  db: Kysely<Database>,
  companyId: string,
  userId: string | null,
  source: DocumentWithLines,
  today = todayInSofia(),
): Promise<Duplicate> {
  const [client, company] = await Promise.all([
    getClient(db, companyId, source.clientId),
    db
      .selectFrom("companies")
      .select("defaultPaymentTermDays")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const term = client ? client.paymentTermDays : company.defaultPaymentTermDays;
  const isNote = source.type === "credit_note" || source.type === "debit_note";
  const totals = computeTotals(source.lines);
  const id = await db.transaction().execute(async (trx) => {
    await assertPeriodOpen(trx, companyId, today);
    const doc = await trx
      .insertInto("documents")
      .values({
        companyId,
        type: source.type,
        clientId: source.clientId,
        language: source.language,
        issueDate: today,
        taxEventDate: null,
        dueDate: addDays(today, term),
        placeOfIssue: source.placeOfIssue,
        currency: source.currency,
        eurRate: source.eurRate,
        vatGround: source.vatGround,
        paymentMethod: source.paymentMethod,
        authorName: source.authorName,
        recipientName: source.recipientName,
        notes: source.notes,
        originalId: isNote ? source.originalId : null,
        originalNumber: isNote ? source.originalNumber : null,
        originalDate: isNote ? source.originalDate : null,
        reason: isNote ? source.reason : null,
        subtotalCents: totals.subtotalCents,
        vatCents: totals.vatCents,
        totalCents: totals.totalCents,
        createdBy: userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (source.lines.length) {
      await trx
        .insertInto("documentLines")
        .values(
          source.lines.map((line, position) => ({
            documentId: doc.id,
            companyId,
            position,
            description: line.description,
            quantity: line.quantity,
            unit: line.unit,
            unitPrice: line.unitPrice,
            discountPercent: line.discountPercent,
            vatRate: line.vatRate,
            netCents: line.netCents,
            catalogueItemId: line.catalogueItemId,
          })),
        )
        .execute();
    }
    return doc.id;
  });
  // A note's lines take the rates of its invoice's date; any other document's, the new date.
  const original =
    isNote && source.originalId
      ? await db
          .selectFrom("documents")
          .select(["issueDate", "taxEventDate"])
          .where("companyId", "=", companyId)
          .where("id", "=", source.originalId)
          .executeTakeFirst()
      : undefined;
  const day = vatDateOf(original ?? { issueDate: today });
  const inForce = new Set((await vatRatesOn(db, day)).map((row) => row.rate));
  const staleRateLines = source.lines.flatMap((line, i) =>
    line.vatRate !== null && !inForce.has(line.vatRate) ? [i + 1] : [],
  );
  return { id, staleRateLines };
}

/** The toast after «Дублирай», with what the person must fix before the draft can be saved. */
export function duplicateToast(duplicate: Duplicate) {
  const lines = duplicate.staleRateLines;
  if (!lines.length) {
    return { title: "Създадено е копие като чернова", description: "С днешна дата и без номер." };
  }
  return {
    title: "Създадено е копие като чернова",
    description: `${lines.length === 1 ? "Ред" : "Редове"} ${lines.join(", ")}: ставката на ДДС не е в сила днес — изберете действаща ставка; при запазване редът е отбелязан.`,
    type: "info" as const,
  };
}
