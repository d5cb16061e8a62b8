import { CheckboxField } from "~/components/forms/field";

/** The expense form's marker of a domestic reverse charge (чл. 163а ЗДДС, decision 073). */
export function ReverseChargeField({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <CheckboxField
      name="reverseCharge"
      label="Обратно начисляване по чл. 163а ЗДДС (доставчикът не е начислил ДДС): Сметка ще предложи протокол по чл. 117"
      defaultChecked={checked}
      error={error}
    />
  );
}
