import type { ReactNode } from "react";
import * as styles from "./field.css";
import { useFieldFrame } from "./field-frame";

export interface FormFieldProps {
  name: string;
  label: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  type?: string;
  inputMode?: "decimal" | "numeric" | "text" | "email";
  autoComplete?: string;
  placeholder?: string;
  /** A select: value → text, or [value, text] pairs in order. */
  options?: Record<string, string> | readonly (readonly [string, string])[];
  multiline?: boolean;
  className?: string;
  /**
   * A text input whose whole value is selected when it takes focus, so typing replaces it (a
   * quantity's «1»: typing 2 gives 2, not 12).
   */
  selectOnFocus?: boolean;
  /** Extra attributes for the control (accept for files, min/max for dates…). */
  controlProps?: Record<string, string | number | boolean | undefined>;
}

/**
 * A labelled control of a form (a text, a select or a text area): the same frame as TextField —
 * label, required mark, hint, message wired with aria-describedby.
 */
export function FormField(props: FormFieldProps) {
  const { aria, frame } = useFieldFrame({
    label: props.label,
    required: props.required,
    hint: props.hint,
    error: props.error,
  });
  const common = {
    ...aria,
    ...props.controlProps,
    name: props.name,
    defaultValue: props.defaultValue,
    className: styles.input,
  };
  const entries = props.options
    ? Array.isArray(props.options)
      ? (props.options as readonly (readonly [string, string])[])
      : Object.entries(props.options)
    : null;
  const control = entries ? (
    <select {...common}>
      {entries.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  ) : props.multiline ? (
    <textarea {...common} rows={3} style={{ paddingBlock: "0.5rem" }} />
  ) : (
    <input
      {...common}
      type={props.type ?? "text"}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete ?? "off"}
      placeholder={props.placeholder}
      onFocus={props.selectOnFocus ? (event) => event.currentTarget.select() : undefined}
    />
  );
  return props.className ? <div className={props.className}>{frame(control)}</div> : frame(control);
}
