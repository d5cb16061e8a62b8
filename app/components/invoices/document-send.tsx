import { Form } from "@remix-run/react";
import { useId } from "react";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { printDate } from "~/utils/dates";
import { type FormAnswer, typedOr, useFormAnswer } from "~/utils/forms";
import { Section, useBusy } from "./document-actions";
import * as styles from "./invoices.css";

/*
 * The e-mail forms of /invoice/{id}: send the document, remind of an overdue one, each with a
 * preview of the letter (intents send, previewSend, remind, previewRemind).
 */

/** The addresses, the sender's own short message and a copy to them (issue #31 item 8). */
export function MailFields({
  answer,
  emails,
  me,
  messageHint,
}: {
  answer: FormAnswer | undefined;
  emails: string[];
  me: string;
  messageHint: string;
}) {
  const copyId = useId();
  return (
    <>
      <FormError message={answer?.formError} />
      <FormField
        name="to"
        label="До (имейл адреси)"
        inputMode="email"
        autoComplete="email"
        defaultValue={typedOr(answer, "to", emails.join(", "))}
        error={answer?.fieldErrors.to}
        hint="Няколко адреса се разделят със запетая"
      />
      <FormField
        name="message"
        label="Съобщение (по желание)"
        multiline
        hint={messageHint}
        defaultValue={typedOr(answer, "message", "")}
        error={answer?.fieldErrors.message}
        controlProps={{ maxLength: 1000, rows: 3 }}
      />
      <div className={fieldStyles.checkboxRow}>
        <input
          id={copyId}
          type="checkbox"
          name="copy"
          defaultChecked={answer ? answer.repopulateFields?.copy === "on" : false}
        />
        <label htmlFor={copyId}>Изпрати копие и до мен ({me})</label>
      </div>
    </>
  );
}

/** The e-mail as the client will get it, after «Преглед» (issue #41 item 12). */
export function MailPreview({ answer }: { answer: FormAnswer | undefined }) {
  const preview = (answer as { preview?: { subject: string; text: string } } | undefined)?.preview;
  const id = useId();
  if (!preview) return null;
  return (
    <section className={page.warning} aria-labelledby={id} style={{ marginBottom: "1rem" }}>
      <h3 id={id} style={{ marginTop: 0 }}>
        Преглед на писмото
      </h3>
      <p>
        Тема: <strong>{preview.subject}</strong>
      </p>
      <p style={{ whiteSpace: "pre-line", marginBottom: 0 }}>{preview.text}</p>
    </section>
  );
}

export function SendSection({
  emails,
  sent,
  me,
}: {
  emails: string[];
  sent: boolean;
  /** The signed-in person's address, for «Изпрати копие и до мен». */
  me: string;
}) {
  const busy = useBusy();
  const answer = useFormAnswer("send");
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Section title="Изпращане по имейл">
      <Form ref={focusRef} method="post">
        <CompanyField />
        <MailFields
          answer={answer}
          emails={emails}
          me={me}
          messageHint="Заменя поздрава и подписа: писмото започва с него, следват документът и сумата (до 1000 знака)"
        />
        <MailPreview answer={answer} />
        <div className={styles.actions}>
          <Button type="submit" name="intent" value="send" disabled={busy}>
            {sent ? "Изпрати отново" : "Изпрати"}
          </Button>
          <Button type="submit" name="intent" value="previewSend" tone="secondary" disabled={busy}>
            Преглед
          </Button>
        </div>
      </Form>
    </Section>
  );
}

/**
 * An overdue document: its reminder's text as the client will read it, and «Изпрати напомняне»
 * now; the automatic reminders' days and hours (issue #31 item 9).
 */
export function ReminderSection({
  reminder,
  emails,
  me,
}: {
  reminder: {
    subject: string;
    text: string;
    automatic: { enabled: boolean; days: number[]; next: string | null };
  };
  emails: string[];
  me: string;
}) {
  const busy = useBusy();
  const answer = useFormAnswer("remind");
  const focusRef = useFocusFirstInvalid(answer);
  const { automatic } = reminder;
  return (
    <Section title="Напомняне за плащане">
      <p>
        {automatic.enabled
          ? `Автоматичните напомняния тръгват ${automatic.days.join(", ")} дни след падежа, в 9:15 ч. на съответния ден${automatic.next ? `; следващото е на ${printDate(automatic.next)}` : ""}.`
          : "Автоматичните напомняния са изключени (Настройки → Напомняния). Можете да изпратите едно сега."}
      </p>
      <details>
        <summary>Преглед на текста</summary>
        <p>
          <strong>{reminder.subject}</strong>
        </p>
        <p style={{ whiteSpace: "pre-line" }}>{reminder.text}</p>
      </details>
      <Form ref={focusRef} method="post">
        <CompanyField />
        <MailFields
          answer={answer}
          emails={emails}
          me={me}
          messageHint="Заменя поздрава и подписа на текста от прегледа: писмото започва с него (до 1000 знака)"
        />
        <MailPreview answer={answer} />
        <div className={styles.actions}>
          <Button type="submit" name="intent" value="remind" disabled={busy}>
            Изпрати напомняне
          </Button>
          <Button
            type="submit"
            name="intent"
            value="previewRemind"
            tone="secondary"
            disabled={busy}
          >
            Преглед
          </Button>
        </div>
      </Form>
    </Section>
  );
}
