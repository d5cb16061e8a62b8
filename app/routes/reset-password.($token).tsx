import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema } from "~/modules/accounts/schema";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { peekToken } from "~/modules/auth/tokens.server";
import { useFormAnswer } from "~/utils/forms";
import { parseFormValues, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireGuest } from "~/web/auth/guards.server";

const FORM_ID = "reset-password";

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
  const values = typedValues(await request.formData());
  const parsed = parseFormValues(FORM_ID, resetPasswordSchema, values, PASSWORDS, {
    keepEmpty: true,
  });
  if (parsed.refusal) return parsed.refusal;
  const done = params.token
    ? await resetPassword(context, params.token, parsed.data.password)
    : false;
  if (!done) return redirect(`/reset-password/${params.token ?? ""}`);
  return redirectWithToast("/auth", {
    title: "Паролата е променена",
    description: "Влезте с новата си парола.",
  });
}

const PASSWORDS = ["password", "confirmPassword"];

export default function ResetPassword() {
  const { valid, marketingUrl } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM_ID);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Нова парола" marketingUrl={marketingUrl}>
      {valid ? (
        <Form method="post" ref={form} noValidate>
          <NewPasswordFields label="Нова парола" errors={answer?.fieldErrors} />
          <Button type="submit" disabled={busy}>
            Запази паролата
          </Button>
        </Form>
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
