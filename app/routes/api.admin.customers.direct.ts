import { type ActionFunctionArgs, json } from "@remix-run/node";
import { redeemDirectToken } from "~/modules/admin/impersonation.server";
import { directTokenSchema } from "~/modules/admin/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { customerViewCookies } from "~/web/admin/impersonation.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/customers/direct {directAuthToken} (spec §7): spends an admin's one-time token
 * and opens the customer's view — the session cookie, and the token for `Authorization: Bearer` —
 * marked as that admin. The token is the credential (no admin session is needed): single use,
 * short-lived, made for one customer by one admin, who must still be an admin.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const { data: body } = await parseJsonBody(request, directTokenSchema);
    const { sessionToken, user } = await redeemDirectToken(
      context,
      body.directAuthToken,
      body.userId ?? null,
      request.headers.get("User-Agent"),
    );
    return json(
      {
        success: true,
        data: { token: sessionToken, user: { id: user.id, username: user.email, role: "user" } },
      },
      { headers: await customerViewCookies(context, request, sessionToken) },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
