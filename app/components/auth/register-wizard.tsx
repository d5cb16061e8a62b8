import { useSubmit } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { type MouseEvent, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useField, ValidatedForm, type Validator } from "remix-validated-form";
import { BotCheck } from "~/components/forms/bot-check";
import { CountryField } from "~/components/forms/country-field";
import { CheckboxField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import {
  REGISTER_STEPS,
  registerStep1Schema,
  registerStep2Schema,
  registerStep3Schema,
} from "~/modules/accounts/schema";
import { DEFAULT_COUNTRY } from "~/modules/reference/countries";
import * as styles from "./auth.css";
import { availabilityStatus, useAvailability } from "./use-availability";

const validators: Record<1 | 2 | 3, Validator<Record<string, unknown>>> = {
  1: withZod(registerStep1Schema),
  2: withZod(registerStep2Schema),
  3: withZod(registerStep3Schema),
};

type Values = Record<string, string>;

/** The registration wizard: three server-validated steps that carry earlier answers as hidden fields. */
export function RegisterWizard({
  step,
  values,
  bot,
}: {
  step: 1 | 2 | 3;
  values: Values;
  bot: { siteKey: string; token: string | null };
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const meta = REGISTER_STEPS[step - 1]!;
  const own = new Set<string>(meta.fields);
  const carried = Object.entries(values).filter(([key]) => !own.has(key));
  const defaults = Object.fromEntries(Object.entries(values).filter(([key]) => own.has(key)));
  if (step === 2) defaults.country ??= DEFAULT_COUNTRY;
  if (step === 2) defaults.companyType ??= "company";

  // «Назад» never validates (spec §4): with JavaScript it bypasses the client check too.
  const back = (event: MouseEvent<HTMLButtonElement>) => {
    if (!formRef.current) return;
    event.preventDefault();
    const data = new FormData(formRef.current);
    data.set("direction", "back");
    submit(data, { method: "post" });
  };

  return (
    <ValidatedForm
      key={step}
      formRef={formRef}
      validator={validators[step]}
      method="post"
      id={`register-step-${step}`}
      defaultValues={defaults}
      noValidate
    >
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="step" value={step} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {carried.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <progress
        className={styles.progress}
        value={step}
        max={3}
        aria-label={`Стъпка ${step} от 3`}
      />
      <p className={styles.stepLabel}>Стъпка {step} от 3</p>
      <h2>{meta.title}</h2>
      {step === 1 ? (
        <StepProfile />
      ) : step === 2 ? (
        <StepCompany />
      ) : (
        <StepFinance eik={values.companyVat ?? ""} bot={bot} />
      )}
      <div className={styles.actions}>
        {step > 1 ? (
          <Button type="submit" tone="secondary" name="direction" value="back" onClick={back}>
            Назад
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" name="direction" value="next">
          {step === 3 ? "Регистрация" : "Напред"}
        </Button>
      </div>
    </ValidatedForm>
  );
}

function StepProfile() {
  const [email, setEmail] = useState("");
  const availability = useAvailability(
    "/api/check-email",
    "email",
    /^\S+@\S+\.\S+$/.test(email) ? email : "",
    {
      free: "Имейлът е свободен",
      taken: "Имейлът вече се използва",
      generic: "Грешка при проверка на имейла",
    },
  );
  return (
    <>
      <TextField
        name="username"
        label="Имейл"
        type="email"
        autoComplete="email"
        required
        onChange={(event) => setEmail(event.currentTarget.value)}
        status={availabilityStatus(availability, "Моля, изчакайте да се провери имейлът")}
      />
      <NewPasswordFields />
    </>
  );
}

function CompanyTypeField() {
  const { error, getInputProps } = useField("companyType");
  return (
    <fieldset
      className={fieldStyles.fieldset}
      aria-describedby={error ? "companyType-error" : undefined}
    >
      <legend className={fieldStyles.legend}>Вид *</legend>
      <div className={fieldStyles.checkboxRow}>
        <input {...getInputProps({ type: "radio", value: "company", id: "companyType-company" })} />
        <label htmlFor="companyType-company">Фирма (ЕИК)</label>
      </div>
      <div className={fieldStyles.checkboxRow}>
        <input
          {...getInputProps({ type: "radio", value: "freelancer", id: "companyType-freelancer" })}
        />
        <label htmlFor="companyType-freelancer">Свободна професия (Булстат)</label>
      </div>
      {error ? (
        <p id="companyType-error" className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function StepCompany() {
  const [name, setName] = useState("");
  const [eik, setEik] = useState("");
  const nameCheck = useAvailability("/api/validation/check-company-name", "companyName", name, {
    free: "Името е свободно",
    taken: "Това име на фирма вече е регистрирано",
    generic: "Грешка при проверка на името на компанията",
  });
  const eikCheck = useAvailability(
    "/api/validation/check-eik",
    "eik",
    eik,
    {
      free: "ЕИК е свободен",
      taken: "Този ЕИК номер е вече регистриран",
      generic: "Грешка при проверка на ЕИК",
    },
    9,
  );
  return (
    <>
      <div className={styles.row}>
        <TextField name="firstName" label="Име" autoComplete="given-name" required />
        <TextField name="lastName" label="Фамилия" autoComplete="family-name" required />
      </div>
      <CompanyTypeField />
      <TextField
        name="companyName"
        label="Име на фирмата"
        autoComplete="organization"
        required
        onChange={(event) => setName(event.currentTarget.value)}
        status={availabilityStatus(nameCheck, "Моля, изчакайте да се провери името на фирмата")}
      />
      <TextField
        name="companyVat"
        label="ЕИК/Булстат"
        inputMode="numeric"
        required
        onChange={(event) => setEik(event.currentTarget.value)}
        status={availabilityStatus(eikCheck, "Моля, изчакайте да се провери ЕИК")}
      />
      <TextField
        name="companyAddress"
        label="Адрес"
        autoComplete="street-address"
        required
        hint="На кирилица, 5 до 200 символа"
      />
      <div className={styles.row}>
        <TextField name="companyCity" label="Град" autoComplete="address-level2" required />
        <TextField name="postalCode" label="Пощенски код" autoComplete="postal-code" required />
      </div>
      <CountryField />
    </>
  );
}

function StepFinance({
  eik,
  bot,
}: {
  eik: string;
  bot: { siteKey: string; token: string | null };
}) {
  const vat = useField("vatNumber");
  const [english, setEnglish] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <CheckboxField
        name="isVatRegistered"
        value="on"
        label="Фирмата е регистрирана по ДДС"
        onChange={(event) => {
          // Ticking the box fills in BG plus the EIK (spec §5), unless a number is already typed.
          const input = document.querySelector<HTMLInputElement>('input[name="vatNumber"]');
          if (event.currentTarget.checked && input && !input.value) input.value = `BG${eik}`;
          vat.clearError();
        }}
      />
      <TextField
        name="vatNumber"
        label="ДДС номер"
        hint="BG и 9 или 10 цифри; задължителен при регистрация по ДДС"
      />
      <TextField name="companyBankAccount" label="IBAN" required autoComplete="off" />
      <div className={styles.row}>
        <TextField name="companyBankName" label="Банка" required />
        <TextField name="companyBankBic" label="BIC" required />
      </div>
      <CheckboxField
        name="useEnglishInvoices"
        value="on"
        label="Издавам фактури и на английски"
        onChange={(event) => setEnglish(event.currentTarget.checked)}
      />
      {!hydrated || english ? (
        <fieldset className={fieldStyles.fieldset}>
          <legend className={fieldStyles.legend}>
            Данни на английски (за фактури на английски, по желание)
          </legend>
          <TextField name="companyNameEn" label="Име на фирмата на английски" lang="en" />
          <TextField name="companyAddressEn" label="Адрес на английски" lang="en" />
          <TextField name="companyCityEn" label="Град на английски" lang="en" />
          <TextField name="companyBankNameEn" label="Банка на английски" lang="en" />
        </fieldset>
      ) : null}
      <BotCheck siteKey={bot.siteKey} token={bot.token} />
    </>
  );
}
