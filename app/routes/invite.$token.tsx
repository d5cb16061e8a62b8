import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { PASSWORD_HINT } from "~/components/forms/password-hint";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { createSession, setSessionCompany } from "~/modules/auth/session.server";
import { TEAM_MESSAGES } from "~/modules/team/constants";
import {
  acceptAsNewLogin,
  acceptInvitation,
  peekInvitation,
} from "~/modules/team/invitations.server";
import { invitedLoginSchema } from "~/modules/team/schema";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getUser } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

/*
 * /invite/{token} (issue #29 item 2): what the invitation is, and the way to accept it. The GET
 * only shows (a mail scanner spends nothing); accepting is a POST. Signed in, the person accepts
 * into their login (asked first when the address differs); a new person creates only a login.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [invitation, user] = await Promise.all([
    peekInvitation(context.db, params.token ?? ""),
    getUser(request, context),
  ]);
  const status = !invitation ? 404 : invitation.state === "live" ? 200 : 410;
  return json(
    {
      invitation: invitation && {
        companyName: invitation.companyName,
        email: invitation.email,
        roleLabel: invitation.roleLabel,
        inviterName: invitation.inviterName,
        expiresAt: invitation.expiresAt,
        state: invitation.state,
        hasLogin: invitation.hasLogin,
      },
      user: user && { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() },
      token: params.token ?? "",
      marketingUrl: context.config.marketingUrl,
    },
    { status, headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } },
  );
}

const LOGIN_FIELDS = ["firstName", "lastName", "password", "confirmPassword"] as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const values = typedValues(await request.formData());
  const user = await getUser(request, context);
  try {
    switch (values.intent) {
      case "accept": {
        if (!user) throw new AppError("Влезте в профила си, за да приемете поканата", 401);
        const { companyId } = await acceptInvitation(
          context,
          user,
          token,
          values.confirm === "yes",
        );
        await setSessionCompany(context.db, user.sessionId, companyId);
        return redirectWithToast("/dashboard", {
          title: "Поканата е приета",
          description: "Вече работите във фирмата, която ви покани.",
        });
      }
      case "create-login": {
        if (user) throw new AppError("Вече сте влезли: приемете поканата с профила си", 409);
        const { data, refusal } = parseFormValues(
          "login",
          invitedLoginSchema,
          values,
          LOGIN_FIELDS,
        );
        // The passwords are never sent back (refuseForm leaves them out).
        if (refusal) return refusal;
        const created = await acceptAsNewLogin(context, token, data);
        const session = await createSession(context.db, created.userId, {
          kind: "browser",
          ip: context.clientIp,
          userAgent: request.headers.get("User-Agent"),
          companyId: created.companyId,
        });
        return redirectWithToast(
          "/dashboard",
          { title: "Добре дошли в Сметка", description: "Поканата е приета." },
          { headers: { "Set-Cookie": await commitSessionCookie(context, session) } },
        );
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const formId = values.intent === "create-login" ? "login" : "accept";
    const { password: _p, confirmPassword: _c, ...typed } = values;
    return refuseWithAppError(formId, error, typed);
  }
}

/** A refused login form never sends the passwords back. */
export default function Invitation() {
  const { invitation, user, token, marketingUrl } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const accept = useFormAnswer("accept");
  const unknown = useFormAnswer("");
  if (invitation?.state !== "live") {
    const message = !invitation
      ? "Поканата е невалидна."
      : invitation.state === "accepted"
        ? TEAM_MESSAGES.invitationUsed
        : invitation.state === "revoked"
          ? TEAM_MESSAGES.invitationRevoked
          : TEAM_MESSAGES.invitationExpired;
    return (
      <CenteredCard title="Покана за екип" marketingUrl={marketingUrl}>
        <p role="alert">{message}</p>
        <p>
          <Link to={user ? "/dashboard" : "/auth"}>{user ? "Към таблото" : "Вход"}</Link>
        </p>
      </CenteredCard>
    );
  }
  const sameEmail = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <CenteredCard title="Покана за екип" marketingUrl={marketingUrl}>
      <p>
        {invitation.inviterName ? <strong>{invitation.inviterName}</strong> : "Собственикът"} ви
        кани в екипа на <strong>{invitation.companyName}</strong> с роля „{invitation.roleLabel}“.
        Поканата е за <strong>{invitation.email}</strong> и е валидна до{" "}
        {formatDate(invitation.expiresAt)}
      </p>
      <FormError message={accept?.formError ?? unknown?.formError} />
      {user ? (
        <Form method="post">
          {sameEmail ? null : (
            <>
              <p role="note">
                Влезли сте като <strong>{user.email}</strong>, а поканата е за{" "}
                <strong>{invitation.email}</strong>. Да я приемем ли с профила {user.email}?
              </p>
              <input type="hidden" name="confirm" value="yes" />
            </>
          )}
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            {sameEmail ? "Приеми поканата" : `Да, приеми с ${user.email}`}
          </Button>
          {sameEmail ? null : (
            <p>
              Или <Link to="/logout">излезте</Link> и влезте с {invitation.email}.
            </p>
          )}
        </Form>
      ) : invitation.hasLogin ? (
        <p>
          Вече имате профил с този имейл.{" "}
          <Link to={`/auth?${new URLSearchParams({ redirectTo: `/invite/${token}` })}`}>
            Влезте, за да приемете поканата
          </Link>
          .
        </p>
      ) : (
        <NewLoginForm busy={busy} />
      )}
    </CenteredCard>
  );
}

/** A new person: only a login (names and password); the company is already there. */
function NewLoginForm({ busy }: { busy: boolean }) {
  const answer = useFormAnswer("login");
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Form ref={focusRef} method="post" noValidate aria-labelledby="login-title">
      <h2 id="login-title">Създайте своя вход</h2>
      <p>Фирмата вече е в Сметка: нужни са само името ви и парола.</p>
      <FormField
        name="firstName"
        label="Име"
        required
        autoComplete="given-name"
        defaultValue={typedOr(answer, "firstName")}
        error={answer?.fieldErrors.firstName}
        controlProps={{ maxLength: 100 }}
      />
      <FormField
        name="lastName"
        label="Фамилия"
        required
        autoComplete="family-name"
        defaultValue={typedOr(answer, "lastName")}
        error={answer?.fieldErrors.lastName}
        controlProps={{ maxLength: 100 }}
      />
      <FormField
        name="password"
        label="Парола"
        type="password"
        required
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={answer?.fieldErrors.password}
      />
      <FormField
        name="confirmPassword"
        label="Потвърдете паролата"
        type="password"
        required
        autoComplete="new-password"
        error={answer?.fieldErrors.confirmPassword}
      />
      <Button type="submit" name="intent" value="create-login" disabled={busy}>
        Създай вход и приеми поканата
      </Button>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Покана за екип | Сметка" }];
