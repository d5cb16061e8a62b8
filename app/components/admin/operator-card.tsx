import { Form, useNavigation } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { SETTINGS_FORMS } from "~/modules/admin/settings-constants";
import { typedOr, useFormAnswer } from "~/utils/forms";

/** The operator's requisites as the card shows them (settings/app-settings.server.ts). */
interface OperatorValues {
  name: string;
  eik: string;
  isVatRegistered: boolean;
  vatNumber: string | null;
  address: string;
  city: string;
  postalCode: string;
  mol: string | null;
  bankIban: string | null;
  bankName: string | null;
  bankBic: string | null;
}

const FIELDS: [keyof OperatorValues, string, number][] = [
  ["name", "Име на фирмата", 200],
  ["eik", "ЕИК", 13],
  ["vatNumber", "ДДС номер", 20],
  ["address", "Адрес", 200],
  ["city", "Град", 100],
  ["postalCode", "Пощенски код", 10],
  ["mol", "МОЛ (съставил)", 200],
  ["bankIban", "IBAN", 50],
  ["bankName", "Банка", 100],
  ["bankBic", "BIC", 20],
];

/**
 * The seller on every invoice for a subscription payment (issue #31 item 3): a native form
 * (intent "operator"); until saved, the operator company's record is used and shown here.
 */
export function OperatorCard({
  operator,
  saved,
}: {
  operator: OperatorValues | null;
  /** Whether the admins saved these (otherwise they come from the operator company). */
  saved: boolean;
}) {
  const answer = useFormAnswer(SETTINGS_FORMS.operator);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (key: keyof OperatorValues) => {
    const stored = operator?.[key];
    return typedOr(answer, key, typeof stored === "string" ? stored : "");
  };
  const registered = answer
    ? answer.repopulateFields?.isVatRegistered === "on"
    : (operator?.isVatRegistered ?? true);
  return (
    <section className={page.card} aria-labelledby="operator-title">
      <h2 id="operator-title" className={page.cardTitle}>
        Данни на оператора за фактурите
      </h2>
      <p>
        Доставчикът на фактурите за абонамента: всяко плащане получава фактура с тези данни към
        датата си. {saved ? "" : "Още не са запазени: ползват се данните на фирмата на оператора."}
      </p>
      <Form method="post" ref={form} noValidate>
        <input type="hidden" name="intent" value="operator" />
        <FormError message={answer?.formError} />
        <div className={fieldStyles.checkboxRow}>
          <input
            id="operator-vat"
            type="checkbox"
            name="isVatRegistered"
            defaultChecked={registered}
          />
          <label htmlFor="operator-vat">Регистриран по ДДС (цените на плановете са с ДДС)</label>
        </div>
        {FIELDS.map(([key, label, max]) => (
          <FormField
            key={key}
            name={key}
            label={label}
            required={key !== "vatNumber" && key !== "mol"}
            defaultValue={value(key)}
            error={answer?.fieldErrors[key]}
            controlProps={{ maxLength: max }}
          />
        ))}
        <Button type="submit" disabled={busy}>
          Запази данните
        </Button>
      </Form>
    </section>
  );
}
