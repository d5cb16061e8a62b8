import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect } from "react";
import * as styles from "~/components/auth/auth.css";
import { LoginForm } from "~/components/auth/login-form";
import { RegisterWizard } from "~/components/auth/register-wizard";
import { FormError } from "~/components/forms/field-frame";
import { CenteredCard } from "~/components/layout/centered-card";
import { Overlay } from "~/components/ui/overlay";
import { TabLinks } from "~/components/ui/tab-links";
import { type Toast, useToast } from "~/components/ui/toaster";
import { useErrorToast } from "~/components/ui/use-error-toast";
import { sendVerificationEmail } from "~/modules/accounts/service.server";
import { handleWizardStep } from "~/modules/accounts/wizard.server";
import { botCheckWidget } from "~/modules/auth/bot-check.server";
import { createSession } from "~/modules/auth/session.server";
import { MailError } from "~/modules/mail/mailer.server";
import { bulgarianBanks } from "~/modules/reference/banks.server";
import type { ViesStatus } from "~/modules/reference/vies";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { AppError } from "~/utils/errors";
import { echoedValues, refuseUnknownIntent } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { authenticateLoginForm, LoginFieldErrors } from "~/web/auth/authenticator.server";
import { requireGuest } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const url = new URL(request.url);
  return json(
    {
      tab: url.searchParams.get("tab") === "register" ? ("register" as const) : ("login" as const),
      // Only a checked path of this site rides along in the form and the tabs' links.
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "") || null,
      loginBot: botCheckWidget(context),
      registerBot: botCheckWidget(context),
      marketingUrl: context.config.marketingUrl,
      // The wizard fills the bank's name and BIC from a Bulgarian IBAN as it is typed.
      banks: await bulgarianBanks(context.db),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const response = await answer(request, context);
  // What was typed into the sign-in and the sign-up never stays in a cache (issue #31 item 7).
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** The page's headers: no answer of /auth is kept by a cache (the loader's and the action's). */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function answer(request: Request, context: AppLoadContext): Promise<Response> {
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
          typeof entry[1] === "string" && !WIZARD_CONTROLS.has(entry[0]) && !SECRETS.has(entry[0]),
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

// Never sent back to the page (conventions: passwords are not echoed).
const SECRETS = new Set(["password", "confirmPassword"]);

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

// After a successful sign-in the page shows its message first; the guest-only loader must not
// redirect underneath it.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (actionResult?.success ? false : defaultShouldRevalidate);

type ActionData = {
  success?: "login" | "register";
  registering?: boolean;
  toast?: Omit<Toast, "id">;
  redirectTo?: string;
  step?: 1 | 2 | 3;
  values?: Record<string, string>;
  vies?: ViesStatus;
  formError?: string;
  fieldErrors?: Record<string, string>;
};

/** The message a failed registration step shows in its toast: the VAT number's first (spec §7). */
function registrationError(data: ActionData | undefined): string | null {
  if (data?.step === undefined || !data.fieldErrors) return null;
  return data.fieldErrors.vatNumber ?? Object.values(data.fieldErrors)[0] ?? null;
}

export default function AuthPage() {
  const { tab, redirectTo, loginBot, registerBot, marketingUrl, banks } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const success = actionData?.success;
  const registerFailure = actionData?.registering ? actionData.formError : null;
  useErrorToast("Неуспешно влизане", registerFailure ? null : actionData?.formError);
  useErrorToast(
    "Регистрацията не беше успешна",
    registrationError(actionData) ?? registerFailure ?? null,
  );

  const showToast = useToast();
  useEffect(() => {
    if (!success || !actionData?.redirectTo) return;
    if (actionData.toast) showToast(actionData.toast);
    const timer = setTimeout(() => navigate(actionData.redirectTo!, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [success, actionData?.redirectTo, actionData?.toast, navigate, showToast]);

  const showRegister =
    actionData?.step !== undefined || actionData?.registering === true || tab === "register";
  const keep = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <>
      <CenteredCard
        title={showRegister ? "Регистрация" : "Вход"}
        hideTitle
        marketingUrl={marketingUrl}
        after={
          <p className={styles.consent}>
            С използването на Сметка се съгласявате с{" "}
            <a href={`${marketingUrl}/terms`}>Общите условия</a> и{" "}
            <a href={`${marketingUrl}/privacy`}>Политиката за поверителност</a>.
          </p>
        }
      >
        <TabLinks
          label="Вход или регистрация"
          current={showRegister ? "register" : "login"}
          tabs={[
            { key: "login", label: "Вход", to: `/auth${keep ? `?${keep}` : ""}` },
            {
              key: "register",
              label: "Регистрация",
              to: `/auth?tab=register${keep ? `&${keep}` : ""}`,
            },
          ]}
        />
        {showRegister && registerFailure ? <FormError message={registerFailure} /> : null}
        {showRegister ? (
          <RegisterWizard
            step={actionData?.step ?? 1}
            values={actionData?.values ?? {}}
            bot={registerBot}
            banks={banks}
            vies={actionData?.vies ?? null}
            answered={
              actionData?.step !== undefined &&
              !actionData.fieldErrors &&
              actionData.vies === undefined
            }
          />
        ) : (
          <LoginForm redirectTo={redirectTo} bot={loginBot} />
        )}
      </CenteredCard>
      {success ? (
        <Overlay
          title={success === "login" ? "Успешно вписване!" : "Успешна регистрация!"}
          text="Пренасочване към панела..."
        />
      ) : navigation.state === "submitting" ? (
        <Overlay title="Моля, изчакайте..." text="Обработваме вашата заявка" />
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Вход и регистрация | Сметка" }];
