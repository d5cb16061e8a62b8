import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError, useFieldFrame } from "~/components/forms/field-frame";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { checkCredentials } from "~/modules/auth/login.server";
import { createSession } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getUser } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

/*
 * /hatterscastle/login: the back office's own sign-in. The same throttling as /auth
 * (checkCredentials); only the admin role passes; an admin already signed in goes on.
 */

export const ADMIN_ONLY = "Този вход е само за администратори";
const FIELDS = {
  email: "Въведете имейл",
  emailFormat: "Въведете валиден имейл адрес",
  password: "Въведете парола",
};
// An address as people type it: no spaces or control characters, one @ between two parts.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;

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
  const form = await request.formData();
  const email = String(form.get("email") ?? "")
    .trim()
    .slice(0, 254);
  const password = String(form.get("password") ?? "").slice(0, 200);
  const fieldErrors: Partial<Record<"email" | "password", string>> = {};
  if (!email) fieldErrors.email = FIELDS.email;
  else if (!EMAIL.test(email)) fieldErrors.email = FIELDS.emailFormat;
  if (!password) fieldErrors.password = FIELDS.password;
  if (fieldErrors.email || fieldErrors.password) {
    return json({ email, fieldErrors, formError: null }, { status: 400 });
  }
  try {
    const user = await checkCredentials(context, email, password);
    if (user.role !== "admin") {
      return json({ email, fieldErrors, formError: ADMIN_ONLY }, { status: 403 });
    }
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
    if (!(error instanceof AppError)) throw error;
    return json({ email, fieldErrors, formError: error.message }, { status: error.status });
  }
}

function Field(props: {
  name: "email" | "password";
  label: string;
  type: string;
  autoComplete: string;
  defaultValue?: string;
  error?: string;
}) {
  const { aria, frame } = useFieldFrame({ label: props.label, required: true, error: props.error });
  return frame(
    <input
      {...aria}
      name={props.name}
      type={props.type}
      autoComplete={props.autoComplete}
      defaultValue={props.defaultValue}
      maxLength={props.name === "email" ? 254 : 200}
      className={fieldStyles.input}
    />,
  );
}

export default function AdminLogin() {
  const { marketingUrl, redirectTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Вход за администратори" marketingUrl={marketingUrl}>
      <Form method="post" noValidate>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError message={data?.formError} />
        <Field
          name="email"
          label="Имейл"
          type="email"
          autoComplete="username"
          defaultValue={data?.email}
          error={data?.fieldErrors.email}
        />
        <Field
          name="password"
          label="Парола"
          type="password"
          autoComplete="current-password"
          error={data?.fieldErrors.password}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Влизане..." : "Вход"}
        </Button>
      </Form>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Вход за администратори | Сметка" }];
