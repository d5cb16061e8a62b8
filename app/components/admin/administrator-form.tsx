import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useId, useState } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { PASSWORD_HINT } from "~/components/forms/new-password-fields";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { PASSWORD_MODES, ROLE_NAMES } from "~/modules/admin/administrators-constants";
import { type FormAnswer, typedOr } from "~/utils/forms";

/*
 * The forms of /hatterscastle/administrators/new and /edit/{id}: native forms that work without
 * JavaScript; with it, the password field hides while «send a link» is chosen.
 */

/** Radio buttons in a fieldset whose legend names the choice; the message is tied to the group. */
function RadioGroup(props: {
  name: string;
  legend: string;
  options: Record<string, string>;
  value: string;
  error?: string | undefined;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className={fieldStyles.fieldset}
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend className={fieldStyles.legend}>{props.legend}</legend>
      {Object.entries(props.options).map(([value, label], i) => (
        <div key={value} className={fieldStyles.checkboxRow}>
          <input
            type="radio"
            id={`${id}-${i}`}
            name={props.name}
            value={value}
            defaultChecked={props.value === value}
            aria-invalid={props.error ? true : undefined}
            onChange={() => props.onChange?.(value)}
          />
          <label htmlFor={`${id}-${i}`}>{label}</label>
        </div>
      ))}
      {props.error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Checkbox(props: {
  name: string;
  label: ReactNode;
  checked: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <div className={fieldStyles.checkboxRow}>
        <input
          type="checkbox"
          id={id}
          name={props.name}
          defaultChecked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{props.label}</label>
      </div>
      {props.error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function NameFields({
  answer,
  values,
}: {
  answer: FormAnswer | undefined;
  values: Record<string, string>;
}) {
  const value = (name: string) => typedOr(answer, name, values[name] ?? "");
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <>
      <FormField
        name="email"
        label="Имейл"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        defaultValue={value("email")}
        error={error("email")}
        controlProps={{ maxLength: 254 }}
      />
      <FormField
        name="firstName"
        label="Име"
        required
        defaultValue={value("firstName")}
        error={error("firstName")}
        controlProps={{ maxLength: 100 }}
      />
      <FormField
        name="lastName"
        label="Фамилия"
        required
        defaultValue={value("lastName")}
        error={error("lastName")}
        controlProps={{ maxLength: 100 }}
      />
    </>
  );
}

/** A new admin: e-mail, names, and a password now or a link to set one. */
export function NewAdminForm({ answer }: { answer: FormAnswer | undefined }) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const [mode, setMode] = useState(typedOr(answer, "passwordMode", "password"));
  return (
    <Form method="post" ref={form} noValidate>
      <FormError message={answer?.formError} />
      <NameFields answer={answer} values={{}} />
      <RadioGroup
        name="passwordMode"
        legend="Парола"
        options={PASSWORD_MODES}
        value={mode}
        error={answer?.fieldErrors.passwordMode}
        onChange={setMode}
      />
      {mode === "password" ? (
        <FormField
          name="password"
          label="Парола"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_HINT}. Не е нужна, ако изпращате връзка.`}
          error={answer?.fieldErrors.password}
          controlProps={{ maxLength: 200 }}
        />
      ) : (
        <p className={fieldStyles.hint}>
          Ще изпратим на имейла еднократна връзка, валидна един час, от която администраторът сам
          задава паролата си.
        </p>
      )}
      <Button type="submit" disabled={busy}>
        Създай администратора
      </Button>
    </Form>
  );
}

/** An admin's names, e-mail, role and lock. */
export function EditAdminForm({
  answer,
  values,
  locked,
}: {
  answer: FormAnswer | undefined;
  values: Record<string, string>;
  locked: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const wasTyped = answer !== undefined;
  return (
    <Form method="post" ref={form} noValidate>
      <FormError message={answer?.formError} />
      <NameFields answer={answer} values={values} />
      <FormField
        name="role"
        label="Роля"
        options={ROLE_NAMES}
        defaultValue={typedOr(answer, "role", "admin")}
        error={answer?.fieldErrors.role}
        hint="Без ролята на администратор профилът остава обикновен потребител на фирмата на екипа."
      />
      <Checkbox
        name="locked"
        label="Блокиран (не може да влиза)"
        checked={wasTyped ? typedOr(answer, "locked") === "on" : locked}
        error={answer?.fieldErrors.locked}
      />
      <FormField
        name="lockedReason"
        label="Причина за блокирането"
        multiline
        defaultValue={typedOr(answer, "lockedReason", values.lockedReason ?? "")}
        error={answer?.fieldErrors.lockedReason}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" disabled={busy}>
        Запази промените
      </Button>
    </Form>
  );
}
