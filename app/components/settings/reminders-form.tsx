import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { type FormAnswer, typedOr } from "~/utils/forms";

/** The placeholders of a reminder's text (as in the mail template), for the form's hint. */
const PLACEHOLDERS = "{номер}, {сума}, {падеж}, {iban}, {фирма}";

/**
 * Reminders of overdue documents (issue #15): on or off, the days after the due date, the text.
 * A native form (intent "reminders") on /settings.
 */
export function RemindersForm({
  values,
  defaultText,
  answer,
}: {
  values: { enabled: boolean; days: number[]; message: string | null };
  defaultText: string;
  answer: FormAnswer | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const enabled = answer ? answer.repopulateFields?.enabled === "on" : values.enabled;
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <input type="hidden" name="intent" value="reminders" />
      <FormError message={answer?.formError} />
      <p>
        <label>
          <input type="checkbox" name="enabled" defaultChecked={enabled} /> Изпращай напомняния на
          клиентите за просрочени фактури
        </label>
      </p>
      <FormField
        name="days"
        label="Дни след падежа"
        required
        hint="Напр. 3, 10, 30: едно напомняне на всеки от тези дни, докато документът не е платен. Тръгват в 9:15 ч. в съответния ден (проверка всеки час до 17:15 ч., по българско време)."
        defaultValue={typedOr(answer, "days", values.days.join(", "))}
        error={answer?.fieldErrors.days}
        controlProps={{ maxLength: 100 }}
      />
      <FormField
        name="message"
        label="Текст на напомнянето"
        multiline
        hint={`Празно: текстът по подразбиране. Може да съдържа ${PLACEHOLDERS}. PDF на документа се прилага.`}
        placeholder={defaultText}
        defaultValue={typedOr(answer, "message", values.message ?? "")}
        error={answer?.fieldErrors.message}
        controlProps={{ maxLength: 2000, rows: 8 }}
      />
      <Button type="submit" disabled={busy}>
        Запази напомнянията
      </Button>
    </Form>
  );
}
