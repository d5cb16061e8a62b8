import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BotCheck } from "~/components/forms/bot-check";
import { FormError, PasswordField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { answerFields, useFormAnswer } from "~/utils/forms";
import * as styles from "./auth.css";

/**
 * The login tab: a native POST form whose messages are the server's (formId «login»); JavaScript
 * adds the bot-check gate and posts without reloading the page.
 */
export function LoginForm({
  redirectTo,
  bot,
}: {
  redirectTo: string | null;
  bot: { siteKey: string; token: string | null };
}) {
  const hydrated = useHydrated();
  const [passed, setPassed] = useState(false);
  const answer = useFormAnswer("login");
  const form = useFocusFirstInvalid(answer);
  const { field, error } = answerFields(answer);
  return (
    <Form method="post" id="login" ref={form} noValidate>
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <FormError message={answer?.formError} />
      <TextField {...field("username")} label="Имейл" type="email" autoComplete="email" required />
      <PasswordField
        name="password"
        error={error("password")}
        label="Парола"
        autoComplete="current-password"
        required
      />
      <div className={styles.links}>
        <Link to="/forgot-password">Забравена парола?</Link>
        {/* Hidden as the spec has it (§2), yet reachable by keyboard and by its address. */}
        <Link to="/verify-code" className="visually-hidden-focusable">
          Потвърди с код
        </Link>
      </div>
      <BotCheck
        siteKey={bot.siteKey}
        token={bot.token}
        error={error("recaptchaToken")}
        onPassedChange={setPassed}
      />
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
    </Form>
  );
}
