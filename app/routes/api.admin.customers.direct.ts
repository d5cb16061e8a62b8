import { type ActionFunctionArgs, json } from "@remix-run/node";
import { z } from "zod";
import { redeemDirectToken } from "~/modules/admin/impersonation.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { customerViewCookies } from "~/web/admin/impersonation.server";

export const loader = () => methodNotAllowed("POST");

const schema = z.object({
  directAuthToken: z
    .string({ required_error: "Липсва токен за достъп", invalid_type_error: "Невалиден токен" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "Невалиден токен"),
  userId: z.string().uuid("Невалиден потребител").optional(),
});

/**
 * POST /api/admin/customers/direct {directAuthToken} (spec §7): spends an admin's one-time token
 * and opens the customer's view — the session cookie, and the token for `Authorization: Bearer` —
 * marked as that admin. The token is the credential (no admin session is needed): single use,
 * short-lived, made for one customer by one admin, who must still be an admin.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const { data: body } = await parseJsonBody(request, schema);
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
