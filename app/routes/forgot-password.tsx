import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, TextField } from "~/components/forms/field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { forgotPasswordSchema } from "~/modules/accounts/schema";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { AppError } from "~/utils/errors";
import { answerFields, useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { requireGuest } from "~/web/auth/guards.server";

const FORM_ID = "forgot-password";
const SENT =
  "Ако има профил с този имейл адрес, изпратихме връзка за нова парола. Връзката е валидна един час.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  return json({ marketingUrl: context.config.marketingUrl });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const values = typedValues(await request.formData());
  const parsed = parseFormValues(FORM_ID, forgotPasswordSchema, values, ["email"], {
    keepEmpty: true,
  });
  if (parsed.refusal) return parsed.refusal;
  try {
    await requestPasswordReset(context, parsed.data.email);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(FORM_ID, error, values);
  }
  return json({ sent: true });
}

export default function ForgotPassword() {
  const { marketingUrl } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { sent?: boolean } | undefined;
  const answer = useFormAnswer(FORM_ID);
  const form = useFocusFirstInvalid(answer);
  const { field } = answerFields(answer);
  const busy = useNavigation().state === "submitting";
  return (
    <CenteredCard title="Забравена парола" marketingUrl={marketingUrl}>
      {data?.sent ? (
        <p role="status">{SENT}</p>
      ) : (
        <Form method="post" ref={form} noValidate>
          <p>Въведете имейла на профила си и ще ви изпратим връзка за нова парола.</p>
          <FormError message={answer?.formError} />
          <TextField {...field("email")} label="Имейл" type="email" autoComplete="email" required />
          <Button type="submit" disabled={busy}>
            {busy ? "Изпращане..." : "Изпрати връзка"}
          </Button>
        </Form>
      )}
      <p>
        <Link to="/auth">Обратно към входа</Link>
      </p>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Забравена парола | Сметка" }];
