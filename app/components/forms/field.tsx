import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useField } from "remix-validated-form";
import { Button } from "~/components/ui/button";
import * as styles from "./field.css";
import { FieldError, useFieldFrame } from "./field-frame";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">;
type Status = { tone: "ok" | "error" | "info"; text: string } | null | undefined;

export { FieldError, FormError, useFieldFrame } from "./field-frame";

interface FieldProps extends InputProps {
  name: string;
  label: string;
  hint?: ReactNode;
  /** A message below the field from a check that is not validation (e.g. "Имейлът е свободен"). */
  status?: Status;
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
