import { type ChangeEvent, useEffect, useState } from "react";
import { useErrorToast } from "~/components/ui/use-error-toast";
import { MESSAGES } from "~/modules/accounts/constants";
import { PasswordField } from "./field";
import { PASSWORD_HINT } from "./password-hint";

export { PASSWORD_HINT } from "./password-hint";

const KEPT_HINT = "Паролата, която въведохте, е запазена: попълнете полетата само за да я смените.";

/**
 * A new password and its confirmation (fields `password` and `confirmPassword`), with the rules as
 * a hint. The server's messages come in `errors`; with JavaScript the confirmation is also checked
 * as it is typed (spec §5: «checked live»), which replaces the server's message for it.
 */
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
  const [typed, setTyped] = useState<{ password: string; confirm: string } | null>(null);
  // A new answer from the server is what the fields show until the person types again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => setTyped(null), [errors]);
  const live =
    typed && typed.confirm !== "" && typed.confirm !== typed.password
      ? MESSAGES.passwordMismatch
      : undefined;
  const error = typed ? live : errors?.confirmPassword;
  // Spec §8: a send with passwords that differ also says so in a toast, «Грешка» / «Паролите не съвпадат».
  useErrorToast(
    "Грешка",
    errors?.confirmPassword === MESSAGES.passwordMismatch ? MESSAGES.passwordMismatch : null,
  );
  const follow = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    const value = (name: string) =>
      (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    setTyped({ password: value("password"), confirm: value("confirmPassword") });
  };
  return (
    <>
      <PasswordField
        name="password"
        error={errors?.password}
        label={label}
        autoComplete="new-password"
        required={!kept}
        hint={kept ? `${KEPT_HINT} ${PASSWORD_HINT}` : PASSWORD_HINT}
        onChange={follow}
      />
      <PasswordField
        name="confirmPassword"
        error={error}
        label={confirmLabel}
        autoComplete="new-password"
        required={!kept}
        onChange={follow}
      />
    </>
  );
}
