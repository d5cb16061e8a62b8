import { PasswordField } from "./field";

export const PASSWORD_HINT =
  'Поне 8 символа, главна буква, цифра и специален символ (!@#$%^&*(),.?":{}|<>)';

/** A new password and its confirmation (fields `password` and `confirmPassword`), with the rules as a hint. */
export function NewPasswordFields({
  label = "Парола",
  confirmLabel = "Потвърдете паролата",
}: {
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        name="password"
        label={label}
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
      />
      <PasswordField
        name="confirmPassword"
        label={confirmLabel}
        autoComplete="new-password"
        required
      />
    </>
  );
}
