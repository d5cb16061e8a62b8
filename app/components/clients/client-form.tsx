import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CompanyField } from "~/components/forms/company-field";
import { CountryField } from "~/components/forms/country-field";
import { FormError, SelectField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import * as formGrid from "~/components/forms/form-grid.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { ViesCheck } from "~/components/forms/vies-check";
import { Button } from "~/components/ui/button";
import { CLIENT_KINDS, VAT_TREATMENTS } from "~/modules/clients/constants";
import { CURRENCIES } from "~/modules/reference/currencies";
import type { ViesStatus } from "~/modules/reference/vies";
import { answerFields, useFormAnswer } from "~/utils/forms";
import * as styles from "./client-form.css";

/** The client form's formId: the actions answer a refusal for it (FormAnswer). */
export const CLIENT_FORM_ID = "client";

const NEW_CLIENT = {
  kind: "company",
  country: "България",
  currency: "EUR",
  language: "bg",
  paymentTermDays: "7",
  vatTreatment: "standard",
};

/**
 * The client form of /client/new and /client/edit/{id}: a native POST form; the action checks it
 * with clientSchema and answers the messages and what was typed.
 */
export function ClientForm({
  defaultValues = NEW_CLIENT,
  duplicate,
  nameHint,
  submitLabel,
  vies,
}: {
  defaultValues?: Record<string, string>;
  /**
   * The client this one repeats (the server's answer): a link to open it and, for a repeated VAT
   * number, the second submit «Добави въпреки това» (a repeated ЕИК is refused outright).
   */
  duplicate?: { link: { to: string; text: string }; addAnyway: boolean };
  /** The note for the saved name (computed by the loader), until the name is typed. */
  nameHint?: string | null;
  submitLabel: string;
  /** The status line of a «Провери» the server answered (without JavaScript). */
  vies?: ViesStatus | null;
}) {
  const [viesStatus, setViesStatus] = useState(vies ?? null);
  useEffect(() => setViesStatus(vies ?? null), [vies]);
  const answer = useFormAnswer(CLIENT_FORM_ID);
  const form = useFocusFirstInvalid(answer);
  const { field } = answerFields(answer, defaultValues);
  return (
    <Form method="post" id={CLIENT_FORM_ID} ref={form} noValidate>
      <CompanyField />
      {/* Enter in a field saves: the first submit button is the form's default, not «Провери». */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {submitLabel}
      </button>
      <FormError message={answer?.formError} />
      {duplicate ? (
        <p className={styles.duplicate}>
          <Link to={duplicate.link.to}>{duplicate.link.text}</Link>
          {duplicate.addAnyway ? (
            <Button type="submit" name="intent" value="save-anyway" tone="secondary">
              Добави въпреки това
            </Button>
          ) : null}
        </p>
      ) : null}
      <div className={formGrid.grid}>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Клиент</legend>
          <SelectField {...field("kind")} label="Вид" options={CLIENT_KINDS} required />
          <NameField {...field("name")} defaultHint={nameHint ?? null} />
          <TextField
            {...field("eik")}
            label="ЕИК/Булстат"
            inputMode="numeric"
            hint="Задължителен за фирми, ЕТ и НПО"
          />
          <TextField
            {...field("vatNumber")}
            label="ДДС номер"
            hint="BG и ЕИК (или ЕГН), или ДДС номер от ЕС"
          />
          <ViesCheck
            name="intent"
            value="vies"
            status={viesStatus}
            onCheck={(form) =>
              // The VIES answer's handling is loaded on the first «Провери», not with the page.
              void import("./client-vies").then(({ checkInVies }) =>
                checkInVies(form, setViesStatus),
              )
            }
          />
          <TextField {...field("mol")} label="МОЛ" hint="Материално отговорно лице" />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Адрес</legend>
          <TextField {...field("address")} label="Адрес" required />
          <div className={formGrid.row}>
            <TextField {...field("city")} label="Град" required />
            <TextField {...field("postalCode")} label="Пощенски код" />
          </div>
          <CountryField {...field("country")} />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Контакти</legend>
          <TextField
            {...field("emails")}
            label="Имейли"
            hint="Няколко адреса се разделят със запетая"
          />
          <TextField {...field("phone")} label="Телефон" type="tel" />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Фактуриране</legend>
          <div className={formGrid.row}>
            <SelectField
              {...field("currency")}
              label="Валута по подразбиране"
              options={CURRENCIES}
            />
            <SelectField
              {...field("language")}
              label="Език на документите"
              options={{ bg: "Български", en: "Английски" }}
            />
          </div>
          <TextField
            {...field("paymentTermDays")}
            label="Срок за плащане (дни)"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
          />
          <SelectField
            {...field("vatTreatment")}
            label="Третиране по ДДС"
            options={VAT_TREATMENTS}
          />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>
            Данни на английски (за документи на английски)
          </legend>
          <TextField {...field("nameEn")} label="Име на английски" lang="en" />
          <TextField {...field("addressEn")} label="Адрес на английски" lang="en" />
          <TextField {...field("cityEn")} label="Град на английски" lang="en" />
        </fieldset>
      </div>
      <Button type="submit" name="intent" value="save">
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * «Име» with a note, as one types (and on the server for a saved name), when НАП's files will
 * write it otherwise (Windows-1251: «Müller» → «Muller»). It never stops the form.
 */
function NameField({
  defaultHint,
  ...field
}: {
  defaultHint: string | null;
  name: string;
  error: string | undefined;
  defaultValue: string | undefined;
}) {
  const [hint, setHint] = useState(defaultHint);
  useEffect(() => setHint(defaultHint), [defaultHint]);
  // The table of Windows-1251 is loaded when a name is first typed, not with the page.
  const check = (name: string) =>
    void import("~/utils/cp1251").then(({ cp1251Warning }) => setHint(cp1251Warning(name)));
  return (
    <TextField
      {...field}
      label="Име"
      required
      hint={hint ?? undefined}
      onChange={(event) => check(event.currentTarget.value)}
    />
  );
}
