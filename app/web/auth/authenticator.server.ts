import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema, MESSAGES } from "~/modules/accounts/schema";
import { botCheckMessage, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { checkCredentials } from "~/modules/auth/login.server";
import { checkFormValues, typedValues } from "~/utils/forms.server";

/** The login form's field errors (HTTP 400), thrown from the strategy. */
export class LoginFieldErrors extends Error {
  override name = "LoginFieldErrors";
  constructor(
    public fieldErrors: Record<string, string>,
    public submitted: { username: string },
  ) {
    super("Invalid login form");
  }
}

export interface LoggedIn {
  userId: string;
  email: string;
  role: "user" | "admin";
}

/**
 * Signs in with the login form (remix-auth's FormStrategy): validates the fields, the bot
 * check and the credentials. Throws LoginFieldErrors or AppError (401, 429).
 */
export function authenticateLoginForm(
  context: AppLoadContext,
  request: Request,
): Promise<LoggedIn> {
  const authenticator = new Authenticator<LoggedIn>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const result = checkFormValues(loginSchema, typedValues(form), true);
      const submitted = { username: String(form.get("username") ?? "") };
      if (result.fieldErrors) throw new LoginFieldErrors(result.fieldErrors, submitted);
      const passed = await verifyBotCheck(context, { ...result.data, fromForm: true });
      if (!passed) {
        const message = botCheckMessage(context, MESSAGES.botCheck);
        throw new LoginFieldErrors({ recaptchaToken: message }, submitted);
      }
      const user = await checkCredentials(context, result.data.username, result.data.password);
      return { userId: user.userId, email: user.email, role: user.role };
    }),
    "form",
  );
  return authenticator.authenticate("form", request);
}
