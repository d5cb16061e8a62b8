import { type ActionFunctionArgs, json } from "@remix-run/node";
import { MESSAGES, registerSchema } from "~/modules/accounts/schema";
import { registerAccount, sendVerificationEmail } from "~/modules/accounts/service.server";
import { undocumented } from "~/modules/api/describe";
import { verifyBotCheck } from "~/modules/auth/bot-check.server";
import { createSession } from "~/modules/auth/session.server";
import { MailError } from "~/modules/mail/mailer.server";
import {
  apiErrorResponse,
  jsonError,
  methodNotAllowed,
  parseJsonBody,
  SPEC_INVALID_DATA,
} from "~/utils/http.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/register (spec §3 payload) → 201 {username, role, token}; 400 {message: 'Invalid data', errors}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // The spec's refusal of this call is {message: 'Invalid data', errors} (§7): its own words.
  const { data } = await parseJsonBody(request, registerSchema, {
    invalidMessage: SPEC_INVALID_DATA,
  });
  if (!(await verifyBotCheck(context, { ...data, fromForm: false }))) {
    return jsonError(SPEC_INVALID_DATA, 400, { recaptchaToken: MESSAGES.botCheck });
  }
  let user: Awaited<ReturnType<typeof registerAccount>>;
  try {
    user = await registerAccount(context.db, data);
  } catch (error) {
    return apiErrorResponse(error, SPEC_INVALID_DATA);
  }
  const token = await createSession(context.db, user.userId, {
    kind: "api",
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  // The account exists either way; a failed verification mail is said, not swallowed.
  let mailError: string | null = null;
  try {
    await sendVerificationEmail(context, {
      id: user.userId,
      email: user.email,
      firstName: user.firstName,
    });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    mailError = "Имейлът за потвърждение не можа да бъде изпратен. Опитайте отново по-късно.";
  }
  return json(
    {
      username: user.email,
      role: user.role,
      token,
      verificationEmailSent: mailError === null,
      ...(mailError && { message: mailError }),
    },
    { status: 201, headers: { "Set-Cookie": await commitSessionCookie(context, token) } },
  );
}

export const openapi = undocumented(
  "Signing up (a bot check's token; the sign-up wizard's call), not the integration API",
);
