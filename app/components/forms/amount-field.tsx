import { FormField, type FormFieldProps } from "./form-field";

/**
 * A sum of money of a form, typed as a decimal (a comma or a point; the server reads it): a
 * phone shows its number keys.
 */
export function AmountField(
  props: Omit<FormFieldProps, "type" | "inputMode" | "options" | "multiline">,
) {
  return <FormField {...props} inputMode="decimal" />;
}
