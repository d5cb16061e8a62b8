import * as fieldStyles from "~/components/forms/field.css";
import { useFieldFrame } from "~/components/forms/field-frame";

/** A period's first or last month (yyyy-MM) in a GET form: the analytics and the statistics. */
export function MonthField(props: {
  name: "from" | "to";
  label: string;
  value: string;
  error?: string;
}) {
  const { aria, frame } = useFieldFrame({
    label: props.label,
    error: props.error,
    hint: "ГГГГ-ММ, напр. 2026-01",
  });
  return frame(
    <input
      {...aria}
      type="month"
      name={props.name}
      defaultValue={props.value}
      min="1900-01"
      max="2100-12"
      className={fieldStyles.input}
    />,
  );
}
