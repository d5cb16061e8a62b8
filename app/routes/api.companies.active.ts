import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import { switchCompany } from "~/modules/team/companies.server";
import { switchCompanySchema } from "~/modules/team/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiUser } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/companies/active {companyId} → {company: {id, name, role, roleLabel}, token}: the
 * session works in that company (404 for one the login does not belong to). A browser session
 * switches in place (token null); an API token belongs to one company, so it stays bound and the
 * answer carries a new token for the other company.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = await requireApiUser(request, context);
  const { data } = await parseJsonBody(request, switchCompanySchema);
  try {
    const { company, token } = await switchCompany(
      context,
      user,
      data.companyId,
      request.headers.get("User-Agent"),
    );
    const byCookie = !request.headers.get("Authorization")?.startsWith("Bearer ");
    return json(
      { company: { ...company, roleLabel: ROLE_LABELS[company.role] }, token },
      {
        headers: {
          "Cache-Control": "no-store",
          ...(token && byCookie && { "Set-Cookie": await commitSessionCookie(context, token) }),
        },
      },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  put: {
    summary:
      "Work in another of the login's companies. A browser session switches in place; an API token belongs to one company, so the answer carries a new token for the other one (the old stays bound to its own)",
    request: { body: jsonContent(switchCompanySchema) },
    responses: {
      "200": answer(
        "Switched",
        z.object({
          company: z.object({
            id: z.string().uuid().optional(),
            name: z.string().optional(),
            role: z.enum(["owner", "accountant", "staff", "viewer"]).optional(),
            roleLabel: z.string().optional(),
          }),
          token: z
            .string()
            .nullable()
            .describe("A new bearer token for the company (API tokens only)"),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("In an admin's view of a member the company is not switched"),
      "404": refusal("Not one of the login's companies"),
    },
  },
}));
