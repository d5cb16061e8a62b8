import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import * as formGrid from "~/components/forms/form-grid.css";
import { COMPANY_KIND_TEXTS, COMPANY_KINDS } from "~/modules/accounts/company-kind";
import { COUNTRIES } from "~/modules/reference/countries";
import { type FormAnswer, typedOr } from "~/utils/forms";

/*
 * The fields of the back office's customer forms (native controls, JavaScript optional): the
 * company as registration asks for it, a checkbox, and the new login's password-or-link choice.
 */

const COUNTRY_OPTIONS = COUNTRIES.map((c) => [c.nameBg, `${c.flag} ${c.nameBg}`] as const);

/** A checkbox with its label; checked from what was typed, else from the default. */
export function Checkbox({
  id,
  name,
  label,
  answer,
  defaultChecked = false,
}: {
  id: string;
  name: string;
  label: string;
  answer: FormAnswer | undefined;
  defaultChecked?: boolean;
}) {
  const checked = answer ? typedOr(answer, name) === "on" : defaultChecked;
  return (
    <div className={fieldStyles.checkboxRow}>
      <input id={id} type="checkbox" name={name} defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The new login's password (never shown again) or «Изпрати връзка за задаване на парола». */
export function CredentialFields({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend className={fieldStyles.legend}>Парола</legend>
      <FormField
        name="password"
        label="Парола"
        type="password"
        autoComplete="new-password"
        hint="Поне 8 символа, с главна буква, цифра и специален символ. Оставете празно, ако изпращате връзка."
        error={answer?.fieldErrors.password}
        controlProps={{ maxLength: 200 }}
      />
      <Checkbox
        id="send-link"
        name="sendLink"
        label="Изпрати връзка за задаване на парола"
        answer={answer}
      />
    </fieldset>
  );
}

/**
 * A new login's name, password-or-link choice and «Имейлът е потвърден» (the e-mail field, named
 * differently by each form, comes before it).
 */
export function NewLoginFields({
  answer,
  verifiedId,
}: {
  answer: FormAnswer | undefined;
  verifiedId: string;
}) {
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <>
      <FormField
        name="firstName"
        label="Име"
        required
        defaultValue={typedOr(answer, "firstName")}
        error={error("firstName")}
        controlProps={{ maxLength: 100 }}
      />
      <FormField
        name="lastName"
        label="Фамилия"
        required
        defaultValue={typedOr(answer, "lastName")}
        error={error("lastName")}
        controlProps={{ maxLength: 100 }}
      />
      <CredentialFields answer={answer} />
      <Checkbox id={verifiedId} name="verified" label="Имейлът е потвърден" answer={answer} />
    </>
  );
}

/** The company's fields; `values` are the saved ones (edit) or empty (new). */
export function CompanyFields({
  answer,
  values = {},
}: {
  answer: FormAnswer | undefined;
  values?: Record<string, string>;
}) {
  const value = (name: string) => typedOr(answer, name, values[name] ?? "");
  const field = (name: string, label: string, extra: Partial<Parameters<typeof FormField>[0]>) => (
    <FormField
      name={name}
      label={label}
      defaultValue={value(name)}
      error={answer?.fieldErrors[name]}
      {...extra}
    />
  );
  return (
    <>
      {field("companyName", "Име на фирмата", { required: true, controlProps: { maxLength: 200 } })}
      <div className={formGrid.row}>
        {field("companyType", "Вид", {
          required: true,
          options: COMPANY_KINDS.map((kind): [string, string] => [
            kind,
            COMPANY_KIND_TEXTS[kind].label,
          ]),
        })}
        {field("companyVat", "ЕИК/Булстат", {
          required: true,
          inputMode: "numeric",
          controlProps: { maxLength: 20 },
        })}
      </div>
      {"companyEmail" in values
        ? field("companyEmail", "Имейл на фирмата", {
            required: true,
            type: "email",
            controlProps: { maxLength: 254 },
          })
        : null}
      {field("companyAddress", "Адрес", { required: true, controlProps: { maxLength: 200 } })}
      <div className={formGrid.row}>
        {field("companyCity", "Град", { required: true, controlProps: { maxLength: 100 } })}
        {field("postalCode", "Пощенски код", { required: true, controlProps: { maxLength: 20 } })}
      </div>
      <FormField
        name="country"
        label="Държава"
        required
        defaultValue={value("country") || "България"}
        error={answer?.fieldErrors.country}
        options={COUNTRY_OPTIONS}
      />
      {field("companyPhone", "Телефон", { type: "tel", controlProps: { maxLength: 50 } })}
      <Checkbox
        id="company-vat-registered"
        name="isVatRegistered"
        label="Фирмата е регистрирана по ДДС"
        answer={answer}
        defaultChecked={values.isVatRegistered === "on"}
      />
      {field("vatNumber", "ДДС номер", {
        hint: "BG и ЕИК на фирмата (или ЕГН); нужен само при регистрация по ДДС",
        controlProps: { maxLength: 20 },
      })}
      <fieldset className={fieldStyles.fieldset}>
        <legend className={fieldStyles.legend}>Банка (по желание)</legend>
        {field("companyBankAccount", "IBAN", { controlProps: { maxLength: 50 } })}
        <div className={formGrid.row}>
          {field("companyBankName", "Банка", { controlProps: { maxLength: 100 } })}
          {field("companyBankBic", "BIC", { controlProps: { maxLength: 20 } })}
        </div>
      </fieldset>
    </>
  );
}
