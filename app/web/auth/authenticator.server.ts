import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema, MESSAGES } from "~/modules/accounts/schema";
import { adminLoginSchema } from "~/modules/admin/schema";
import { botCheckMessage, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { checkCredentials } from "~/modules/auth/login.server";
import { AppError } from "~/utils/errors";
import { checkFormValues, typedValues } from "~/utils/forms.server";

/** A sign-in form's field errors (HTTP 400) and what was typed, thrown from the strategy. */
export class LoginFieldErrors extends Error {
  override name = "LoginFieldErrors";
  constructor(
    public fieldErrors: Record<string, string>,
    public submitted: Record<string, string>,
  ) {
    super("Invalid login form");
  }
}

export interface LoggedIn {
  userId: string;
  email: string;
  role: "user" | "admin";
}

/** The back office's answer to someone who is not an admin (403). */
export const ADMIN_ONLY = "Този вход е само за администратори";

/** A sign-in form through remix-auth's FormStrategy: `check` reads the form and returns who it is. */
function signInWithForm(request: Request, check: (form: FormData) => Promise<LoggedIn>) {
  const authenticator = new Authenticator<LoggedIn>();
  authenticator.use(new FormStrategy(({ form }) => check(form)), "form");
  return authenticator.authenticate("form", request);
}

/**
 * Signs in with the login form of /auth: validates the fields, the bot check and the
 * credentials. Throws LoginFieldErrors or AppError (401, 429).
 */
export function authenticateLoginForm(
  context: AppLoadContext,
  request: Request,
): Promise<LoggedIn> {
  return signInWithForm(request, async (form) => {
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
  });
}

/**
 * Signs in with the back office's form (/hatterscastle/login): the same credentials and
 * throttling as /auth, and only the admin role passes. Throws LoginFieldErrors or AppError
 * (401, 403 ADMIN_ONLY, 429).
 */
export function authenticateAdminForm(
  context: AppLoadContext,
  request: Request,
): Promise<LoggedIn> {
  return signInWithForm(request, async (form) => {
    const result = checkFormValues(adminLoginSchema, typedValues(form), true);
    const submitted = { email: String(form.get("email") ?? "").slice(0, 254) };
    if (result.fieldErrors) throw new LoginFieldErrors(result.fieldErrors, submitted);
    const user = await checkCredentials(context, result.data.email, result.data.password);
    if (user.role !== "admin") throw new AppError(ADMIN_ONLY, 403);
    return { userId: user.userId, email: user.email, role: user.role };
  });
}
