import { errors } from "./openapi-parts";

/* The VIES part of the OpenAPI document: a VAT number checked in the EU's VIES service. */

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export const viesPaths = {
  "/api/vies/{vatNumber}": {
    parameters: [
      {
        name: "vatNumber",
        in: "path",
        required: true,
        description:
          "Country code and number, e.g. BG175074752 (Greece: EL; spaces, dots and dashes ignored)",
        schema: { type: "string", maxLength: 40, example: "BG175074752" },
      },
    ],
    get: {
      summary:
        "A VAT number checked in the EU's VIES service (answers kept a day; 30 checks a minute per company)",
      responses: {
        "200": {
          description:
            "What VIES says; name and address are null when the member state does not disclose them",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["valid", "name", "address", "vatNumber", "checkedAt"],
                properties: {
                  valid: { type: "boolean" },
                  name: { type: ["string", "null"], example: "ЮНИКРЕДИТ БУЛБАНК АД" },
                  address: { type: ["string", "null"] },
                  vatNumber: { type: "string", example: "BG175074752" },
                  checkedAt: { type: "string", format: "date-time" },
                },
              },
            },
          },
        },
        "400": errors["400"],
        "401": errors["401"],
        "429": error("Too many checks: «Твърде много проверки във VIES…»"),
        "503": error(
          "VIES does not answer (down, slow, busy) or the check is turned off (VIES_ENABLED=off)",
        ),
      },
    },
  },
};
