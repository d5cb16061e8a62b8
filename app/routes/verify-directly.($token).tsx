import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CenteredCard } from "~/components/layout/centered-card";
import {
  VERIFIED_TOAST,
  verifyByToken,
  WELCOME_FAILED_TOAST,
} from "~/modules/accounts/verification.server";
import { createSession } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireGuest } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

// One click from the mail: verify the address and sign the person in.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const outcome = params.token ? await verifyByToken(context, params.token) : null;
  if (!outcome) return json({ marketingUrl: context.config.marketingUrl }, { status: 404 });
  const token = await createSession(context.db, outcome.userId, {
    kind: "browser",
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  const headers = new Headers({ "Set-Cookie": await commitSessionCookie(context, token) });
  return redirectWithToast(
    "/dashboard",
    outcome.welcomeMailFailed ? WELCOME_FAILED_TOAST : VERIFIED_TOAST,
    { headers },
  );
}

export default function VerifyDirectly() {
  const { marketingUrl } = useLoaderData<typeof loader>();
  return (
    <CenteredCard title="Невалидна връзка" marketingUrl={marketingUrl}>
      <p role="alert">
        Връзката е невалидна, вече е използвана или е изтекла.{" "}
        <Link to="/auth">Влезте в профила си</Link>.
      </p>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Потвърждение на имейл | Сметка" }];
