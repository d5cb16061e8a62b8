import type { Kysely } from "kysely";
import { getLogoDataUrl } from "~/modules/accounts/account.server";
import { lockedMessage } from "~/modules/periods/constants";
import { lockOn } from "~/modules/periods/locks.server";
import { todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import type { DocumentWithLines } from "./documents.server";
import { listDocumentEmails } from "./emails.server";
import { missingEnglishDetails } from "./english-details";
import { numberStillSettable, peekNextNumber, seriesOf } from "./numbering.server";
import { documentState } from "./payments.server";
import type { PrintSupplier } from "./print";
import { paymentBlock, printModelFor } from "./render.server";

/** Everything /invoice/{id} shows about one of the company's documents. */
export async function documentPageData(
  db: Kysely<Database>,
  companyId: string,
  doc: DocumentWithLines,
) {
  const [
    model,
    client,
    logoUrl,
    related,
    nextNumber,
    firstOfSeries,
    emails,
    recurring,
    reminders,
    company,
    periodLock,
  ] = await Promise.all([
    printModelFor(db, doc),
    db
      .selectFrom("clients")
      .select(["id", "name", "emails"])
      .where("companyId", "=", companyId)
      .where("id", "=", doc.clientId)
      .executeTakeFirstOrThrow(),
    getLogoDataUrl(db, companyId),
    db
      .selectFrom("documents")
      .select(["id", "type", "number", "status"])
      .where("companyId", "=", companyId)
      .where((eb) => eb.or([eb("originalId", "=", doc.id), eb("proformaId", "=", doc.id)]))
      .orderBy("createdAt")
      .execute(),
    // The number a draft will get when issued, for the confirmation before issuing.
    doc.status === "draft" ? peekNextNumber(db, companyId, seriesOf(doc.type)) : null,
    // Whether it would be the series' first: the confirmation says the number may still be set.
    doc.status === "draft" ? numberStillSettable(db, companyId, seriesOf(doc.type)) : false,
    listDocumentEmails(db, companyId, doc.id),
    doc.recurringId
      ? db
          .selectFrom("recurringInvoices")
          .select(["id", "name"])
          .where("companyId", "=", companyId)
          .where("id", "=", doc.recurringId)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom("documentReminders")
      .leftJoin("documentEmails", "documentEmails.id", "documentReminders.emailId")
      .select([
        "documentReminders.daysAfter",
        "documentReminders.createdAt",
        "documentEmails.status",
        "documentEmails.recipients",
      ])
      .where("documentReminders.companyId", "=", companyId)
      .where("documentReminders.documentId", "=", doc.id)
      .orderBy("documentReminders.createdAt")
      .execute(),
    // A draft in English is printed with the company's English details as they are now.
    doc.status === "draft"
      ? db
          .selectFrom("companies")
          .select(["nameEn", "addressEn", "cityEn"])
          .where("id", "=", companyId)
          .executeTakeFirstOrThrow()
      : null,
    // A document of a locked month is neither issued, changed, cancelled nor deleted (decision 058).
    lockOn(db, companyId, doc.issueDate),
  ]);
  const today = todayInSofia();
  // The page asks for what is still due now (the PDF for what it printed; decision 068).
  const supplier = (doc.supplierSnapshot as PrintSupplier | null) ?? null;
  model.payment = supplier ? paymentBlock(doc, supplier, Number(doc.dueCents)) : null;
  return {
    doc: {
      id: doc.id,
      type: doc.type,
      status: doc.status,
      number: doc.number,
      currency: doc.currency,
      totalCents: doc.totalCents,
      paidCents: doc.paidCents,
      // What its issued credit notes took off it, and what is still due (documents.due_cents, the
      // one definition — issue #41); paid and credited beyond the total is the client's to get back
      // (docs/decisions/042-credit-notes-settle.md).
      creditedCents: doc.creditedCents,
      dueCents: doc.dueCents,
      overpaidCents: Math.max(doc.paidCents + doc.creditedCents - doc.totalCents, 0),
      issuedAt: doc.issuedAt,
      cancelledAt: doc.cancelledAt,
      sentAt: doc.sentAt,
      sentTo: doc.sentTo,
      originalId: doc.originalId,
      proformaId: doc.proformaId,
      payments: doc.payments,
      // A proforma's related document is the invoice made from it.
      state: documentState(
        { ...doc, converted: doc.type === "proforma" && related.some((r) => r.type === "invoice") },
        today,
      ),
    },
    model,
    client,
    logoUrl,
    related,
    today,
    nextNumber,
    firstOfSeries,
    emails,
    recurring: recurring ?? null,
    reminders: reminders.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    // Issuing an English or bilingual draft warns of the company's details it would print in
    // Cyrillic (issue #41 item 5).
    englishMissing: company ? missingEnglishDetails(doc.language, company) : [],
    /** Why its month's actions are not offered: «Периодът … е заключен от … на …», or null. */
    periodLocked: periodLock ? lockedMessage(periodLock) : null,
  };
}

export type DocumentPageData = Awaited<ReturnType<typeof documentPageData>>;
