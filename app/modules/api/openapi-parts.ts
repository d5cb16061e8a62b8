/* Building blocks of the OpenAPI document shared by its parts. */

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const decimal = (example: string, description?: string) => ({
  type: "string",
  pattern: "^-?\\d+(\\.\\d+)?$",
  example,
  ...(description && { description }),
});
export const errors = {
  "400": {
    description: "Невалидни данни: a Bulgarian message per field",
    content: { "application/json": { schema: ref("Error") } },
  },
  "401": {
    description: "Not signed in",
    content: { "application/json": { schema: ref("Error") } },
  },
  "404": {
    description: "No such document in your company",
    content: { "application/json": { schema: ref("Error") } },
  },
};
export const idParam = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
};
