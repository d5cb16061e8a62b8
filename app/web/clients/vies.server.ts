import type { AppLoadContext } from "@remix-run/node";
import { clientFill } from "~/modules/reference/vies";
import { typedValues } from "~/utils/forms.server";
import { viesFormAnswer } from "~/web/reference/vies-form.server";

/** The client form's «Провери» without JavaScript: the form again, filled from VIES (per company limit). */
export function clientViesAnswer(context: AppLoadContext, companyId: string, form: FormData) {
  return viesFormAnswer(
    context,
    `company:${companyId}`,
    { formId: "client", values: typedValues(form), vatField: "vatNumber" },
    clientFill,
  );
}
