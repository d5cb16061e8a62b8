import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BotCheck } from "~/components/forms/bot-check";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toaster";
import {
  ATTACHMENT_MAX_BYTES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGES,
  SEVERITIES,
  SUPPORT_CATEGORIES,
} from "~/modules/feedback/constants";
import { typedOr, useFormAnswer } from "~/utils/forms";

/**
 * The Обратна връзка / Поддръжка form (spec §3, §5): a native multipart form. With JavaScript a
 * file over 5 MB (or not a JPG/PNG) is refused and cleared before it is sent; the other e-mail is
 * enabled only when chosen.
 */
export function FeedbackForm({
  type,
  from,
  email,
  bot,
}: {
  type: "feedback" | "support";
  from: string;
  email: string;
  bot: { siteKey: string; token: string | null };
}) {
  const answer = useFormAnswer("feedback");
  const focusRef = useFocusFirstInvalid(answer);
  const value = (name: string) => typedOr(answer, name);
  const currentType =
    value("type") === "support" ? "support" : value("type") === "feedback" ? "feedback" : type;
  const categories: Record<string, string> =
    currentType === "support" ? SUPPORT_CATEGORIES : FEEDBACK_CATEGORIES;
  const [different, setDifferent] = useState(value("useDifferentEmail") === "on");
  const [fileError, setFileError] = useState<{ title: string; detail: string } | null>(null);
  const hydrated = useHydrated();
  const customEmail = useRef<HTMLInputElement>(null);
  const busy = useNavigation().state === "submitting";
  const showToast = useToast();
  const id = useId();
  const error = (field: string) => answer?.fieldErrors[field];

  return (
    <section className={styles.card} style={{ maxWidth: "40rem" }} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{currentType === "support" ? "Поддръжка" : "Обратна връзка"}</h1>
      <p>
        <Link
          to={`/feedback?type=${currentType === "support" ? "feedback" : "support"}&from=${encodeURIComponent(from)}`}
        >
          {currentType === "support"
            ? "Искате да споделите мнение? Обратна връзка"
            : "Имате проблем? Поддръжка"}
        </Link>
      </p>
      {answer?.formError ? (
        <div role="alert" className={fieldStyles.formError}>
          {FEEDBACK_MESSAGES.title}: {answer.formError}
        </div>
      ) : null}
      <Form ref={focusRef} method="post" encType="multipart/form-data" noValidate>
        <CompanyField />
        <input type="hidden" name="type" value={currentType} />
        <input type="hidden" name="from" value={from} />
        <FormField
          name="category"
          label="Категория"
          required
          options={[["", "Изберете категория"], ...Object.entries(categories)]}
          defaultValue={value("category")}
          error={error("category")}
        />
        {currentType === "support" ? (
          <FormField
            name="severity"
            label="Спешност (по желание)"
            options={[["", "Не е посочена"], ...Object.entries(SEVERITIES)]}
            defaultValue={value("severity")}
          />
        ) : null}
        <FormField
          name="message"
          label="Съобщение"
          required
          multiline
          defaultValue={value("message")}
          error={error("message")}
        />
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-file`} className={fieldStyles.label}>
            Прикачен файл (JPG или PNG, до 5 MB, по желание)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept="image/png,image/jpeg"
            aria-invalid={fileError || error("file") ? true : undefined}
            aria-describedby={fileError || error("file") ? `${id}-file-error` : undefined}
            onChange={(event) => {
              const problem = checkFile(event.currentTarget.files?.[0]);
              setFileError(problem);
              if (!problem) return;
              // Refused in the browser before it is sent (spec §5); the server keeps its 413.
              event.currentTarget.value = "";
              showToast({
                type: "error",
                title: problem.title,
                description: problem.detail,
                attempt: true,
              });
            }}
          />
          {fileError || error("file") ? (
            <p id={`${id}-file-error`} className={fieldStyles.error}>
              {fileError ? `${fileError.title}. ${fileError.detail}` : error("file")}
            </p>
          ) : null}
        </div>
        <p>
          Ще ви отговорим на <strong>{email}</strong>.
        </p>
        <div className={fieldStyles.checkboxRow}>
          <input
            id={`${id}-different`}
            type="checkbox"
            name="useDifferentEmail"
            defaultChecked={different}
            onChange={(event) => {
              setDifferent(event.currentTarget.checked);
              // Unchecking clears the other address (spec §5).
              if (!event.currentTarget.checked && customEmail.current)
                customEmail.current.value = "";
            }}
          />
          <label htmlFor={`${id}-different`}>Отговорете ми на друг имейл адрес</label>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-email`} className={fieldStyles.label}>
            Друг имейл адрес
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="customEmail"
            className={fieldStyles.input}
            ref={customEmail}
            defaultValue={value("customEmail")}
            disabled={hydrated && !different}
            aria-invalid={error("customEmail") ? true : undefined}
            aria-describedby={error("customEmail") ? `${id}-email-error` : undefined}
          />
          {error("customEmail") ? (
            <p id={`${id}-email-error`} className={fieldStyles.error}>
              {error("customEmail")}
            </p>
          ) : null}
        </div>
        <BotCheck siteKey={bot.siteKey} token={bot.token} error={error("recaptchaToken")} />
        <Button type="submit" disabled={busy}>
          {busy ? "Изпращане..." : "Изпрати"}
        </Button>{" "}
        <Link to={from}>Отказ</Link>
      </Form>
    </section>
  );
}

/** A file the form would refuse: over 5 MB, or not a JPG/PNG (by its type; the server checks its bytes). */
function checkFile(file: File | undefined): { title: string; detail: string } | null {
  if (!file) return null;
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return { title: FEEDBACK_MESSAGES.fileTooLarge, detail: FEEDBACK_MESSAGES.fileTooLargeDetail };
  }
  if (file.type && file.type !== "image/png" && file.type !== "image/jpeg") {
    return { title: FEEDBACK_MESSAGES.title, detail: FEEDBACK_MESSAGES.fileType };
  }
  return null;
}
