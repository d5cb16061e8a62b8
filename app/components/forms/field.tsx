import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import * as styles from "./field.css";
import { FieldError, useFieldFrame } from "./field-frame";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">;
type Status = { tone: "ok" | "error" | "info"; text: string } | null | undefined;

export { FieldError, FormError, useFieldFrame } from "./field-frame";

interface FieldProps extends InputProps {
  name: string;
  label: string;
  /** The server's message for this field (answerFields in utils/forms.ts). */
  error?: string | undefined;
  /** What was typed, or the value the form opens with. */
  defaultValue?: string | undefined;
  hint?: ReactNode;
  /** A message below the field from a check that is not validation (e.g. "Имейлът е свободен"). */
  status?: Status;
}

/** A labelled input of a native form: the one field frame, the server's message wired to it. */
export function TextField({
  name,
  label,
  hint,
  status,
  required,
  error,
  defaultValue,
  type = "text",
  ...rest
}: FieldProps) {
  const { aria, frame } = useFieldFrame({ label, required, hint, error, status });
  return frame(
    <input
      {...aria}
      name={name}
      defaultValue={defaultValue}
      type={type}
      className={styles.input}
      {...rest}
    />,
  );
}

/** A password input with a show/hide toggle once JavaScript runs; never given back a value. */
export function PasswordField({
  name,
  label,
  hint,
  required,
  error,
  ...rest
}: Omit<FieldProps, "type" | "status" | "defaultValue">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const { aria, frame } = useFieldFrame({ label, required, hint, error });
  return frame(
    <div className={styles.inputRow}>
      <input
        {...aria}
        name={name}
        type={visible ? "text" : "password"}
        className={styles.input}
        {...rest}
      />
      {hydrated ? (
        <Button
          tone="secondary"
          aria-pressed={visible}
          aria-controls={aria.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? "Скрий" : "Покажи"}
          <span className="visually-hidden"> паролата</span>
        </Button>
      ) : null}
    </div>,
  );
}

/** A labelled native select of a native form. */
export function SelectField({
  name,
  label,
  options,
  required,
  hint,
  error,
  defaultValue,
}: {
  name: string;
  label: string;
  options: Record<string, string> | readonly string[];
  required?: boolean;
  hint?: string;
  error?: string | undefined;
  defaultValue?: string | undefined;
}) {
  const { aria, frame } = useFieldFrame({ label, required, hint, error });
  const entries = Array.isArray(options)
    ? options.map((o) => [o, o] as const)
    : Object.entries(options);
  return frame(
    <select {...aria} name={name} defaultValue={defaultValue} className={styles.input}>
      {entries.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>,
  );
}

/** A checkbox with its label; errors are announced like any field's. */
export function CheckboxField({
  name,
  label,
  error,
  ...rest
}: InputProps & { name: string; label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...rest}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
