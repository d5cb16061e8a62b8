import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CenteredCard } from "~/components/layout/centered-card";
import {
  VERIFIED_TOAST,
  verifyByToken,
  WELCOME_FAILED_TOAST,
} from "~/modules/accounts/verification.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getUser } from "~/web/auth/guards.server";

// The link in the verification mail. It verifies first; a signed-in person then goes to the
// dashboard (guest-only routes send signed-in users there), a guest sees the result here.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const outcome = params.token ? await verifyByToken(context, params.token) : null;
  const user = await getUser(request, context);
  if (user) {
    const toast = outcome
      ? outcome.welcomeMailFailed
        ? WELCOME_FAILED_TOAST
        : VERIFIED_TOAST
      : null;
    if (!toast) return redirect(user.emailVerified ? "/dashboard" : "/verify-code");
    return redirectWithToast("/dashboard", toast);
  }
  return json(
    { verified: outcome !== null, marketingUrl: context.config.marketingUrl },
    { status: outcome ? 200 : 404 },
  );
}

export default function VerifyEmail() {
  const { verified, marketingUrl } = useLoaderData<typeof loader>();
  return (
    <CenteredCard
      title={verified ? "Имейлът е потвърден" : "Невалидна връзка"}
      marketingUrl={marketingUrl}
    >
      {verified ? (
        <p role="status">
          Благодарим ви! Имейл адресът ви е потвърден. <Link to="/auth">Влезте в профила си</Link>.
        </p>
      ) : (
        <p role="alert">
          Връзката е невалидна, вече е използвана или е изтекла. Влезте и{" "}
          <Link to="/verify-code">потвърдете с код</Link> или поискайте нов имейл от таблото.
        </p>
      )}
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Потвърждение на имейл | Сметка" }];
