import { type ActionFunctionArgs, json } from "@remix-run/node";
import { redeemDirectToken } from "~/modules/admin/impersonation.server";
import { directTokenSchema } from "~/modules/admin/schema";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary:
      "Spends an admin's one-time token (made on /hatterscastle/impersonate/{userId}; 5 minutes, single use) and opens that customer's view: the session cookie and a bearer token, marked as the admin who made the token. The token is the credential; no admin session is needed.",
    security: [],
    request: { body: jsonContent(directTokenSchema) },
    responses: {
      "200": answer(
        "The customer's view is open",
        z.object({
          success: z.literal(true).optional(),
          data: z
            .object({
              token: z.string().describe("For Authorization: Bearer").optional(),
              user: z
                .object({
                  id: z.string().uuid().optional(),
                  username: z.string().email().optional(),
                  role: z.literal("user").optional(),
                })
                .optional(),
            })
            .optional(),
        }),
      ),
      "400": errors["400"],
      "401": refusal("The token is unknown, spent, expired, or its admin is no longer an admin"),
      "409": refusal("The customer cannot be looked at (locked or deleted)"),
    },
  },
}));
