import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { PAYROLL_SETTINGS_FORM_ID } from "~/modules/salaries/constants";
import { type FormAnswer, typedOr } from "~/utils/forms";

/**
 * The company's payroll settings on /settings (intent "payroll-settings"): the КИД-2008 code of its
 * main activity, which обр. 1 carries (issue #41 item 3). A native form.
 */
export function PayrollSettingsForm({
  values,
  answer,
}: {
  values: { activityCode: string | null };
  answer: FormAnswer | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <input type="hidden" name="intent" value={PAYROLL_SETTINGS_FORM_ID} />
      <FormError message={answer?.formError} />
      <FormField
        name="activityCode"
        label="Код на основната икономическа дейност по КИД-2008"
        hint="4 цифри, напр. 62.01 или 6201; нужен е за декларация обр. 1"
        defaultValue={typedOr(answer, "activityCode", values.activityCode ?? "")}
        error={answer?.fieldErrors.activityCode}
        inputMode="decimal"
        controlProps={{ maxLength: 10 }}
      />
      <Button type="submit" disabled={busy}>
        Запази кода по КИД
      </Button>
    </Form>
  );
}
