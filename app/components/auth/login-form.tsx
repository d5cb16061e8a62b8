import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ValidatedForm } from "remix-validated-form";
import { BotCheck } from "~/components/forms/bot-check";
import { FormError, PasswordField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { lazyValidator } from "~/components/forms/lazy-validator";
import { Button } from "~/components/ui/button";
import * as styles from "./auth.css";

const validator = lazyValidator(() => import("~/modules/accounts/validators").then((m) => m.login));

/** The login tab: a native POST form; JavaScript adds live validation and the bot-check gate. */
export function LoginForm({
  redirectTo,
  bot,
  formError,
}: {
  redirectTo: string | null;
  bot: { siteKey: string; token: string | null };
  formError?: string | null;
}) {
  const hydrated = useHydrated();
  const [passed, setPassed] = useState(false);
  return (
    <ValidatedForm validator={validator} method="post" id="login" noValidate>
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <FormError message={formError} />
      <TextField name="username" label="Имейл" type="email" autoComplete="email" required />
      <PasswordField name="password" label="Парола" autoComplete="current-password" required />
      <div className={styles.links}>
        <Link to="/forgot-password">Забравена парола?</Link>
        {/* Hidden as the spec has it (§2), yet reachable by keyboard and by its address. */}
        <Link to="/verify-code" className="visually-hidden-focusable">
          Потвърди с код
        </Link>
      </div>
      <BotCheck siteKey={bot.siteKey} token={bot.token} onPassedChange={setPassed} />
      <Button
        type="submit"
        className={styles.full}
        disabled={hydrated && !passed}
        aria-describedby={hydrated && !passed ? "login-why-disabled" : undefined}
      >
        Вход
      </Button>
      {hydrated && !passed ? (
        <p id="login-why-disabled" className={fieldStyles.hint}>
          {bot.siteKey === "local"
            ? "Бутонът се включва, когато отбележите «Не съм робот»."
            : "Бутонът се включва, след като преминете проверката reCAPTCHA."}
        </p>
      ) : null}
    </ValidatedForm>
  );
}
