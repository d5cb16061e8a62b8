import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, z } from "~/modules/api/describe";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { loginCompanyJsonSchema } from "~/modules/team/json.server";
import { requireApiUser } from "~/web/auth/guards.server";

/**
 * GET /api/companies → {companies: [{id, name, eik, role, roleLabel, ownDocumentsOnly, active}]}:
 * the login's companies with its role in each; `active` marks the one this session works in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return json(
    { companies: await listLoginCompanies(context.db, user) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The login's companies with its role in each",
    responses: {
      "200": answer(
        "By name; `active` marks the session's",
        z.object({ companies: z.array(loginCompanyJsonSchema).optional() }),
      ),
      "401": errors["401"],
    },
  },
}));
