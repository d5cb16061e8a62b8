import { type ReactNode, useId } from "react";
import * as styles from "./field.css";

type Status = { tone: "ok" | "error" | "info"; text: string } | null | undefined;

/*
 * The frame of every field: forms post natively and show the server's messages (decision 054),
 * so a page loads no validation library.
 */

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
