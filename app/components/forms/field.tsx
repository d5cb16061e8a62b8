import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useField } from "remix-validated-form";
import { Button } from "~/components/ui/button";
import * as styles from "./field.css";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  hint?: ReactNode;
  /** A message below the field from a check that is not validation (e.g. "Имейлът е свободен"). */
  status?: { tone: "ok" | "error" | "info"; text: string } | null;
}

function describedBy(...ids: unknown[]) {
  const list = ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ");
  return list || undefined;
}

/** A labelled input wired to remix-validated-form: aria-invalid and aria-describedby to its message. */
export function TextField({
  name,
  label,
  hint,
  status,
  required,
  type = "text",
  ...rest
}: FieldProps) {
  const { error, getInputProps } = useField(name);
  const id = useId();
  const shown = error ?? (status?.tone === "error" ? status.text : undefined);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...getInputProps({
          id,
          type,
          className: styles.input,
          "aria-required": required || undefined,
          "aria-invalid": shown ? true : undefined,
          "aria-describedby": describedBy(
            hint && `${id}-hint`,
            shown && `${id}-error`,
            status && !shown && `${id}-status`,
          ),
          ...rest,
        })}
      />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className={styles.error}>
          {shown}
        </p>
      ) : status ? (
        <p
          id={`${id}-status`}
          className={status.tone === "ok" ? styles.ok : styles.hint}
          aria-live="polite"
        >
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle once JavaScript runs. */
export function PasswordField(props: Omit<FieldProps, "type">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const { error, getInputProps } = useField(props.name);
  const id = useId();
  const { name, label, hint, required, ...rest } = props;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className={styles.inputRow}>
        <input
          {...getInputProps({
            id,
            type: visible ? "text" : "password",
            className: styles.input,
            "aria-required": required || undefined,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy(hint && `${id}-hint`, error && `${id}-error`),
            ...rest,
          })}
        />
        {hydrated ? (
          <Button
            tone="secondary"
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Скрий" : "Покажи"}
            <span className={styles.honeypot}> паролата</span>
          </Button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label; errors are announced like any field's. */
export function CheckboxField({
  name,
  label,
  onChange,
  ...rest
}: InputProps & { name: string; label: ReactNode }) {
  const { error, getInputProps } = useField(name);
  const id = useId();
  return (
    <div>
      <div className={styles.checkboxRow}>
        <input
          {...getInputProps({
            id,
            type: "checkbox",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            onChange,
            ...rest,
          })}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (e.g. wrong password), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}

/** A labelled native select wired to remix-validated-form. */
export function SelectField({
  name,
  label,
  options,
  required,
  hint,
}: {
  name: string;
  label: string;
  options: Record<string, string> | readonly string[];
  required?: boolean;
  hint?: string;
}) {
  const { error, getInputProps } = useField(name);
  const id = useId();
  const entries = Array.isArray(options)
    ? options.map((o) => [o, o] as const)
    : Object.entries(options);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        {...getInputProps({
          id,
          className: styles.input,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy(hint && `${id}-hint`, error && `${id}-error`),
        })}
      >
        {entries.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
