import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError, TextField } from "~/components/forms/field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { verifyCodeSchema } from "~/modules/accounts/schema";
import { resendVerificationEmail } from "~/modules/accounts/service.server";
import {
  VERIFIED_TOAST,
  verifyByCode,
  WELCOME_FAILED_TOAST,
} from "~/modules/accounts/verification.server";
import { AppError } from "~/utils/errors";
import { answerFields, useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseForm, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";

const FORM_ID = "verify-code";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.emailVerified) return redirect("/dashboard");
  return json({ email: user.email });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "resend") {
    try {
      await resendVerificationEmail(context, user);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("verify", error, {});
    }
    return json({ formId: "verify", fieldErrors: {}, resent: true });
  }
  const values = typedValues(form);
  const parsed = parseFormValues(FORM_ID, verifyCodeSchema, values, ["code"], {
    keepEmpty: true,
  });
  if (parsed.refusal) return parsed.refusal;
  const outcome = await verifyByCode(context, user.id, parsed.data.code);
  if (!outcome) {
    return refuseForm({
      formId: FORM_ID,
      fieldErrors: { code: "Кодът е грешен или е изтекъл. Поискайте нов код." },
      repopulateFields: values,
      focus: "code",
    });
  }
  return redirectWithToast(
    "/dashboard",
    outcome.welcomeMailFailed ? WELCOME_FAILED_TOAST : VERIFIED_TOAST,
  );
}

export default function VerifyCode() {
  const { email } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { resent?: boolean } | undefined;
  const resend = useFormAnswer("verify");
  const answer = useFormAnswer(FORM_ID);
  const form = useFocusFirstInvalid(answer);
  const { field } = answerFields(answer);
  const busy = useNavigation().state === "submitting";
  return (
    <div className={styles.page}>
      <section className={styles.card} style={{ maxWidth: "32rem" }} aria-labelledby="verify-title">
        <h1 id="verify-title">Потвърди с код</h1>
        <p>
          Въведете 6-цифрения код от имейла, който изпратихме на <strong>{email}</strong>.
        </p>
        {data?.resent ? (
          <p role="status">Изпратихме нов код. Предишните кодове вече не са валидни.</p>
        ) : null}
        <FormError message={resend?.formError} />
        <Form method="post" ref={form} noValidate>
          <CompanyField />
          <FormError message={answer?.formError} />
          <TextField
            {...field("code")}
            label="Код"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <Button type="submit" disabled={busy}>
            Потвърди
          </Button>
        </Form>
        <Form method="post" style={{ marginTop: "1rem" }}>
          <CompanyField />
          <input type="hidden" name="intent" value="resend" />
          <Button type="submit" tone="quiet" disabled={busy}>
            Изпрати нов код
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Потвърди с код | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
