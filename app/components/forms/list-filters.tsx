import * as fieldStyles from "./field.css";

/* The fields of a list's search form beside FilterSelect: the text searched, a date bound. */

/** The text a list is searched by, sent as `q`. */
export function ListSearch(props: {
  id: string;
  label: string;
  value: string;
  maxLength?: number;
}) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={props.id} className={fieldStyles.label}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        name="q"
        maxLength={props.maxLength}
        defaultValue={props.value}
        className={fieldStyles.input}
      />
    </div>
  );
}

/** A list's first or last date (yyyy-mm-dd), sent as `from` or `to`. */
export function DateFilter(props: {
  idPrefix: string;
  name: "from" | "to";
  label: string;
  value: string;
}) {
  const id = `${props.idPrefix}-${props.name}`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        className={fieldStyles.input}
      />
    </div>
  );
}
