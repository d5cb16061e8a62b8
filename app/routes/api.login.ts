import { type ActionFunctionArgs, json } from "@remix-run/node";
import { loginSchema, MESSAGES } from "~/modules/accounts/schema";
import { undocumented } from "~/modules/api/describe";
import { verifyBotCheck } from "~/modules/auth/bot-check.server";
import { checkCredentials } from "~/modules/auth/login.server";
import { createSession } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/login {username, password, recaptchaToken} → {username, role, token}; sets the cookie too. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { data } = await parseJsonBody(request, loginSchema);
  if (!(await verifyBotCheck(context, { ...data, fromForm: false })))
    return jsonError(MESSAGES.botCheck, 400);
  try {
    const user = await checkCredentials(context, data.username, data.password);
    const token = await createSession(context.db, user.userId, {
      kind: "api",
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return json(
      { username: user.email, role: user.role, token },
      {
        headers: {
          "Set-Cookie": await commitSessionCookie(context, token),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    if (error instanceof AppError) return jsonError(error.message, error.status);
    throw error;
  }
}

export const openapi = undocumented(
  "Signing in (it needs a bot check's token; the document's introduction names it as the way to a bearer token)",
);
