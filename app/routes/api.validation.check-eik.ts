import { type ActionFunctionArgs, json } from "@remix-run/node";
import { isEikTaken, TAKEN } from "~/modules/accounts/service.server";
import { undocumented } from "~/modules/api/describe";
import { bgIdError } from "~/modules/reference/bg-identifiers";
import { methodNotAllowed, readJson } from "~/utils/http.server";
import { limitAvailabilityChecks } from "~/web/accounts/availability.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/validation/check-eik {eik} → {success, error?}; a malformed number is a 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  await limitAvailabilityChecks(context);
  const body = await readJson(request);
  const eik = typeof body?.eik === "string" ? body.eik.trim() : "";
  const error = bgIdError(eik);
  if (error) return json({ success: false, error }, { status: 400 });
  const taken = await isEikTaken(context.db, eik);
  return json(taken ? { success: false, error: TAKEN.eik } : { success: true });
}

export const openapi = undocumented("The sign-up form's live check, not the integration API");
