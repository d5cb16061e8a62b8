import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { CompanyField } from "~/components/forms/company-field";
import { CountryField } from "~/components/forms/country-field";
import { FormError, SelectField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import * as formGrid from "~/components/forms/form-grid.css";
import { lazyValidator } from "~/components/forms/lazy-validator";
import { ViesCheck } from "~/components/forms/vies-check";
import { Button } from "~/components/ui/button";
import { CLIENT_KINDS, VAT_TREATMENTS } from "~/modules/clients/constants";
import { CURRENCIES } from "~/modules/reference/currencies";
import type { ViesStatus } from "~/modules/reference/vies";
import * as styles from "./client-form.css";

export const clientValidator = lazyValidator(() =>
  import("~/modules/clients/validators").then((m) => m.client),
);

/** The client form of /client/new and /client/edit/{id}: a native POST form, validated on both sides. */
export function ClientForm({
  defaultValues,
  duplicate,
  formError,
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
  formError?: string | null;
  submitLabel: string;
  /** The status line of a «Провери» the server answered (without JavaScript). */
  vies?: ViesStatus | null;
}) {
  const [viesStatus, setViesStatus] = useState(vies ?? null);
  useEffect(() => setViesStatus(vies ?? null), [vies]);
  return (
    <ValidatedForm
      validator={clientValidator}
      method="post"
      id="client"
      defaultValues={
        defaultValues ?? {
          kind: "company",
          country: "България",
          currency: "EUR",
          language: "bg",
          paymentTermDays: "7",
          vatTreatment: "standard",
        }
      }
      noValidate
    >
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
      <FormError message={formError} />
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
          <SelectField name="kind" label="Вид" options={CLIENT_KINDS} required />
          <NameField defaultHint={nameHint ?? null} />
          <TextField
            name="eik"
            label="ЕИК/Булстат"
            inputMode="numeric"
            hint="Задължителен за фирми, ЕТ и НПО"
          />
          <TextField
            name="vatNumber"
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
          <TextField name="mol" label="МОЛ" hint="Материално отговорно лице" />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Адрес</legend>
          <TextField name="address" label="Адрес" required />
          <div className={formGrid.row}>
            <TextField name="city" label="Град" required />
            <TextField name="postalCode" label="Пощенски код" />
          </div>
          <CountryField />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Контакти</legend>
          <TextField name="emails" label="Имейли" hint="Няколко адреса се разделят със запетая" />
          <TextField name="phone" label="Телефон" type="tel" />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>Фактуриране</legend>
          <div className={formGrid.row}>
            <SelectField name="currency" label="Валута по подразбиране" options={CURRENCIES} />
            <SelectField
              name="language"
              label="Език на документите"
              options={{ bg: "Български", en: "Английски" }}
            />
          </div>
          <TextField
            name="paymentTermDays"
            label="Срок за плащане (дни)"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
          />
          <SelectField name="vatTreatment" label="Третиране по ДДС" options={VAT_TREATMENTS} />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={formGrid.legend}>
            Данни на английски (за документи на английски)
          </legend>
          <TextField name="nameEn" label="Име на английски" lang="en" />
          <TextField name="addressEn" label="Адрес на английски" lang="en" />
          <TextField name="cityEn" label="Град на английски" lang="en" />
        </fieldset>
      </div>
      <Button type="submit" name="intent" value="save">
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}

/**
 * «Име» with a note, as one types (and on the server for a saved name), when НАП's files will
 * write it otherwise (Windows-1251: «Müller» → «Muller»). It never stops the form.
 */
function NameField({ defaultHint }: { defaultHint: string | null }) {
  const [hint, setHint] = useState(defaultHint);
  useEffect(() => setHint(defaultHint), [defaultHint]);
  // The table of Windows-1251 is loaded when a name is first typed, not with the page.
  const check = (name: string) =>
    void import("~/utils/cp1251").then(({ cp1251Warning }) => setHint(cp1251Warning(name)));
  return (
    <TextField
      name="name"
      label="Име"
      required
      hint={hint ?? undefined}
      onChange={(event) => check(event.currentTarget.value)}
    />
  );
}
