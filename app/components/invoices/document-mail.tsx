import { Link } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";
import type { EmailStatus } from "~db/types";

/*
 * What became of a document's e-mails and reminders (issue #15), and of an offer's e-mails
 * (decision 078): the queue sends them after the answer and tries again when the mail server
 * fails, so the page says where each one is.
 */

const STATUS: Record<EmailStatus, string> = {
  queued: "Изпраща се",
  sent: "Изпратено",
  failed: "Неуспешно",
  skipped: "Не е изпратено (документът е платен или анулиран)",
};

// Sofia's clock, the same characters on the server and in every browser.
const sofiaTime = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Sofia",
});

const KIND = { document: "Документ", reminder: "Напомняне", offer: "Оферта" } as const;

interface EmailRow {
  id: string;
  kind: keyof typeof KIND;
  recipients: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  sendAfter?: string | null;
}

function describe(email: EmailRow) {
  if (email.status === "sent" && email.sentAt) return `Изпратено на ${formatDate(email.sentAt)}`;
  if (email.status === "queued" && email.sendAfter) {
    const at = new Date(email.sendAfter);
    return `Изчаква: достигнат е лимитът на имейли за час. Ще се изпрати след ${sofiaTime.format(at)} ч. на ${formatDate(at)}`;
  }
  if (email.status === "queued" && email.attempts > 0) {
    return `Неуспешен опит ${email.attempts}: ще се опита отново след малко`;
  }
  if (email.status === "failed") {
    return `Неуспешно след ${email.attempts} опита${email.lastError ? ` (${email.lastError})` : ""}. Изпратете го отново.`;
  }
  if (email.status === "skipped" && email.kind === "offer") {
    return "Не е изпратено (офертата вече е приета, отказана, оттеглена или изтекла)";
  }
  return STATUS[email.status];
}

/** The document's (or the offer's) e-mails, newest first (nothing when there are none). */
export function EmailLog({ emails }: { emails: EmailRow[] }) {
  if (emails.length === 0) return null;
  return (
    <section className={page.card} aria-labelledby="email-log-title">
      <h2 id="email-log-title" className={page.cardTitle}>
        Изпратени имейли
      </h2>
      <ul className={page.lines} aria-live="polite">
        {emails.map((email) => (
          <li key={email.id}>
            <strong>{KIND[email.kind]}</strong> до {email.recipients} ·{" "}
            {formatDate(email.createdAt)} · {describe(email)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where a document came from when a recurring invoice made it. */
export function RecurringNote({ recurring }: { recurring: { id: string; name: string } | null }) {
  if (!recurring) return null;
  return (
    <p>
      Създаден автоматично от периодичната фактура{" "}
      <Link to={`/invoices/recurring#r-${recurring.id}`}>{recurring.name}</Link>.
    </p>
  );
}

/** The reminders sent for an overdue document. */
export function ReminderLog({
  reminders,
}: {
  reminders: { daysAfter: number; createdAt: string; status: EmailStatus | null }[];
}) {
  if (reminders.length === 0) return null;
  return (
    <section className={page.card} aria-labelledby="reminders-title">
      <h2 id="reminders-title" className={page.cardTitle}>
        Напомняния за плащане
      </h2>
      <ul className={page.lines}>
        {reminders.map((r) => (
          <li key={r.daysAfter}>
            {countOf(r.daysAfter, "ден", "дни")} след падежа · {formatDate(r.createdAt)}
            {r.status ? ` · ${STATUS[r.status]}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** «Направи периодична»: a recurring invoice on this invoice's pattern (issue #15). */
export function MakeRecurring({ id }: { id: string }) {
  return (
    <section className={page.card} aria-labelledby="make-recurring-title">
      <h2 id="make-recurring-title" className={page.cardTitle}>
        Периодична фактура
      </h2>
      <p>Същата фактура всеки месец, тримесечие или година — като чернова или изпратена сама.</p>
      <Link to={`/invoices/recurring/new?from=${id}`}>Направи периодична</Link>
    </section>
  );
}
