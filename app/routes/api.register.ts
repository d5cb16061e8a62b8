import { type ActionFunctionArgs, json } from "@remix-run/node";
import { MESSAGES, registerSchema } from "~/modules/accounts/schema";
import { registerAccount, sendVerificationEmail } from "~/modules/accounts/service.server";
import { verifyBotCheck } from "~/modules/auth/bot-check.server";
import { commitSessionCookie, createSession } from "~/modules/auth/session.server";
import { MailError } from "~/modules/mail/mailer.server";
import {
  AppError,
  formatFieldErrors,
  jsonError,
  methodNotAllowed,
  readJson,
} from "~/utils/http.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/register (spec §3 payload) → 201 {username, role, token}; 400 {message: 'Invalid data', errors}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJson(request);
  if (!body) return jsonError("Невалидна заявка: очаква се JSON", 400);
  const parsed = registerSchema.safeParse(body);
  if (!parsed.success) {
    return json(
      { message: "Invalid data", errors: formatFieldErrors(parsed.error.format()) },
      { status: 400 },
    );
  }
  if (!(await verifyBotCheck(context, { ...parsed.data, fromForm: false }))) {
    return jsonError("Invalid data", 400, { recaptchaToken: MESSAGES.botCheck });
  }
  let user: Awaited<ReturnType<typeof registerAccount>>;
  try {
    user = await registerAccount(context.db, parsed.data);
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status, error.fields);
    throw error;
  }
  const token = await createSession(context.db, user.userId, {
    kind: "api",
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  let verificationEmailSent = true;
  try {
    await sendVerificationEmail(context, {
      id: user.userId,
      email: user.email,
      firstName: user.firstName,
    });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    verificationEmailSent = false;
  }
  return json(
    {
      username: user.email,
      role: user.role,
      token,
      verificationEmailSent,
      ...(verificationEmailSent
        ? {}
        : {
            message: "Имейлът за потвърждение не можа да бъде изпратен. Опитайте отново по-късно.",
          }),
    },
    { status: 201, headers: { "Set-Cookie": await commitSessionCookie(context, token) } },
  );
}
