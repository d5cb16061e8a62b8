import * as fieldStyles from "./field.css";

/** A filter of a list's search form: «Всички» or one of the options, sent as a query value. */
export function FilterSelect(props: {
  name: string;
  label: string;
  value: string | undefined;
  options: Record<string, string> | readonly (readonly [string, string])[];
  /** The id prefix of the control (one per list). */
  idPrefix: string;
  allLabel?: string;
}) {
  const id = `${props.idPrefix}-${props.name}`;
  const entries = Array.isArray(props.options)
    ? (props.options as readonly (readonly [string, string])[])
    : Object.entries(props.options);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className={fieldStyles.input}
      >
        <option value="">{props.allLabel ?? "Всички"}</option>
        {entries.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
