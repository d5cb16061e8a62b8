import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useBankFill } from "~/components/forms/bank-fill";
import { BotCheck } from "~/components/forms/bot-check";
import { CountryField } from "~/components/forms/country-field";
import { CheckboxField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { fillFields, ViesCheck } from "~/components/forms/vies-check";
import { Button } from "~/components/ui/button";
import { kindTexts } from "~/modules/accounts/company-kind";
import { REGISTER_STEPS, SIGNUP_DRAFT_FIELD } from "~/modules/accounts/constants";
import type { BgBank } from "~/modules/reference/banks";
import { DEFAULT_COUNTRY } from "~/modules/reference/default-country";
import { VIES_MESSAGES, type ViesStatus } from "~/modules/reference/vies";
import { answerFields, useFormAnswer } from "~/utils/forms";
import * as styles from "./auth.css";
import { CompanyTypeField } from "./company-type-field";
import { availabilityStatus, useAvailability } from "./use-availability";

type Values = Record<string, string>;
type Fields = ReturnType<typeof answerFields>;

/** The registration wizard: three server-validated steps that carry earlier answers as hidden fields. */
export function RegisterWizard({
  step,
  values,
  bot,
  banks,
  vies,
  answered = false,
}: {
  step: 1 | 2 | 3;
  values: Values;
  bot: { siteKey: string; token: string | null };
  /** Banks by IBAN code: step 3 fills the bank's name and BIC. */
  banks: readonly BgBank[];
  /** The status line of a «Провери» the server answered (without JavaScript). */
  vies: ViesStatus | null;
  /** The step is the answer to a posted step: focus goes to its heading (issue #31 item 7). */
  answered?: boolean;
}) {
  const hydrated = useHydrated();
  const answer = useFormAnswer(`register-step-${step}`);
  const formRef = useFocusFirstInvalid(answer);
  const heading = useRef<HTMLHeadingElement>(null);
  // The password waits on the server once step 1 is done; the form carries only its token.
  const kept = Boolean(values[SIGNUP_DRAFT_FIELD]);
  // Each step answered moves focus to its heading, which says «Стъпка N от 3» (without
  // JavaScript the heading's autofocus does it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step shown
  useEffect(() => {
    if (answered) heading.current?.focus();
  }, [answered, step, values]);
  // Answers of another step filled in place on this one (VIES's English name): carried along.
  const [extra, setExtra] = useState<{ step: number; values: Values }>({ step, values: {} });
  const meta = REGISTER_STEPS[step - 1]!;
  const own = new Set<string>(meta.fields);
  const carried = Object.entries({
    ...values,
    ...(extra.step === step ? extra.values : {}),
  }).filter(([key]) => !own.has(key));
  const defaults = Object.fromEntries(Object.entries(values).filter(([key]) => own.has(key)));
  if (step === 2) defaults.country ??= DEFAULT_COUNTRY;
  if (step === 2) defaults.companyType ??= "company";
  const fields = answerFields(answer, defaults);

  // «Назад» never validates (spec §4): the server goes back without reading the step.
  return (
    <Form key={step} ref={formRef} method="post" id={`register-step-${step}`} noValidate>
      {/* Enter in a field goes forward: the form's first submit button is its default. */}
      <button
        type="submit"
        name="direction"
        value="next"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {step === 3 ? "Регистрация" : "Напред"}
      </button>
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
      {/* The heading says the step too: focused after each step, it is what is announced. */}
      <h2 ref={heading} tabIndex={-1} autoFocus={answered} className={styles.stepHeading}>
        <span className={styles.stepLabel}>Стъпка {step} от 3</span>{" "}
        <span className={styles.stepTitle}>{meta.title}</span>
      </h2>
      {step === 1 ? (
        <StepProfile kept={kept} fields={fields} />
      ) : step === 2 ? (
        <StepCompany
          fields={fields}
          vies={vies}
          onCarry={(more) =>
            setExtra((now) => ({
              step,
              values: { ...(now.step === step ? now.values : {}), ...more },
            }))
          }
        />
      ) : (
        <StepFinance
          fields={fields}
          eik={values.companyVat ?? ""}
          kind={values.companyType}
          bot={bot}
          banks={banks}
          english={values.useEnglishInvoices === "on"}
        />
      )}
      <div className={styles.actions}>
        {step > 1 ? (
          <Button type="submit" tone="secondary" name="direction" value="back">
            Назад
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" name="direction" value="next">
          {step === 3 ? "Регистрация" : "Напред"}
        </Button>
      </div>
    </Form>
  );
}

function StepProfile({ kept, fields }: { kept: boolean; fields: Fields }) {
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
        {...fields.field("username")}
        label="Имейл"
        type="email"
        autoComplete="email"
        required
        onChange={(event) => setEmail(event.currentTarget.value)}
        status={availabilityStatus(availability, "Моля, изчакайте да се провери имейлът")}
      />
      <NewPasswordFields kept={kept} errors={fields.errors} />
    </>
  );
}

interface ViesReply {
  vies?: ViesStatus;
  viesFilled?: Values;
}

/**
 * «Провери» with JavaScript: the step is posted in the background (direction=vies, as the button
 * does without JavaScript; guests have no /api/vies) and VIES's name and address are filled in
 * place; those of step 3 (English, when VIES answers in Latin) are carried as hidden fields.
 */
function useWizardVies(initial: ViesStatus | null, onCarry: (values: Values) => void) {
  const fetcher = useFetcher<ViesReply>();
  const [status, setStatus] = useState(initial);
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => setStatus(initial), [initial]);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!reply) return;
    setStatus(reply.vies ?? { tone: "error", text: VIES_MESSAGES.unavailable });
    const filled = reply.viesFilled ?? {};
    const here = new Set<string>(REGISTER_STEPS[1].fields);
    const mine = Object.fromEntries(Object.entries(filled).filter(([key]) => here.has(key)));
    const later = Object.fromEntries(Object.entries(filled).filter(([key]) => !here.has(key)));
    if (form.current) fillFields(form.current, mine);
    if (Object.keys(later).length > 0) onCarry(later);
  }, [reply]);
  const check = (target: HTMLFormElement) => {
    const data = new FormData(target);
    data.set("direction", "vies");
    form.current = target;
    setStatus({ tone: "info", text: VIES_MESSAGES.checking });
    fetcher.submit(data, { method: "post" });
  };
  return { status, check };
}

function StepCompany({
  fields: { field, error },
  vies,
  onCarry,
}: {
  fields: Fields;
  vies: ViesStatus | null;
  onCarry: (values: Values) => void;
}) {
  const viesCheck = useWizardVies(vies, onCarry);
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
        <TextField {...field("firstName")} label="Име" autoComplete="given-name" required />
        <TextField {...field("lastName")} label="Фамилия" autoComplete="family-name" required />
      </div>
      <CompanyTypeField
        error={error("companyType")}
        defaultValue={field("companyType").defaultValue}
      />
      <TextField
        {...field("companyName")}
        label="Име на фирмата"
        autoComplete="organization"
        required
        onChange={(event) => setName(event.currentTarget.value)}
        status={availabilityStatus(nameCheck, "Моля, изчакайте да се провери името на фирмата")}
      />
      <TextField
        {...field("companyVat")}
        label="ЕИК/Булстат"
        inputMode="numeric"
        required
        hint="«Провери» търси BG и номера във VIES и попълва името и адреса"
        onChange={(event) => setEik(event.currentTarget.value)}
        status={availabilityStatus(eikCheck, "Моля, изчакайте да се провери ЕИК")}
      />
      <ViesCheck
        name="direction"
        value="vies"
        status={viesCheck.status}
        onCheck={viesCheck.check}
      />
      <TextField
        {...field("companyAddress")}
        label="Адрес"
        autoComplete="street-address"
        required
        hint="На кирилица, 5 до 200 символа"
      />
      <div className={styles.row}>
        <TextField {...field("companyCity")} label="Град" autoComplete="address-level2" required />
        <TextField
          {...field("postalCode")}
          label="Пощенски код"
          autoComplete="postal-code"
          required
        />
      </div>
      <CountryField {...field("country")} />
    </>
  );
}

function StepFinance({
  fields: { field, checkbox, error },
  eik,
  kind,
  bot,
  banks,
  english: ticked,
}: {
  fields: Fields;
  eik: string;
  /** The kind chosen in step 2: the wording follows it (a freelancer is not «регистрирана»). */
  kind: string | undefined;
  bot: { siteKey: string; token: string | null };
  banks: readonly BgBank[];
  /** «Издавам фактури и на английски» was ticked when the step was last posted. */
  english: boolean;
}) {
  const bank = useBankFill(banks);
  const [english, setEnglish] = useState(ticked);
  const hydrated = useHydrated();
  return (
    <>
      <CheckboxField
        {...checkbox("isVatRegistered")}
        value="on"
        label={kindTexts(kind).vatRegistered}
        onChange={(event) => {
          // Ticking the box fills in BG plus the EIK (spec §5), unless a number is already typed.
          const input = document.querySelector<HTMLInputElement>('input[name="vatNumber"]');
          if (event.currentTarget.checked && input && !input.value) input.value = `BG${eik}`;
        }}
      />
      <TextField
        {...field("vatNumber")}
        label="ДДС номер"
        hint="BG и ЕИК на фирмата (или ЕГН); задължителен при регистрация по ДДС"
      />
      <TextField
        {...field("companyBankAccount")}
        label="IBAN"
        required
        autoComplete="off"
        hint="Български IBAN попълва банката и BIC"
        onChange={bank.onIbanChange}
        status={bank.status}
      />
      <div className={styles.row}>
        <TextField {...field("companyBankName")} label="Банка" required />
        <TextField {...field("companyBankBic")} label="BIC" required />
      </div>
      <CheckboxField
        {...checkbox("useEnglishInvoices")}
        value="on"
        label="Издавам фактури и на английски"
        onChange={(event) => setEnglish(event.currentTarget.checked)}
      />
      {!hydrated || english ? (
        <fieldset className={fieldStyles.fieldset}>
          <legend className={fieldStyles.legend}>
            Данни на английски (за фактури на английски, по желание)
          </legend>
          <p className={fieldStyles.hint}>
            Английските фактури печатат тези данни; без тях името, адресът и мястото на издаване
            излизат на кирилица. Можете да ги попълните и по-късно в «Профил».
          </p>
          <TextField {...field("companyNameEn")} label="Име на фирмата на английски" lang="en" />
          <TextField {...field("companyAddressEn")} label="Адрес на английски" lang="en" />
          <TextField {...field("companyCityEn")} label="Град на английски" lang="en" />
          <TextField
            {...field("companyIssuerNameEn")}
            label="Съставил — име на латиница"
            lang="en"
            hint={
              <>
                Печата се след «<span lang="en">Issued by</span>», напр.{" "}
                <span lang="en">Ivan Petrov</span>
              </>
            }
          />
          <TextField {...field("companyBankNameEn")} label="Банка на английски" lang="en" />
        </fieldset>
      ) : null}
      <BotCheck siteKey={bot.siteKey} token={bot.token} error={error("recaptchaToken")} />
    </>
  );
}
