import { json } from "@remix-run/node";
import type { ZodTypeAny, z } from "zod";
import { ADMIN_MESSAGES } from "~/modules/admin/schema";
import type { FormAnswer } from "~/utils/forms";
import { parseFormValues, refuseForm, typedValues } from "~/utils/forms.server";

/*
 * Reading the back office's plain forms (shared by its routes): a body that is not a form is a
 * 400 (never a 500), and a refused form keeps what was typed except the password.
 */

/** The posted form; a body that is not a form answers 400. */
export async function readAdminForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw json({ message: "Невалидна заявка: очаква се формуляр" }, { status: 400 });
  }
}

/** The text fields of a posted form (see readAdminForm). */
export async function readAdminValues(request: Request): Promise<Record<string, string>> {
  return typedValues(await readAdminForm(request));
}

/** Typed values to show again: never the password. */
export function withoutSecrets(values: Record<string, string>): Record<string, string> {
  const { password: _password, ...rest } = values;
  return rest;
}

/**
 * A form's values read by its zod schema (utils/forms.server parseFormValues): the data, or the
 * refusal (400, the message per field, focus on the first invalid control in `order`) showing
 * again what was typed except the password.
 */
export async function parseAdminForm<T extends ZodTypeAny>(
  formId: string,
  schema: T,
  values: Record<string, string>,
  order: readonly string[],
): Promise<{ data: z.infer<T>; refusal?: undefined } | { data?: undefined; refusal: Response }> {
  const result = parseFormValues(formId, schema, values, order, ADMIN_MESSAGES.failed);
  if (!result.refusal) return result;
  const answer = (await result.refusal.json()) as FormAnswer;
  return { refusal: refuseForm({ ...answer, repopulateFields: withoutSecrets(values) }) };
}
