import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";

import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { lazyValidator } from "~/components/forms/lazy-validator";

import { NewPasswordFields } from "~/components/forms/new-password-fields";

import { CenteredCard } from "~/components/layout/centered-card";

import { Button } from "~/components/ui/button";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { peekToken } from "~/modules/auth/tokens.server";
import { refuseValidation } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireGuest } from "~/web/auth/guards.server";

const validator = lazyValidator(() =>
  import("~/modules/accounts/validators").then((m) => m.resetPassword),
);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const live = params.token
    ? await peekToken(context.db, params.token, "reset_password")
    : undefined;
  return json(
    { valid: live !== undefined, marketingUrl: context.config.marketingUrl },
    { status: live ? 200 : 404 },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const result = await validator.validate(await request.formData());
  // Passwords are never sent back to the page.
  if (result.error) return refuseValidation({ ...result, submittedData: {} });
  const done = params.token
    ? await resetPassword(context, params.token, result.data.password)
    : false;
  if (!done) return redirect(`/reset-password/${params.token ?? ""}`);
  return redirectWithToast("/auth", {
    title: "Паролата е променена",
    description: "Влезте с новата си парола.",
  });
}

export default function ResetPassword() {
  const { valid, marketingUrl } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Нова парола" marketingUrl={marketingUrl}>
      {valid ? (
        <ValidatedForm validator={validator} method="post" noValidate>
          <NewPasswordFields label="Нова парола" />
          <Button type="submit" disabled={busy}>
            Запази паролата
          </Button>
        </ValidatedForm>
      ) : (
        <>
          <p role="alert">Връзката е невалидна, вече е използвана или е изтекла.</p>
          <p>
            <Link to="/forgot-password">Поискайте нова връзка</Link>
          </p>
        </>
      )}
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Нова парола | Сметка" }];
