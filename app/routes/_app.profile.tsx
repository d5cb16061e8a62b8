import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { useBankFill } from "~/components/forms/bank-fill";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { CountryField } from "~/components/forms/country-field";
import { CheckboxField, FormError, PasswordField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { lazyValidator } from "~/components/forms/lazy-validator";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { useErrorToast } from "~/components/ui/use-error-toast";
import { changePassword } from "~/modules/accounts/account.server";
import { kindTexts } from "~/modules/accounts/company-kind";
import { getProfile, updatePersonal, updateProfile } from "~/modules/accounts/service.server";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { can } from "~/modules/auth/capabilities";
import { bulgarianBanks, withBankFilled } from "~/modules/reference/banks.server";
import { countryByCode } from "~/modules/reference/countries.server";
import { AppError } from "~/utils/errors";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseValidation,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { checkPageForm, requireUser } from "~/web/auth/guards.server";

const profileValidator = lazyValidator(() =>
  import("~/modules/accounts/validators").then((m) => m.profile),
);
const personalValidator = lazyValidator(() =>
  import("~/modules/accounts/validators").then((m) => m.personal),
);
const passwordValidator = lazyValidator(() =>
  import("~/modules/accounts/validators").then((m) => m.changePassword),
);
// The spec's toast titles (§8) for a refused profile or password change.
const PROFILE_FAILED = "Актуализацията не беше успешна";
const PASSWORD_FAILED = "Промяната на паролата не беше успешна";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // The company's data is edited here by those whose role has the settings (decision 028).
  const p = await getProfile(context.db, user.id, can(user, "settings") ? user.companyId : null);
  return json({
    email: p.email,
    eik: p.eik,
    hasCompany: p.companyId !== null,
    // The wording follows the kind (a freelancer is not «регистрирана», issue #41 item 13).
    companyType: p.companyType,
    // A Bulgarian IBAN typed fills the bank's name and BIC (with JavaScript; on save without).
    banks: p.companyId ? await bulgarianBanks(context.db) : [],
    defaults: {
      firstName: p.firstName,
      lastName: p.lastName,
      companyName: p.companyName ?? "",
      companyNameEn: p.companyNameEn ?? "",
      companyAddress: p.companyAddress ?? "",
      companyAddressEn: p.companyAddressEn ?? "",
      companyCity: p.companyCity ?? "",
      companyCityEn: p.companyCityEn ?? "",
      postalCode: p.postalCode ?? "",
      country: countryByCode(p.countryCode ?? "BG")?.nameBg ?? "България",
      companyPhone: p.companyPhone ?? "",
      isVatRegistered: p.isVatRegistered ? "on" : "",
      vatNumber: p.vatNumber ?? "",
      companyBankAccount: p.companyBankAccount ?? "",
      companyBankName: p.companyBankName ?? "",
      companyBankNameEn: p.companyBankNameEn ?? "",
      companyIssuerNameEn: p.companyIssuerNameEn ?? "",
      companyBankBic: p.companyBankBic ?? "",
      useEnglishInvoices: p.useEnglishInvoices ? "on" : "",
    },
  });
}

/** Back to the profile with the success toast of spec §8. */
const saved = (title: string, description: string) =>
  redirectWithToast("/profile", { title, description });

export async function action({ request, context }: ActionFunctionArgs) {
  // The company's part of the profile is written into the company the form was drawn for only.
  const user = await checkPageForm(request, await requireUser(request, context));
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "profile" && !can(user, "settings")) {
    const result = await personalValidator.validate(form);
    if (result.error) {
      return refuseValidation(result, PROFILE_FAILED);
    }
    await updatePersonal(context.db, user.id, result.data);
    return saved("Профилът е актуализиран", "Вашите промени са запазени успешно.");
  }
  if (intent === "profile") {
    const result = await profileValidator.validate(
      await withBankFilled(context.db, typedValues(form)),
    );
    if (result.error) {
      return refuseValidation(result, PROFILE_FAILED);
    }
    try {
      await updateProfile(context.db, user, result.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("profile", error, result.submittedData, PROFILE_FAILED);
    }
    return saved("Профилът е актуализиран", "Вашите промени са запазени успешно.");
  }
  if (intent === "password") {
    if (user.impersonator) {
      return refuseForm(
        { formId: "password", fieldErrors: {}, formError: IMPERSONATION_MESSAGES.forbidden },
        403,
      );
    }
    const result = await passwordValidator.validate(form);
    // Passwords are never sent back to the page.
    if (result.error) {
      return refuseValidation({ ...result, submittedData: {} }, PASSWORD_FAILED);
    }
    try {
      await changePassword(context.db, user, result.data.currentPassword, result.data.password);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("password", error, {}, PASSWORD_FAILED);
    }
    return saved("Паролата е променена", "Паролата е променена успешно.");
  }
  return refuseUnknownIntent();
}

export default function Profile() {
  const { email, eik, hasCompany, companyType, defaults, banks } = useLoaderData<typeof loader>();
  const bank = useBankFill(banks);
  const data = useActionData<typeof action>() as
    | { formId?: string; formError?: string; fieldErrors?: Record<string, string> }
    | undefined;
  // Spec §8: the toast's title says what failed, its description the first problem.
  const firstError = data?.fieldErrors ? Object.values(data.fieldErrors)[0] : undefined;
  useErrorToast(
    data?.formError ?? "",
    data?.formError ? (firstError ?? data.formError) : undefined,
  );
  return (
    <div className={styles.page}>
      <h1>Профил</h1>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="profile-title">
          <h2 id="profile-title">Лични и фирмени данни</h2>
          <ValidatedForm
            validator={hasCompany ? profileValidator : personalValidator}
            method="post"
            id="profile"
            defaultValues={defaults}
            noValidate
          >
            <CompanyField />
            <input type="hidden" name="intent" value="profile" />
            {data?.formId === "profile" ? <FormError message={data.formError} /> : null}
            <p>
              Имейл: <strong>{email}</strong>
              {hasCompany ? (
                <>
                  <br />
                  ЕИК/Булстат: <strong>{eik}</strong> (не може да се променя)
                </>
              ) : null}
            </p>
            <TextField name="firstName" label="Име" autoComplete="given-name" required />
            <TextField name="lastName" label="Фамилия" autoComplete="family-name" required />
            {hasCompany ? (
              <>
                <TextField name="companyName" label={kindTexts(companyType).nameLabel} required />
                <TextField name="companyAddress" label="Адрес" required />
                <TextField name="companyCity" label="Град" required />
                <TextField name="postalCode" label="Пощенски код" required />
                <CountryField />
                <TextField name="companyPhone" label="Телефон" type="tel" autoComplete="tel" />
                <CheckboxField
                  name="isVatRegistered"
                  value="on"
                  label={kindTexts(companyType).vatRegistered}
                />
                <TextField name="vatNumber" label="ДДС номер" />
                <TextField
                  name="companyBankAccount"
                  label="IBAN"
                  required
                  hint="Български IBAN попълва банката и BIC"
                  onChange={bank.onIbanChange}
                  status={bank.status}
                />
                <TextField name="companyBankName" label="Банка" required />
                <TextField name="companyBankBic" label="BIC" required />
                <CheckboxField
                  name="useEnglishInvoices"
                  value="on"
                  label="Издавам фактури и на английски"
                />
                <fieldset id="english-details" className={fieldStyles.fieldset}>
                  <legend className={fieldStyles.legend}>Данни на английски</legend>
                  <TextField
                    name="companyNameEn"
                    label={`${kindTexts(companyType).nameLabel} на английски`}
                    lang="en"
                  />
                  <TextField name="companyAddressEn" label="Адрес на английски" lang="en" />
                  <TextField name="companyCityEn" label="Град на английски" lang="en" />
                  <TextField
                    name="companyIssuerNameEn"
                    label="Съставил — име на латиница"
                    lang="en"
                    hint="Печата се след «Issued by»; празно — името на съставителя, изписано на латиница"
                  />
                  <TextField name="companyBankNameEn" label="Банка на английски" lang="en" />
                </fieldset>
              </>
            ) : null}
            <Button type="submit">Запази</Button>
          </ValidatedForm>
        </section>
        <section className={styles.card} aria-labelledby="password-title">
          <h2 id="password-title">Смяна на паролата</h2>
          <ValidatedForm validator={passwordValidator} method="post" id="password" noValidate>
            <CompanyField />
            <input type="hidden" name="intent" value="password" />
            {data?.formId === "password" ? <FormError message={data.formError} /> : null}
            <PasswordField
              name="currentPassword"
              label="Текуща парола"
              autoComplete="current-password"
              required
            />
            <NewPasswordFields label="Нова парола" confirmLabel="Потвърдете новата парола" />
            <Button type="submit">Смени паролата</Button>
          </ValidatedForm>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Профил | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
