import { Form, useNavigation } from "@remix-run/react";
import { DateField } from "~/components/forms/date-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import {
  NAP_ACCOUNT_FORM,
  NAP_ACCOUNT_KINDS,
  NAP_FORMAT_FORM,
} from "~/modules/admin/nap-settings-constants";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The two forms of /hatterscastle/nap (issue #27): a new format of обр. 1 and обр. 6, and a new
 * НАП bank account, each a dated row.
 */

function Confirmed({ id, checked }: { id: string; checked: boolean }) {
  return (
    <div className={fieldStyles.checkboxRow}>
      <input type="checkbox" id={id} name="confirmed" defaultChecked={checked} />
      <label htmlFor={id} className={fieldStyles.label}>
        Потвърден по публикуваната спецификация или указание на НАП
      </label>
    </div>
  );
}

const FORMAT_FIELDS: [string, string, string?][] = [
  ["form1FileName", "Обр. 1: име на файла", "Напр. EMPL2021.TXT"],
  ["form1Tag", "Обр. 1: версия (последно поле)", "Напр. NRAD12008"],
  ["form6FileName", "Обр. 6: име на файла", "Напр. NRA62007.TXT"],
  ["form6Tag", "Обр. 6: версия (последно поле)", "Напр. NRAD62007"],
  ["paymentTypePayroll", "Обр. 6, т. 8: вид плащане за заплатите"],
  ["paymentTypeContracts", "Обр. 6, т. 8: вид плащане за граждански договори"],
  ["insuredTypeLabour", "Обр. 1, т. 12: вид осигурен — трудов договор"],
  ["insuredTypeManagement", "Обр. 1, т. 12: вид осигурен — договор за управление"],
  ["insuredTypeCivil", "Обр. 1, т. 12: вид осигурен — граждански договор"],
];

export function FormatForm({ values }: { values: Record<string, string> }) {
  const answer = useFormAnswer(NAP_FORMAT_FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (name: string) => typedOr(answer, name, answer ? "" : (values[name] ?? ""));
  return (
    <Form method="post" ref={form} noValidate aria-labelledby="nap-format-title">
      <h3 id="nap-format-title">Нов формат от дата</h3>
      <input type="hidden" name="intent" value={NAP_FORMAT_FORM} />
      <FormError message={answer?.formError} />
      <div className={page.grid}>
        <DateField
          name="validFrom"
          label="За периоди от"
          required
          defaultValue={value("validFrom")}
          error={answer?.fieldErrors.validFrom}
        />
        {FORMAT_FIELDS.map(([name, label, hint]) => (
          <FormField
            key={name}
            name={name}
            label={label}
            hint={hint}
            required
            defaultValue={value(name)}
            error={answer?.fieldErrors[name]}
            controlProps={{ maxLength: 44 }}
          />
        ))}
      </div>
      <Confirmed id="nap-format-confirmed" checked={answer ? value("confirmed") === "on" : false} />
      <FormField
        name="note"
        label="Бележка"
        multiline
        hint="Напр. източник; до 500 знака"
        defaultValue={value("note")}
        error={answer?.fieldErrors.note}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" disabled={busy}>
        Добави формата
      </Button>
    </Form>
  );
}

export function AccountForm() {
  const answer = useFormAnswer(NAP_ACCOUNT_FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" ref={form} noValidate aria-labelledby="nap-account-title">
      <h3 id="nap-account-title">Нова сметка от дата</h3>
      <input type="hidden" name="intent" value={NAP_ACCOUNT_FORM} />
      <FormError message={answer?.formError} />
      <div className={page.grid}>
        <FormField
          name="kind"
          label="Задължение"
          required
          options={[["", "— Изберете —"], ...Object.entries(NAP_ACCOUNT_KINDS)]}
          defaultValue={typedOr(answer, "kind")}
          error={answer?.fieldErrors.kind}
        />
        <DateField
          name="validFrom"
          label="В сила от"
          required
          defaultValue={typedOr(answer, "validFrom")}
          error={answer?.fieldErrors.validFrom}
        />
        <FormField
          name="iban"
          label="IBAN"
          required
          defaultValue={typedOr(answer, "iban")}
          error={answer?.fieldErrors.iban}
          controlProps={{ maxLength: 50 }}
        />
      </div>
      <Confirmed id="nap-account-confirmed" checked={typedOr(answer, "confirmed") === "on"} />
      <FormField
        name="note"
        label="Бележка"
        multiline
        defaultValue={typedOr(answer, "note")}
        error={answer?.fieldErrors.note}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" disabled={busy}>
        Добави сметката
      </Button>
    </Form>
  );
}
