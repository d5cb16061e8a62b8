import { withZod } from "@remix-validated-form/with-zod";
import { clientSchema } from "./schema";

/** The client form's validator, loaded on its first validation (components/forms/lazy-validator). */
export const client = withZod(clientSchema);
