import { type ActionFunctionArgs, json } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { verifyBotCheck } from "~/modules/auth/bot-check.server";
import { customEmailProblem, FEEDBACK_MESSAGES, feedbackSchema } from "~/modules/feedback/schema";
import { submitFeedback } from "~/modules/feedback/service.server";
import { AppError } from "~/utils/errors";
import { fileFromBase64 } from "~/utils/files.server";
import { jsonError, methodNotAllowed, readJson } from "~/utils/http.server";
import { requireApiUser } from "~/web/auth/guards.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/feedback (spec §3 submission, file as base64) → 201 {success, message}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await readJson(request);
  if (!body) return jsonError("Невалидна заявка: очаква се JSON", 400);
  const parsed = feedbackSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return jsonError(issue.message, 400, { [issue.path.join(".") || "type"]: issue.message });
  }
  const passed = await verifyBotCheck(context, {
    recaptchaToken: typeof body.recaptchaToken === "string" ? body.recaptchaToken : undefined,
    fromForm: false,
  });
  if (!passed)
    return jsonError(FEEDBACK_MESSAGES.botCheck, 400, {
      recaptchaToken: FEEDBACK_MESSAGES.botCheck,
    });
  const emailProblem = customEmailProblem(parsed.data);
  if (emailProblem) return jsonError(emailProblem, 400, { customEmail: emailProblem });
  const file = fileFromBase64(body.fileName, body.fileContent);
  const attachment = file ? { name: file.fileName, bytes: file.bytes } : null;
  try {
    await submitFeedback(context, user, parsed.data, attachment);
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status, error.fields);
    throw error;
  }
  return json(
    {
      success: true,
      message:
        parsed.data.type === "support"
          ? "Заявката за поддръжка е изпратена!"
          : "Благодарим за обратната връзка!",
    },
    { status: 201 },
  );
}

export const openapi = undocumented("The feedback form's own call, not the integration API");
