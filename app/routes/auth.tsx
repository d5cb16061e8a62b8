import {
  type ActionFunctionArgs,
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
import { MESSAGES } from "~/modules/accounts/constants";
import { botCheckWidget } from "~/modules/auth/bot-check.server";
import { bulgarianBanks } from "~/modules/reference/banks.server";
import type { ViesStatus } from "~/modules/reference/vies";
import { safeRedirect } from "~/utils/http.server";
import { answerAuthForm } from "~/web/auth/auth-form.server";
import { requireGuest } from "~/web/auth/guards.server";

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
  const response = await answerAuthForm(request, context);
  // What was typed into the sign-in and the sign-up never stays in a cache (issue #31 item 7).
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** The page's headers: no answer of /auth is kept by a cache (the loader's and the action's). */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

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

/**
 * The message a failed registration step shows in its toast: the VAT number's first (spec §7).
 * Passwords that differ, and nothing else, have their own toast, «Грешка» / «Паролите не
 * съвпадат» (spec §8; NewPasswordFields shows it), so this one stays silent then.
 */
function registrationError(data: ActionData | undefined): string | null {
  if (data?.step === undefined || !data.fieldErrors) return null;
  const messages = Object.values(data.fieldErrors);
  if (messages.length === 1 && data.fieldErrors.confirmPassword === MESSAGES.passwordMismatch)
    return null;
  return data.fieldErrors.vatNumber ?? messages[0] ?? null;
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
