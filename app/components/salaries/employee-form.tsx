import { Form, useNavigation } from "@remix-run/react";
import * as styles from "~/components/expenses/expenses.css";
import { AmountField } from "~/components/forms/amount-field";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { CONTRACT_TYPES } from "~/modules/salaries/constants";
import type { FormAnswer } from "~/utils/forms";

/** The employee's form (new and edit): a native form that works without JavaScript. */
export function EmployeeForm({
  values,
  answer,
  submitLabel,
}: {
  values: Record<string, string>;
  answer: FormAnswer | undefined;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const value = (name: string) =>
    (answer?.repopulateFields?.[name] as string | undefined) ?? values[name] ?? "";
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <FormError message={answer?.formError} />
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Лични данни</legend>
        <div className={styles.row}>
          <FormField
            name="name"
            label="Име, презиме и фамилия"
            required
            defaultValue={value("name")}
            error={error("name")}
            controlProps={{ maxLength: 200, autoComplete: "off" }}
          />
          <FormField
            name="idNumber"
            label="ЕГН или ЛНЧ"
            required
            hint="10 цифри; датата на раждане и осигуряването се определят от ЕГН"
            defaultValue={value("idNumber")}
            error={error("idNumber")}
            inputMode="numeric"
            controlProps={{ maxLength: 20 }}
          />
          <FormField
            name="iban"
            label="IBAN за заплатата"
            defaultValue={value("iban")}
            error={error("iban")}
            controlProps={{ maxLength: 50 }}
          />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Договор</legend>
        <div className={styles.row}>
          <FormField
            name="position"
            label="Длъжност"
            required
            defaultValue={value("position")}
            error={error("position")}
            controlProps={{ maxLength: 200 }}
          />
          <FormField
            name="occupationCode"
            label="Код на длъжността по НКПД"
            hint="8 цифри по Националната класификация на професиите и длъжностите (напр. 24114001); нужен е за декларация обр. 1"
            defaultValue={value("occupationCode")}
            error={error("occupationCode")}
            inputMode="numeric"
            controlProps={{ maxLength: 12 }}
          />
          <FormField
            name="contractType"
            label="Вид договор"
            required
            options={CONTRACT_TYPES}
            defaultValue={value("contractType") || "labour"}
            error={error("contractType")}
          />
          <AmountField
            name="gross"
            label="Брутно месечно възнаграждение (EUR)"
            required
            defaultValue={value("gross")}
            error={error("gross")}
            controlProps={{ maxLength: 40 }}
          />
          <FormField
            name="hoursPerDay"
            label="Работно време (часа на ден)"
            defaultValue={value("hoursPerDay") || "8"}
            error={error("hoursPerDay")}
            inputMode="numeric"
            controlProps={{ maxLength: 2 }}
          />
          <DateField
            name="startDate"
            label="Дата на постъпване"
            required
            defaultValue={value("startDate")}
            error={error("startDate")}
          />
          <DateField
            name="endDate"
            label="Дата на напускане"
            hint="Празно за настоящ служител; месецът на постъпване и на напускане се плаща за дните по договора"
            defaultValue={value("endDate")}
            error={error("endDate")}
          />
          <FormField
            name="insuredSixMonths"
            label="Поне 6 месеца осигурителен стаж"
            hint="Без тях работодателят не плаща първите дни болничен (КСО чл. 40, ал. 5)"
            options={{ yes: "Да", no: "Не" }}
            defaultValue={value("insuredSixMonths") || "yes"}
            error={error("insuredSixMonths")}
          />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Клас прослужено време (трудов договор)</legend>
        <div className={styles.row}>
          <FormField
            name="seniorityYears"
            label="Трудов стаж и професионален опит при постъпване (години)"
            hint="Пълни години; годините по този договор се добавят всеки месец"
            defaultValue={value("seniorityYears")}
            error={error("seniorityYears")}
            inputMode="numeric"
            controlProps={{ maxLength: 2 }}
          />
          <FormField
            name="seniorityPercent"
            label="Процент за всяка година стаж"
            hint="Поне 0,6 % от основната заплата (чл. 12 от Наредбата за структурата и организацията на работната заплата); празно — без отделно възнаграждение"
            defaultValue={value("seniorityPercent")}
            error={error("seniorityPercent")}
            inputMode="decimal"
            controlProps={{ maxLength: 6 }}
          />
        </div>
      </fieldset>
      <Button type="submit" name="intent" value="save" disabled={busy}>
        {busy ? "Записване..." : submitLabel}
      </Button>
    </Form>
  );
}
