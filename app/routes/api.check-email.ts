import { type ActionFunctionArgs, json } from "@remix-run/node";
import { emailField, MESSAGES } from "~/modules/accounts/schema";
import { isEmailTaken, TAKEN } from "~/modules/accounts/service.server";
import { undocumented } from "~/modules/api/describe";
import { methodNotAllowed, readJson } from "~/utils/http.server";
import { limitAvailabilityChecks } from "~/web/accounts/availability.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/check-email {email} → {success, message}. */
export async function action({ request, context }: ActionFunctionArgs) {
  await limitAvailabilityChecks(context);
  const body = await readJson(request);
  const email = emailField.safeParse(body?.email);
  if (!email.success) return json({ success: false, message: MESSAGES.email }, { status: 400 });
  const taken = await isEmailTaken(context.db, email.data);
  return json(
    taken
      ? { success: false, message: TAKEN.email }
      : { success: true, message: "Имейлът е свободен" },
  );
}

export const openapi = undocumented(
  "The sign-up form's availability check, not the integration API",
);
