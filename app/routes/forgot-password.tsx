import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FormError, TextField } from "~/components/forms/field";
import { lazyValidator } from "~/components/forms/lazy-validator";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { AppError } from "~/utils/errors";
import { refuseValidation, refuseWithAppError } from "~/utils/forms.server";
import { requireGuest } from "~/web/auth/guards.server";

const validator = lazyValidator(() =>
  import("~/modules/accounts/validators").then((m) => m.forgotPassword),
);
const SENT =
  "Ако има профил с този имейл адрес, изпратихме връзка за нова парола. Връзката е валидна един час.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  return json({ marketingUrl: context.config.marketingUrl });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const result = await validator.validate(await request.formData());
  if (result.error) return refuseValidation(result);
  try {
    await requestPasswordReset(context, result.data.email);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(result.formId ?? "", error, result.submittedData);
  }
  return json({ sent: true });
}

export default function ForgotPassword() {
  const { marketingUrl } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { sent?: boolean; formError?: string } | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Забравена парола" marketingUrl={marketingUrl}>
      {data?.sent ? (
        <p role="status">{SENT}</p>
      ) : (
        <ValidatedForm validator={validator} method="post" noValidate>
          <p>Въведете имейла на профила си и ще ви изпратим връзка за нова парола.</p>
          <FormError message={data?.formError} />
          <TextField name="email" label="Имейл" type="email" autoComplete="email" required />
          <Button type="submit" disabled={busy}>
            {busy ? "Изпращане..." : "Изпрати връзка"}
          </Button>
        </ValidatedForm>
      )}
      <p>
        <Link to="/auth">Обратно към входа</Link>
      </p>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Забравена парола | Сметка" }];
