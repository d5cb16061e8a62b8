import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useField } from "remix-validated-form";
import { Button } from "~/components/ui/button";
import * as styles from "./field.css";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">;
type Status = { tone: "ok" | "error" | "info"; text: string } | null | undefined;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  hint?: ReactNode;
  /** A message below the field from a check that is not validation (e.g. "Имейлът е свободен"). */
  status?: Status;
}

/**
 * Label, control, hint and message of one field — the one frame every form's fields use. Returns
 * the aria props the control needs (aria-invalid when there is an error, aria-describedby to the
 * hint and the message), the label's id, and `frame(control)` to draw it all.
 */
export function useFieldFrame(props: {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  status?: Status;
}) {
  const id = useId();
  const error = props.error ?? (props.status?.tone === "error" ? props.status.text : undefined);
  const status = error ? null : props.status;
  const described = [
    props.hint ? `${id}-hint` : "",
    error ? `${id}-error` : "",
    status ? `${id}-status` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const aria = {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": described || undefined,
    "aria-required": props.required || undefined,
  };
  const frame = (control: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={id} id={`${id}-label`} className={styles.label}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {props.hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
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
  return { aria, frame, labelId: `${id}-label` };
}

/** A labelled input wired to remix-validated-form. */
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
  const { aria, frame } = useFieldFrame({ label, required, hint, error, status });
  return frame(<input {...getInputProps({ ...aria, type, className: styles.input, ...rest })} />);
}

/** A password input with a show/hide toggle once JavaScript runs. */
export function PasswordField({
  name,
  label,
  hint,
  required,
  ...rest
}: Omit<FieldProps, "type" | "status">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const { error, getInputProps } = useField(name);
  const { aria, frame } = useFieldFrame({ label, required, hint, error });
  return frame(
    <div className={styles.inputRow}>
      <input
        {...getInputProps({
          ...aria,
          type: visible ? "text" : "password",
          className: styles.input,
          ...rest,
        })}
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
  const { aria, frame } = useFieldFrame({ label, required, hint, error });
  const entries = Array.isArray(options)
    ? options.map((o) => [o, o] as const)
    : Object.entries(options);
  return frame(
    <select {...getInputProps({ ...aria, className: styles.input })}>
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The message under a field, with the id its control's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
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
