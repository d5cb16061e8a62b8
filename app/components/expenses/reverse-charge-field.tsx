import { CheckboxField, SelectField } from "~/components/forms/field";
import { EXPENSE_ANNEX_PARTS } from "~/modules/expenses/constants";

const PARTS = { "": "— изберете при обратно начисляване —", ...EXPENSE_ANNEX_PARTS };

/**
 * The expense form's marker of a domestic reverse charge (чл. 163а ЗДДС, decision 073) and the
 * part of Приложение № 2 it falls under (НАП's code in the journals' files, decision 079).
 */
export function ReverseChargeField({
  checked,
  error,
  part,
  partError,
}: {
  checked: boolean;
  error?: string;
  part: string;
  partError?: string;
}) {
  return (
    <>
      <CheckboxField
        name="reverseCharge"
        label="Обратно начисляване по чл. 163а ЗДДС (доставчикът не е начислил ДДС): Сметка ще предложи протокол по чл. 117"
        defaultChecked={checked}
        error={error}
      />
      <SelectField
        name="reverseChargeAnnexPart"
        label="Доставката по чл. 163а е по"
        options={PARTS}
        defaultValue={part}
        error={partError}
        hint="Задължително при обратно начисляване по чл. 163а: кодът в дневниците за НАП (01 или 02)"
      />
    </>
  );
}
