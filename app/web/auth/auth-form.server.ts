import { type AppLoadContext, json } from "@remix-run/node";
import { sendVerificationEmail } from "~/modules/accounts/service.server";
import { handleWizardStep } from "~/modules/accounts/wizard.server";
import { createSession } from "~/modules/auth/session.server";
import { MailError } from "~/modules/mail/mailer.server";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { AppError } from "~/utils/errors";
import { echoedValues, isSecretField, refuseUnknownIntent } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { authenticateLoginForm, LoginFieldErrors } from "./authenticator.server";
import { commitSessionCookie } from "./session-cookie.server";

/* The sign-in and the sign-up wizard of /auth (routes/auth.tsx), as one form answers them. */

/**
 * The answer to a POST of /auth: the sign-in or a step of the sign-up, by the form's intent; an
 * unexpected failure is said on the form (500, or 503 without the database), what was typed kept.
 */
export async function answerAuthForm(request: Request, context: AppLoadContext): Promise<Response> {
  // remix-auth reads the body itself, so look at a copy to choose the form.
  const form = await request.clone().formData();
  const intent = form.get("intent");
  try {
    if (intent === "login") return await login(request, context, form);
    if (intent === "register") return await register(request, context, form);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Not the person's mistake (the database, a bug): say so on the form, keep what was typed.
    console.error(`Error in POST /auth (${intent}):`, error);
    const registering = intent === "register";
    const step = Number(form.get("step"));
    const values = Object.fromEntries(
      [...form.entries()].filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" &&
          !WIZARD_CONTROLS.has(entry[0]) &&
          !isSecretField(entry[0]),
      ),
    );
    return json(
      {
        formId: registering ? `register-step-${step}` : "login",
        fieldErrors: {},
        repopulateFields: echoedValues(registering ? values : { username: values.username ?? "" }),
        formError: registering ? REGISTER_FAILED.unexpected : LOGIN_FAILED.unexpected,
        registering,
        ...(registering && (step === 1 || step === 2 || step === 3)
          ? { step, values: echoedValues(values) }
          : {}),
      },
      { status: isDatabaseUnavailable(error) ? 503 : 500 },
    );
  }
  return refuseUnknownIntent();
}

// Fields of the form that are not the person's answers.
const WIZARD_CONTROLS = new Set([
  "intent",
  "js",
  "direction",
  "step",
  "recaptchaToken",
  "notRobot",
  "website",
]);

/** Spec §8: the server's message, else these for a failure without one or an unexpected error. */
const LOGIN_FAILED = {
  generic: "Влизането се провали",
  unexpected: "Възникна грешка при влизането",
};
const REGISTER_FAILED = {
  generic: "Регистрацията се провали",
  unexpected: "Възникна грешка при регистрацията",
};

async function signIn(request: Request, context: AppLoadContext, userId: string) {
  const token = await createSession(context.db, userId, {
    kind: "browser",
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  return commitSessionCookie(context, token);
}

async function login(request: Request, context: AppLoadContext, form: FormData) {
  const username = String(form.get("username") ?? "");
  try {
    const user = await authenticateLoginForm(context, request);
    const headers = new Headers({ "Set-Cookie": await signIn(request, context, user.userId) });
    const redirectTo = safeRedirect(form.get("redirectTo"));
    const toast = { type: "success" as const, title: "Успешно вписване!" };
    // With JavaScript the page shows «Успешно вписване!» and the toast itself (a flash cookie could
    // be consumed by a revalidation that the redirect cancels), then moves on after ~300 ms.
    if (form.get("js") === "1") {
      return json({ success: "login" as const, redirectTo, toast }, { headers });
    }
    return redirectWithToast(redirectTo, toast, { headers });
  } catch (error) {
    if (error instanceof LoginFieldErrors) {
      return json(
        {
          formId: "login",
          fieldErrors: error.fieldErrors,
          repopulateFields: echoedValues(error.submitted),
        },
        { status: 400 },
      );
    }
    if (error instanceof AppError) {
      return json(
        {
          formId: "login",
          fieldErrors: {},
          repopulateFields: echoedValues({ username }),
          formError: error.message || LOGIN_FAILED.generic,
        },
        { status: error.status },
      );
    }
    throw error;
  }
}

async function register(request: Request, context: AppLoadContext, form: FormData) {
  const answer = await handleWizardStep(context, form);
  if (answer.kind === "step") {
    const { step, fieldErrors, vies } = answer;
    const values = echoedValues(answer.values);
    return json(
      {
        step,
        values,
        formId: `register-step-${step}`,
        ...(fieldErrors && { fieldErrors, repopulateFields: values }),
        ...(vies && { vies: vies.status, viesFilled: vies.filled }),
      },
      { status: fieldErrors ? 400 : (vies?.httpStatus ?? 200) },
    );
  }
  const headers = new Headers({ "Set-Cookie": await signIn(request, context, answer.userId) });
  let mailProblem: string | null = null;
  try {
    await sendVerificationEmail(context, {
      id: answer.userId,
      email: answer.email,
      firstName: answer.firstName,
    });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    mailProblem = `${error.message} Можете да поискате нов имейл от таблото.`;
  }
  const toast = mailProblem
    ? {
        type: "error" as const,
        title: "Имейлът за потвърждение не беше изпратен",
        description: mailProblem,
      }
    : {
        type: "success" as const,
        title: "Успешна регистрация!",
        description: `Изпратихме имейл за потвърждение на ${answer.email}.`,
      };
  if (form.get("js") === "1") {
    return json({ success: "register" as const, redirectTo: "/dashboard", toast }, { headers });
  }
  return redirectWithToast("/dashboard", toast, { headers });
}
