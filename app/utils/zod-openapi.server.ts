import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { isBookDate } from "./dates";
import { TEXT_MESSAGES } from "./safe-text";

/*
 * zod with `.openapi()` (a component's name, an example): for the answers' schemas beside their
 * serializers, which the OpenAPI document names (decision 056). Server-side only: the shared
 * `schema.ts` files import plain zod, so the browser's bundles never carry the extension.
 */
extendZodWithOpenApi(z);

export { z };

/** A decimal string as the API gives amounts ("1200.00"). */
export const decimal = () => z.string().regex(/^-?\d+(\.\d+)?$/);
/** A month as the API gives it: YYYY-MM. */
export const month = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** A date the books can hold (YYYY-MM-DD, 1900 to 2100), as a list's filter takes it. */
export const bookDate = () =>
  z
    .string()
    .refine(isBookDate, { message: TEXT_MESSAGES.date })
    .openapi({ type: "string", format: "date" });
