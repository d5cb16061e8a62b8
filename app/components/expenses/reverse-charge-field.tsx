import { CheckboxField, SelectField } from "~/components/forms/field";
import { EXPENSE_ANNEX_PARTS } from "~/modules/expenses/constants";

const PARTS = { "": "— изберете при обратно начисляване —", ...EXPENSE_ANNEX_PARTS };

/**
 * The expense form's marker of a domestic reverse charge (чл. 163а ЗДДС, decision 073) and the
 * part of Приложение № 2 it falls under (НАП's code in the journals' files, decision 079).
 */
export function ReverseChargeField({
  value,
  error,
}: {
  /** The form's typed value and error of a field, as the expense form reads them. */
  value: (name: string) => string;
  error: (name: string) => string | undefined;
}) {
  return (
    <>
      <CheckboxField
        name="reverseCharge"
        label="Обратно начисляване по чл. 163а ЗДДС (доставчикът не е начислил ДДС): Сметка ще предложи протокол по чл. 117"
        defaultChecked={value("reverseCharge") === "on"}
        error={error("reverseCharge")}
      />
      <SelectField
        name="reverseChargeAnnexPart"
        label="Доставката по чл. 163а е по"
        options={PARTS}
        defaultValue={value("reverseChargeAnnexPart")}
        error={error("reverseChargeAnnexPart")}
        hint="Задължително при обратно начисляване по чл. 163а: кодът в дневниците за НАП (01 или 02)"
      />
    </>
  );
}
