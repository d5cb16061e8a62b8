import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { requireApiAdmin } from "~/web/admin/guard.server";

/** GET /api/admin/auth-check (spec): whether the caller has an admin session; 401/403 otherwise. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request, context);
  return json({
    success: true,
    data: { id: admin.id, username: admin.email, role: admin.role },
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "Whether the caller has an admin session (spec §7)",
    responses: {
      "200": answer(
        "An admin",
        z.object({
          success: z.literal(true).optional(),
          data: z
            .object({
              id: z.string().uuid().optional(),
              username: z.string().email().optional(),
              role: z.literal("admin").optional(),
            })
            .optional(),
        }),
      ),
      "401": errors["401"],
      "403": refusal("Signed in, not an admin"),
    },
  },
}));
