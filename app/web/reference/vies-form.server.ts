import { type AppLoadContext, json } from "@remix-run/node";
import type { ViesAnswer, ViesStatus } from "~/modules/reference/vies";
import { lookupVat } from "~/modules/reference/vies.server";
import { AppError } from "~/utils/errors";

/**
 * A form's «Провери» sent without JavaScript (intent=vies): the form drawn again with everything
 * typed, VIES's name and address filled in by `fill`, and the status line under the button (200);
 * a number that cannot be one is the field's message (400); VIES not answering is the status line
 * with 503 (429 too many), the form still usable.
 */
export async function viesFormAnswer(
  context: AppLoadContext,
  key: string,
  form: { formId: string; values: Record<string, string>; vatField: string },
  fill: (answer: ViesAnswer) => { values: Record<string, string>; status: ViesStatus },
) {
  const { intent: _intent, ...values } = form.values;
  try {
    const answer = await lookupVat(context, key, values[form.vatField] ?? "");
    const filled = fill(answer);
    return json({
      formId: form.formId,
      fieldErrors: {},
      repopulateFields: { ...values, ...filled.values },
      vies: filled.status,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fieldMessage = error.fields?.vatNumber;
    return json(
      {
        formId: form.formId,
        fieldErrors: fieldMessage ? { [form.vatField]: fieldMessage } : {},
        repopulateFields: values,
        focus: fieldMessage ? form.vatField : undefined,
        // A wrong number is said at the field; anything else under the button.
        vies: fieldMessage ? undefined : { tone: "error" as const, text: error.message },
      },
      { status: error.status },
    );
  }
}
