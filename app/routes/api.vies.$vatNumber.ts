import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, refusal, z } from "~/modules/api/describe";
import { lookupVat } from "~/modules/reference/vies.server";
import { apiErrorResponse } from "~/utils/http.server";
import { requireApiCompany } from "~/web/auth/guards.server";

/**
 * GET /api/vies/{vatNumber} — a VAT number checked in the EU's VIES service (kept a day):
 * {valid, name, address, vatNumber, checkedAt}; 400 a number that cannot be one, 429 too many
 * checks, 503 VIES not answering or the check turned off.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "clients.edit");
  try {
    return json(await lookupVat(context, `company:${companyId}`, params.vatNumber ?? ""));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "A VAT number checked in the EU's VIES service (answers kept a day; 30 checks a minute per company)",
    request: {
      params: z.object({
        vatNumber: z
          .string()
          .max(40)
          .describe(
            "Country code and number, e.g. BG175074752 (Greece: EL; spaces, dots and dashes ignored)",
          )
          .openapi({ example: "BG175074752" }),
      }),
    },
    responses: {
      "200": answer(
        "What VIES says; name and address are null when the member state does not disclose them",
        z.object({
          valid: z.boolean(),
          name: z.string().nullable().openapi({ example: "ЮНИКРЕДИТ БУЛБАНК АД" }),
          address: z.string().nullable(),
          vatNumber: z.string().openapi({ example: "BG175074752" }),
          checkedAt: z.string().datetime(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "429": refusal("Too many checks: «Твърде много проверки във VIES…»"),
      "503": refusal(
        "VIES does not answer (down, slow, busy) or the check is turned off (VIES_ENABLED=off)",
      ),
    },
  },
}));
