import { useErrorToast } from "~/components/ui/use-error-toast";
import { MESSAGES } from "~/modules/accounts/constants";
import { PasswordField } from "./field";
import { PASSWORD_HINT } from "./password-hint";

export { PASSWORD_HINT } from "./password-hint";

const KEPT_HINT = "Паролата, която въведохте, е запазена: попълнете полетата само за да я смените.";

/** A new password and its confirmation (fields `password` and `confirmPassword`), with the rules as a hint. */
export function NewPasswordFields({
  label = "Парола",
  confirmLabel = "Потвърдете паролата",
  kept = false,
  errors,
}: {
  /** The server's messages by field (the form's answer). */
  errors?: Record<string, string> | undefined;
  label?: string;
  confirmLabel?: string;
  /** A password is already kept on the server (the sign-up's step 1 again): these may stay empty. */
  kept?: boolean;
}) {
  const error = errors?.confirmPassword;
  // Spec §8: a send with passwords that differ also says so in a toast, «Грешка» / «Паролите не съвпадат».
  useErrorToast("Грешка", error === MESSAGES.passwordMismatch ? MESSAGES.passwordMismatch : null);
  return (
    <>
      <PasswordField
        name="password"
        error={errors?.password}
        label={label}
        autoComplete="new-password"
        required={!kept}
        hint={kept ? `${KEPT_HINT} ${PASSWORD_HINT}` : PASSWORD_HINT}
      />
      <PasswordField
        name="confirmPassword"
        error={error}
        label={confirmLabel}
        autoComplete="new-password"
        required={!kept}
      />
    </>
  );
}
