import type { AppLoadContext } from "@remix-run/node";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";

import { MAX_EMAILS } from "~/modules/clients/schema";

import { sendMail } from "~/modules/mail/mailer.server";

import { documentMail } from "~/modules/mail/templates.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/http.server";

import { formatMoney } from "~/utils/money";
import { type DocumentWithLines, getDocument, markSent } from "./documents.server";
import { pdfFileName, storedPdf } from "./render.server";
import { DOCUMENT_TYPES } from "./schema";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOO_MANY_RECIPIENTS = `Най-много ${MAX_EMAILS} имейл адреса в едно изпращане`;
const DOCUMENT_MAILS_THROTTLED =
  "Изпратени са много документи за кратко време. Опитайте отново след час.";
const TITLES_EN = {
  invoice: "Invoice",
  proforma: "Proforma invoice",
  credit_note: "Credit note",
  debit_note: "Debit note",
} as const;

/** The addresses a document goes to: those given, or the client's e-mails. */
export function recipientsOf(input: string | null | undefined, fallback: string[]): string[] {
  const typed = (input ?? "")
    .slice(0, 5000)
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return typed.length ? typed : fallback;
}

/**
 * E-mails an issued document with its stored PDF attached and records when and to whom.
 * Throws AppError (400 bad address, 409 not issued) or MailError (503): never swallowed.
 */
export async function sendDocument(
  context: AppLoadContext,
  companyId: string,
  doc: DocumentWithLines,
  to: string | null | undefined,
) {
  if (doc.status !== "issued") throw new AppError("Изпращат се само издадени документи", 409);
  const client = await context.db
    .selectFrom("clients")
    .select("emails")
    .where("companyId", "=", companyId)
    .where("id", "=", doc.clientId)
    .executeTakeFirstOrThrow();
  const recipients = recipientsOf(to, client.emails);
  if (!recipients.length) {
    throw new AppError("Клиентът няма имейл адрес. Въведете адрес за изпращане.", 400, {
      to: "Въведете имейл адрес",
    });
  }
  if (recipients.length > MAX_EMAILS) {
    throw new AppError(TOO_MANY_RECIPIENTS, 400, { to: TOO_MANY_RECIPIENTS });
  }
  const bad = recipients.find((e) => !EMAIL.test(e) || e.length > 254);
  if (bad) {
    const message = `Невалиден имейл адрес: ${bad.slice(0, 80)}`;
    throw new AppError(message, 400, { to: message });
  }
  const allowed = await hit(context.db, `document-mail:${companyId}`, LIMITS.documentMails);
  if (!allowed.allowed) throw new AppError(DOCUMENT_MAILS_THROTTLED, 429);

  const company = await context.db
    .selectFrom("companies")
    .select(["name", "nameEn", "email"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const pdf = await storedPdf(context.db, doc);
  const english = doc.language === "en";
  const title = `${english ? TITLES_EN[doc.type] : DOCUMENT_TYPES[doc.type]} № ${doc.number}`;
  await sendMail(
    context.config,
    documentMail({
      to: recipients.join(", "),
      replyTo: company.email,
      title,
      companyName: english && company.nameEn ? company.nameEn : company.name,
      total: formatMoney(doc.totalCents, doc.currency, english ? "en" : "bg"),
      dueDate: doc.dueDate ? printDate(doc.dueDate) : null,
      english,
      pdf: { filename: pdfFileName(doc), content: pdf.data },
    }),
  );
  await markSent(context.db, companyId, doc.id, recipients.join(", "));
  return getDocument(context.db, companyId, doc.id);
}
