import { Form, useNavigation } from "@remix-run/react";
import { AmountField } from "~/components/forms/amount-field";
import { DateField } from "~/components/forms/date-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { PAYROLL_RATE_FIELDS, type PayrollRateField } from "~/modules/salaries/parameter-fields";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The payroll parameters' forms on /hatterscastle/invoice-settings: a new dated row (prefilled
 * from the latest) and the correction or confirmation of a row's maximum insurable income.
 */

export const ADD_PARAMETERS_FORM = "add-parameters";
export const MAX_INSURABLE_FORM = "max-insurable";
export const SICK_LEAVE_RULE_FORM = "sick-leave-rule";

function Confirmed({ defaultChecked, id }: { defaultChecked: boolean; id: string }) {
  return (
    <div className={fieldStyles.checkboxRow}>
      <input
        type="checkbox"
        id={id}
        name="maxInsurableConfirmed"
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className={fieldStyles.label}>
          Потвърден
        </label>
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          Отметнете, когато размерът е приет със закона за бюджета на ДОО; дотогава е «Непотвърден».
        </p>
      </div>
    </div>
  );
}

/** A new row of parameters from a day; the row open until then ends the day before. */
export function AddParametersForm({ values }: { values: Record<string, string> }) {
  const answer = useFormAnswer(ADD_PARAMETERS_FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (name: string) => typedOr(answer, name, answer ? "" : (values[name] ?? ""));
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <Form method="post" ref={form} noValidate aria-labelledby="add-parameters-title">
      <h3 id="add-parameters-title">Нови параметри от дата</h3>
      <input type="hidden" name="intent" value={ADD_PARAMETERS_FORM} />
      <FormError message={answer?.formError} />
      <p className={fieldStyles.hint}>
        Попълнени са с последните параметри. Досегашният ред приключва в деня преди новата дата.
      </p>
      <div className={page.grid}>
        <DateField
          name="validFrom"
          label="В сила от"
          required
          defaultValue={value("validFrom")}
          error={error("validFrom")}
        />
        <AmountField
          name="minimumWage"
          label="Минимална месечна заплата (EUR)"
          required
          defaultValue={value("minimumWage")}
          error={error("minimumWage")}
        />
        <AmountField
          name="maxInsurable"
          label="Максимален осигурителен доход (EUR)"
          required
          defaultValue={value("maxInsurable")}
          error={error("maxInsurable")}
        />
      </div>
      <Confirmed
        id="add-parameters-confirmed"
        defaultChecked={answer ? value("maxInsurableConfirmed") === "on" : false}
      />
      <fieldset className={fieldStyles.fieldset}>
        <legend className={fieldStyles.legend}>Проценти</legend>
        <div className={page.grid}>
          {(Object.entries(PAYROLL_RATE_FIELDS) as [PayrollRateField, string][]).map(
            ([name, label]) => (
              <FormField
                key={name}
                name={name}
                label={`${label} (%)`}
                inputMode="decimal"
                required
                defaultValue={value(name)}
                error={error(name)}
                controlProps={{ maxLength: 10 }}
              />
            ),
          )}
        </div>
      </fieldset>
      <FormField
        name="note"
        label="Бележка"
        multiline
        hint="Напр. източник на размерите; до 500 знака"
        defaultValue={value("note")}
        error={error("note")}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" disabled={busy}>
        Добави параметрите
      </Button>
    </Form>
  );
}

/** Corrects or confirms the maximum insurable income of a row. */
export function MaxInsurableForm({ rows }: { rows: { id: string; label: string }[] }) {
  const answer = useFormAnswer(MAX_INSURABLE_FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const options: [string, string][] = [
    ["", "— Изберете период —"],
    ...rows.map((r) => [r.id, r.label] as [string, string]),
  ];
  return (
    <Form method="post" ref={form} noValidate aria-labelledby="max-insurable-title">
      <h3 id="max-insurable-title">Максимален осигурителен доход: поправка или потвърждение</h3>
      <input type="hidden" name="intent" value={MAX_INSURABLE_FORM} />
      <FormError message={answer?.formError} />
      <p className={fieldStyles.hint}>
        Изчислените заплати пазят своите суми: промяната важи само за заплатите, изчислени или
        запазени след нея.
      </p>
      <FormField
        name="id"
        label="Период"
        required
        options={options}
        defaultValue={typedOr(answer, "id")}
        error={answer?.fieldErrors.id}
      />
      <AmountField
        name="maxInsurable"
        label="Максимален осигурителен доход (EUR)"
        required
        defaultValue={typedOr(answer, "maxInsurable")}
        error={answer?.fieldErrors.maxInsurable}
      />
      <Confirmed
        id="max-insurable-confirmed"
        defaultChecked={typedOr(answer, "maxInsurableConfirmed") === "on"}
      />
      <Button type="submit" tone="secondary" disabled={busy}>
        Запази
      </Button>
    </Form>
  );
}

/** A rule of the employer's sick days from a day (a rule of the same day is replaced). */
export function SickLeaveRuleForm() {
  const answer = useFormAnswer(SICK_LEAVE_RULE_FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" ref={form} noValidate aria-labelledby="sick-rule-title">
      <h3 id="sick-rule-title">Ново правило от дата</h3>
      <input type="hidden" name="intent" value={SICK_LEAVE_RULE_FORM} />
      <FormError message={answer?.formError} />
      <p className={fieldStyles.hint}>
        Правило със същата дата се заменя. Изчислените заплати пазят своите суми.
      </p>
      <div className={page.grid}>
        <DateField
          name="validFrom"
          label="За неработоспособност, настъпила от"
          required
          defaultValue={typedOr(answer, "validFrom")}
          error={answer?.fieldErrors.validFrom}
        />
        <FormField
          name="employerDays"
          label="Работни дни за сметка на работодателя"
          inputMode="numeric"
          required
          defaultValue={typedOr(answer, "employerDays")}
          error={answer?.fieldErrors.employerDays}
          controlProps={{ maxLength: 2 }}
        />
      </div>
      <FormField
        name="note"
        label="Бележка"
        multiline
        hint="Напр. разпоредбата и броят на Държавен вестник; до 500 знака"
        defaultValue={typedOr(answer, "note")}
        error={answer?.fieldErrors.note}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" tone="secondary" disabled={busy}>
        Запази правилото
      </Button>
    </Form>
  );
}
