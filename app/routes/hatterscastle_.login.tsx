import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, PasswordField, TextField } from "~/components/forms/field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { createSession } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { answerFields, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseWithAppError } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { authenticateAdminForm, LoginFieldErrors } from "~/web/auth/authenticator.server";
import { getUser } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

/*
 * /hatterscastle/login: the back office's own sign-in, through the same remix-auth strategy and
 * throttling as /auth (authenticateAdminForm); only the admin role passes; an admin already
 * signed in goes on.
 */

const FORM_ID = "admin-login";

/** Where to go after signing in: a back-office path, else its dashboard. */
function nextPath(value: FormDataEntryValue | string | null) {
  const to = safeRedirect(value, "/hatterscastle");
  return to === "/hatterscastle" || to.startsWith("/hatterscastle/") ? to : "/hatterscastle";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user?.role === "admin") throw redirect(nextPath(redirectTo));
  return json({
    marketingUrl: context.config.marketingUrl,
    redirectTo: safeRedirect(redirectTo, "") || null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself, so look at a copy for where to go next.
  const form = await request.clone().formData();
  try {
    const user = await authenticateAdminForm(context, request);
    const token = await createSession(context.db, user.userId, {
      kind: "browser",
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return redirectWithToast(
      nextPath(form.get("redirectTo")),
      { type: "success", title: "Успешно вписване!" },
      { headers: { "Set-Cookie": await commitSessionCookie(context, token) } },
    );
  } catch (error) {
    if (error instanceof LoginFieldErrors) {
      return refuseForm({
        formId: FORM_ID,
        fieldErrors: error.fieldErrors,
        repopulateFields: error.submitted,
      });
    }
    if (!(error instanceof AppError)) throw error;
    const email = String(form.get("email") ?? "").slice(0, 254);
    return refuseWithAppError(FORM_ID, error, { email });
  }
}

export default function AdminLogin() {
  const { marketingUrl, redirectTo } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM_ID);
  const form = useFocusFirstInvalid(answer);
  const { field, error } = answerFields(answer);
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Вход за администратори" marketingUrl={marketingUrl}>
      <Form method="post" ref={form} noValidate>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError message={answer?.formError} />
        <TextField
          {...field("email")}
          label="Имейл"
          type="email"
          autoComplete="username"
          maxLength={254}
          required
        />
        <PasswordField
          name="password"
          error={error("password")}
          label="Парола"
          autoComplete="current-password"
          maxLength={200}
          required
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Влизане..." : "Вход"}
        </Button>
      </Form>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Вход за администратори | Сметка" }];
