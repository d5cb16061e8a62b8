import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { MONTH } from "./periods";

/*
 * zod with `.openapi()` (a component's name, an example): for the answers' schemas beside their
 * serializers, which the OpenAPI document names (decision 056). Server-side only: the shared
 * `schema.ts` files import plain zod, so the browser's bundles never carry the extension.
 */
extendZodWithOpenApi(z);

export { z };

/** A decimal string as the API gives amounts ("1200.00"). */
export const decimal = () => z.string().regex(/^-?\d+(\.\d+)?$/);
/** A month as the API gives it: YYYY-MM, one the books can hold (`MONTH`). */
export const month = () => z.string().regex(MONTH);
