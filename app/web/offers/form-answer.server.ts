import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import { actorOf } from "~/modules/auth/acts.server";
import type { CompanyUser } from "~/modules/auth/session.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { lineCount, OFFER_FORM } from "~/modules/offers/constants";
import { offerInputOf } from "~/modules/offers/form.server";
import { createOffer, updateOffer } from "~/modules/offers/queries.server";
import { type OfferInput, offerSchema } from "~/modules/offers/schema";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * The offer form's action, shared by «Нова оферта» and its edit page (decision 077): «+ Добави
 * ред» draws the form again with one more row; «Запази» reads the lines (catalogue picks filled
 * in), checks them by the offer schema and the company's rules, and goes to the offer's page.
 */
export async function submitOfferForm(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: CompanyUser,
  form: FormData,
  offerId?: string,
) {
  const values = typedValues(form);
  const rows = Math.max(lineCount(values), Number(values.rows) || 1);
  if (values.intent === "add_line") {
    return json({
      formId: OFFER_FORM,
      fieldErrors: {},
      repopulateFields: { ...values, [`lines.${rows}.quantity`]: "1" },
    });
  }
  if (values.intent !== "save") return refuseUnknownIntent(OFFER_FORM);
  const parsed = offerSchema.safeParse(await offerInputOf(context.db, user.companyId, values));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refuseForm({
      formId: OFFER_FORM,
      fieldErrors,
      formError: fieldErrors.lines ?? "Проверете отбелязаните полета",
      repopulateFields: values,
      focus: Object.keys(fieldErrors)[0],
    });
  }
  const input: OfferInput = parsed.data;
  const actor = actorOf(user, context);
  let id = offerId;
  try {
    if (id) await updateOffer(context.db, user.companyId, documentsOf(user), actor, id, input);
    else id = (await createOffer(context.db, user.companyId, actor, input)).id;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(OFFER_FORM, error, values, "Проверете отбелязаните полета");
    }
    throw error;
  }
  return redirectWithToast(
    `/offer/${id}`,
    offerId ? "Офертата е запазена" : "Офертата е създадена",
  );
}
