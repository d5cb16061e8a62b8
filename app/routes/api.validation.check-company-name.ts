import { type ActionFunctionArgs, json } from "@remix-run/node";
import { isCompanyNameTaken, TAKEN } from "~/modules/accounts/service.server";
import { undocumented } from "~/modules/api/describe";
import { methodNotAllowed, readJson } from "~/utils/http.server";
import { boundedText } from "~/utils/schema";
import { limitAvailabilityChecks } from "~/web/accounts/availability.server";

const companyName = boundedText(200, "Моля, въведете име на фирмата");

export const loader = () => methodNotAllowed("POST");

/** POST /api/validation/check-company-name {companyName} → {success, error?}. */
export async function action({ request, context }: ActionFunctionArgs) {
  await limitAvailabilityChecks(context);
  const body = await readJson(request);
  const name = companyName.safeParse(body?.companyName);
  if (!name.success) {
    return json({ success: false, error: name.error.issues[0]!.message }, { status: 400 });
  }
  const taken = await isCompanyNameTaken(context.db, name.data);
  return json(taken ? { success: false, error: TAKEN.companyName } : { success: true });
}

export const openapi = undocumented("The sign-up form's live check, not the integration API");
