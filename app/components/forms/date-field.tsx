import { FormField, type FormFieldProps } from "./form-field";

/** A date (yyyy-mm-dd) of a form: the browser's own date control in the one field frame. */
export function DateField(
  props: Omit<FormFieldProps, "type" | "inputMode" | "options" | "multiline" | "placeholder">,
) {
  return <FormField {...props} type="date" />;
}
