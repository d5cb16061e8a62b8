import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useBankFill } from "~/components/forms/bank-fill";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { CountryField } from "~/components/forms/country-field";
import { CheckboxField, FormError, PasswordField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { useErrorToast } from "~/components/ui/use-error-toast";
import { changePassword } from "~/modules/accounts/account.server";
import { kindTexts } from "~/modules/accounts/company-kind";
import { changePasswordSchema, personalSchema, profileSchema } from "~/modules/accounts/schema";
import { getProfile, updatePersonal, updateProfile } from "~/modules/accounts/service.server";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { can } from "~/modules/auth/capabilities";
import { bulgarianBanks, withBankFilled } from "~/modules/reference/banks.server";
import { countryByCode } from "~/modules/reference/countries.server";
import { AppError } from "~/utils/errors";
import { answerFields, useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { checkPageForm, requireUser } from "~/web/auth/guards.server";

// The fields in the order they are drawn: focus goes to the first refused one.
const PROFILE_FIELDS = (
  "firstName lastName companyName companyAddress companyCity postalCode country companyPhone " +
  "isVatRegistered vatNumber companyBankAccount companyBankName companyBankBic " +
  "useEnglishInvoices companyNameEn companyAddressEn companyCityEn companyIssuerNameEn companyBankNameEn"
).split(" ");
const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];
// The spec's toast titles (§8) for a refused profile or password change.
const PROFILE_FAILED = "Актуализацията не беше успешна";
const PASSWORD_FAILED = "Промяната на паролата не беше успешна";
// The account schemas read a blank field as "" (their messages for it): keepEmpty.
const profileReading = { formError: PROFILE_FAILED, keepEmpty: true };

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
  const values = typedValues(await request.formData());
  const intent = values.intent;
  if (intent === "profile" && !can(user, "settings")) {
    const parsed = parseFormValues(
      "profile",
      personalSchema,
      values,
      PROFILE_FIELDS,
      profileReading,
    );
    if (parsed.refusal) return parsed.refusal;
    await updatePersonal(context.db, user.id, parsed.data);
    return saved("Профилът е актуализиран", "Вашите промени са запазени успешно.");
  }
  if (intent === "profile") {
    const filled = await withBankFilled(context.db, values);
    const parsed = parseFormValues(
      "profile",
      profileSchema,
      filled,
      PROFILE_FIELDS,
      profileReading,
    );
    if (parsed.refusal) return parsed.refusal;
    try {
      await updateProfile(context.db, user, parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("profile", error, filled, PROFILE_FAILED);
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
    // Passwords are never sent back to the page (refuseForm leaves them out).
    const parsed = parseFormValues("password", changePasswordSchema, values, PASSWORD_FIELDS, {
      formError: PASSWORD_FAILED,
      keepEmpty: true,
    });
    if (parsed.refusal) return parsed.refusal;
    try {
      await changePassword(context.db, user, parsed.data.currentPassword, parsed.data.password);
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
  const profile = useFormAnswer("profile");
  const password = useFormAnswer("password");
  const profileForm = useFocusFirstInvalid(profile);
  const passwordForm = useFocusFirstInvalid(password);
  const { field, checkbox } = answerFields(profile, defaults);
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
          <Form method="post" id="profile" ref={profileForm} noValidate>
            <CompanyField />
            <input type="hidden" name="intent" value="profile" />
            <FormError message={profile?.formError} />
            <p>
              Имейл: <strong>{email}</strong>
              {hasCompany ? (
                <>
                  <br />
                  ЕИК/Булстат: <strong>{eik}</strong> (не може да се променя)
                </>
              ) : null}
            </p>
            <TextField {...field("firstName")} label="Име" autoComplete="given-name" required />
            <TextField {...field("lastName")} label="Фамилия" autoComplete="family-name" required />
            {hasCompany ? (
              <>
                <TextField
                  {...field("companyName")}
                  label={kindTexts(companyType).nameLabel}
                  required
                />
                <TextField {...field("companyAddress")} label="Адрес" required />
                <TextField {...field("companyCity")} label="Град" required />
                <TextField {...field("postalCode")} label="Пощенски код" required />
                <CountryField {...field("country")} />
                <TextField
                  {...field("companyPhone")}
                  label="Телефон"
                  type="tel"
                  autoComplete="tel"
                />
                <CheckboxField
                  {...checkbox("isVatRegistered")}
                  value="on"
                  label={kindTexts(companyType).vatRegistered}
                />
                <TextField {...field("vatNumber")} label="ДДС номер" />
                <TextField
                  {...field("companyBankAccount")}
                  label="IBAN"
                  required
                  hint="Български IBAN попълва банката и BIC"
                  onChange={bank.onIbanChange}
                  status={bank.status}
                />
                <TextField {...field("companyBankName")} label="Банка" required />
                <TextField {...field("companyBankBic")} label="BIC" required />
                <CheckboxField
                  {...checkbox("useEnglishInvoices")}
                  value="on"
                  label="Издавам фактури и на английски"
                />
                <fieldset id="english-details" className={fieldStyles.fieldset}>
                  <legend className={fieldStyles.legend}>Данни на английски</legend>
                  <TextField
                    {...field("companyNameEn")}
                    label={`${kindTexts(companyType).nameLabel} на английски`}
                    lang="en"
                  />
                  <TextField {...field("companyAddressEn")} label="Адрес на английски" lang="en" />
                  <TextField {...field("companyCityEn")} label="Град на английски" lang="en" />
                  <TextField
                    {...field("companyIssuerNameEn")}
                    label="Съставил — име на латиница"
                    lang="en"
                    hint="Печата се след «Issued by»; празно — името на съставителя, изписано на латиница"
                  />
                  <TextField {...field("companyBankNameEn")} label="Банка на английски" lang="en" />
                </fieldset>
              </>
            ) : null}
            <Button type="submit">Запази</Button>
          </Form>
        </section>
        <section className={styles.card} aria-labelledby="password-title">
          <h2 id="password-title">Смяна на паролата</h2>
          <Form method="post" id="password" ref={passwordForm} noValidate>
            <CompanyField />
            <input type="hidden" name="intent" value="password" />
            <FormError message={password?.formError} />
            <PasswordField
              name="currentPassword"
              error={password?.fieldErrors.currentPassword}
              label="Текуща парола"
              autoComplete="current-password"
              required
            />
            <NewPasswordFields
              label="Нова парола"
              confirmLabel="Потвърдете новата парола"
              errors={password?.fieldErrors}
            />
            <Button type="submit">Смени паролата</Button>
          </Form>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Профил | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
