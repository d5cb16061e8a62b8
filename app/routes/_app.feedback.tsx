import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeedbackForm } from "~/components/feedback/feedback-form";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as styles from "~/components/layout/page.css";
import { botCheckMessage, botCheckWidget, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { ATTACHMENT_MAX_BYTES, FEEDBACK_MESSAGES } from "~/modules/feedback/constants";
import { customEmailProblem, feedbackSchema } from "~/modules/feedback/schema";
import { submitFeedback } from "~/modules/feedback/service.server";
import { AppError } from "~/utils/errors";
import { readFormWithFiles } from "~/utils/files.server";
import { refuseForm, typedValues } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";

// The Обратна връзка / Поддръжка forms of the floating button, as a page so they work without
// JavaScript; the same rules as POST /api/feedback.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  return json({
    type: url.searchParams.get("type") === "support" ? ("support" as const) : ("feedback" as const),
    from: safeRedirect(url.searchParams.get("from"), "/dashboard"),
    email: user.email,
    bot: botCheckWidget(context),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { form, upload } = await readFormWithFiles(request, {
    fields: ["file"],
    maxBytes: ATTACHMENT_MAX_BYTES,
    maxFiles: 1,
  });
  if (upload.tooLarge.length > 0) {
    const message = `${FEEDBACK_MESSAGES.fileTooLarge}. ${FEEDBACK_MESSAGES.fileTooLargeDetail}`;
    return refuseForm(
      { formId: "feedback", fieldErrors: { file: message }, formError: message },
      413,
    );
  }
  const { file: _fileName, ...values } = typedValues(form);
  // One message at a time, in the spec's order (§5): the first refusal is the answer.
  const refuse = (field: string, message: string, status = 400) =>
    refuseForm(
      {
        formId: "feedback",
        fieldErrors: field ? { [field]: message } : {},
        formError: message,
        repopulateFields: values,
      },
      status,
    );
  const parsed = feedbackSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse(issue.path.join("."), issue.message);
  }
  if (!(await verifyBotCheck(context, { ...values, fromForm: true }))) {
    return refuse("recaptchaToken", botCheckMessage(context, FEEDBACK_MESSAGES.botCheck));
  }
  const emailProblem = customEmailProblem(parsed.data);
  if (emailProblem) return refuse("customEmail", emailProblem);
  const file = upload.files[0];
  const attachment = file ? { name: file.fileName, bytes: new Uint8Array(file.bytes) } : null;
  try {
    await submitFeedback(context, user, parsed.data, attachment);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.status === 503 ? "" : "file", error.message, error.status);
  }
  const toast =
    parsed.data.type === "support"
      ? {
          title: "Заявката за поддръжка е изпратена!",
          description: "Ще се свържем с вас възможно най-скоро.",
        }
      : {
          title: "Благодарим за обратната връзка!",
          description: "Вашето съобщение беше изпратено успешно.",
        };
  return redirectWithToast(safeRedirect(values.from, "/dashboard"), toast);
}

export default function Feedback() {
  const { type, from, email, bot } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <FeedbackForm type={type} from={from} email={email} bot={bot} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Обратна връзка и поддръжка | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
