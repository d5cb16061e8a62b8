import { Form, Link, useNavigation } from "@remix-run/react";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import {
  ENGLISH_DETAILS_HREF,
  type EnglishDetail,
  englishDetailsWarning,
} from "~/modules/invoices/english-details";
import { formatDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";
import * as styles from "./invoices.css";

/*
 * The forms of /invoice/{id}, one component per concern. Each is a native form that posts an
 * `intent` to the page's action and reads the action's answer for its own formId (utils/forms).
 */

/** Whether the page is posting or loading: the forms' buttons wait. */
export const useBusy = () => useNavigation().state !== "idle";

/** A titled card of the page's side column. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={page.card} aria-labelledby={id}>
      <h2 id={id} className={page.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A draft: edit, issue (after a confirmation that says the number it will get and that an
 * issued document cannot change), delete.
 */
export function DraftSection({
  id,
  type,
  nextNumber,
  firstOfSeries = false,
  englishMissing = [],
  englishFix = false,
  confirmIssue,
}: {
  id: string;
  type: keyof typeof DOCUMENT_TYPES;
  nextNumber: string | null;
  /** The series has no numbered document yet: its next number may still be set in the settings. */
  firstOfSeries?: boolean;
  /** The company's details an English draft would print in Cyrillic (issue #41 item 5). */
  englishMissing?: readonly EnglishDetail[];
  /** The role may fill them in (the link to the profile). */
  englishFix?: boolean;
  confirmIssue: boolean;
}) {
  const busy = useBusy();
  const issue = useFormAnswer("issue");
  const remove = useFormAnswer("delete");
  return (
    <Section title="Чернова">
      <p>Черновата няма номер. Номерът се дава при издаване и не може да се промени.</p>
      <FormError message={issue?.formError} />
      {englishMissing.length > 0 ? (
        <EnglishDetailsWarning missing={englishMissing} fix={englishFix} />
      ) : null}
      {confirmIssue ? (
        <IssueConfirmation
          id={id}
          type={type}
          nextNumber={nextNumber}
          firstOfSeries={firstOfSeries}
        />
      ) : (
        <div className={styles.actions}>
          <ButtonLink to={`/invoice/edit/${id}`} tone="secondary">
            Редактирай
          </ButtonLink>
          <Form method="post">
            <CompanyField />
            <Button type="submit" name="intent" value="issue" disabled={busy}>
              Издай
            </Button>
          </Form>
        </div>
      )}
      <Form method="post" style={{ marginTop: "1rem" }}>
        <CompanyField />
        <FormError message={remove?.formError} />
        <div className={fieldStyles.checkboxRow}>
          <input id="confirm-delete" type="checkbox" name="confirm" />
          <label htmlFor="confirm-delete">Потвърждавам изтриването на черновата</label>
        </div>
        <Button type="submit" name="intent" value="delete" tone="quiet" disabled={busy}>
          Изтрий черновата
        </Button>
      </Form>
    </Section>
  );
}

/** An English draft whose company lacks English details: it may still be issued. */
function EnglishDetailsWarning({
  missing,
  fix,
}: {
  missing: readonly EnglishDetail[];
  fix: boolean;
}) {
  return (
    <div id="english-details-warning" className={page.warning} role="note">
      <p style={{ marginTop: 0 }}>{englishDetailsWarning(missing)}</p>
      <p style={{ marginBottom: 0 }}>
        {fix ? (
          <>
            Попълнете ги в <Link to={ENGLISH_DETAILS_HREF}>Профил → Данни на английски</Link> преди
            да издадете документа: издаденият документ не се променя.
          </>
        ) : (
          "Помолете собственика на фирмата да ги попълни в «Профил» преди да издадете документа: издаденият документ не се променя."
        )}
      </p>
    </div>
  );
}

/** The question before issuing (the page shows it after «Издай»; focus moves to it). */
function IssueConfirmation({
  id,
  type,
  nextNumber,
  firstOfSeries,
}: {
  id: string;
  type: keyof typeof DOCUMENT_TYPES;
  nextNumber: string | null;
  firstOfSeries: boolean;
}) {
  const busy = useBusy();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      id="issue-confirm"
      className={page.warning}
      role="group"
      aria-labelledby="issue-confirm-title"
    >
      <h3 id="issue-confirm-title" ref={heading} tabIndex={-1} style={{ marginTop: 0 }}>
        Да издам ли документа?
      </h3>
      <p>
        {DOCUMENT_TYPES[type]} ще получи № <strong>{nextNumber ?? "…"}</strong>. Издаденият документ
        не може да се променя или изтрива: може само да бъде анулиран или коригиран с известие.
      </p>
      {firstOfSeries ? (
        <p id="issue-first-of-series">
          Това е първият документ от поредицата. Ако продължавате номерацията от друга програма,
          първо задайте следващия номер в{" "}
          <Link to="/settings#numbering">Настройки → Номерация на документите</Link>: след
          издаването той вече не може да се промени.
        </p>
      ) : null}
      <Form method="post" className={styles.actions}>
        <CompanyField />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="issue" disabled={busy}>
          Да, издай
        </Button>
        <ButtonLink to={`/invoice/${id}`} tone="secondary">
          Отказ
        </ButtonLink>
      </Form>
    </div>
  );
}

/**
 * The PDF links, and the e-invoice (UBL) of an issued invoice or note: `eInvoice` says which one
 * the download gives (Peppol BIS 3.0 or plain EN 16931, decision 048); null: none.
 */
export function PdfSection({ id, eInvoice = null }: { id: string; eInvoice?: string | null }) {
  return (
    <Section title="PDF">
      <div className={styles.actions}>
        <a href={`/invoice/${id}/pdf`} download>
          Изтегли PDF
        </a>
        <a href={`/invoice/${id}/pdf?inline=1`} target="_blank" rel="noreferrer">
          Отвори PDF<span className="visually-hidden"> (в нов раздел)</span>
        </a>
        {eInvoice ? (
          // No download attribute: when the data cannot make a valid e-invoice the answer is a page
          // saying what is missing, which the browser must show rather than save.
          <a href={`/invoice/${id}/ubl`} aria-describedby={`einvoice-kind-${id}`}>
            Електронна фактура (UBL)
          </a>
        ) : null}
      </div>
      {eInvoice ? <p id={`einvoice-kind-${id}`}>{eInvoice}</p> : null}
    </Section>
  );
}

export function NotesSection({ id }: { id: string }) {
  return (
    <Section title="Известия">
      <p>Промяна след издаване се прави с известие към фактурата.</p>
      <div className={styles.actions}>
        <ButtonLink to={`/invoice/new?type=credit_note&from=${id}`} tone="secondary">
          Кредитно известие
        </ButtonLink>
        <ButtonLink to={`/invoice/new?type=debit_note&from=${id}`} tone="secondary">
          Дебитно известие
        </ButtonLink>
      </div>
    </Section>
  );
}

export function ConvertSection() {
  const busy = useBusy();
  const answer = useFormAnswer("convert");
  return (
    <Section title="Фактура по проформата">
      <FormError message={answer?.formError} />
      <Form method="post">
        <CompanyField />
        <Button type="submit" name="intent" value="convert" disabled={busy}>
          Създай фактура
        </Button>
      </Form>
    </Section>
  );
}

export function CancelSection() {
  const busy = useBusy();
  const answer = useFormAnswer("cancel");
  return (
    <Section title="Анулиране">
      <p>Анулираният документ запазва номера си и остава в дневника с нулеви стойности.</p>
      <Form method="post">
        <CompanyField />
        <FormError message={answer?.formError} />
        <FormField
          name="reason"
          label="Причина за анулиране"
          defaultValue={typedOr(answer, "reason")}
          error={answer?.fieldErrors.reason}
          required
        />
        <Button type="submit" name="intent" value="cancel" tone="quiet" disabled={busy}>
          Анулирай документа
        </Button>
      </Form>
    </Section>
  );
}

/** «Дублирай»: a new draft with the same client and lines, dated today, without a number. */
export function DuplicateSection() {
  const busy = useBusy();
  return (
    <Section title="Копие">
      <p>Нова чернова със същия клиент и редове, с днешна дата и без номер.</p>
      <Form method="post">
        <CompanyField />
        <Button type="submit" name="intent" value="duplicate" tone="secondary" disabled={busy}>
          Дублирай
        </Button>
      </Form>
    </Section>
  );
}

export function CancelledSection({ cancelledAt }: { cancelledAt: string }) {
  return (
    <Section title="Анулиран">
      <p>Документът е анулиран на {formatDate(cancelledAt)}</p>
    </Section>
  );
}

/** The documents made from this one (notes to an invoice, the invoice of a proforma). */
export function RelatedDocuments({
  related,
}: {
  related: { id: string; type: keyof typeof DOCUMENT_TYPES; number: string | null }[];
}) {
  if (!related.length) return null;
  return (
    <p>
      Свързани документи:{" "}
      {related.map((r, i) => (
        <span key={r.id}>
          {i ? ", " : ""}
          <Link to={`/invoice/${r.id}`}>
            {DOCUMENT_TYPES[r.type]} {r.number ? `№ ${r.number}` : "(чернова)"}
          </Link>
        </span>
      ))}
    </p>
  );
}
