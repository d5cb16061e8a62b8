import { type ActionFunctionArgs, json } from "@remix-run/node";
import { isCompanyNameTaken, TAKEN } from "~/modules/accounts/service.server";
import { methodNotAllowed, readJson } from "~/utils/http.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/validation/check-company-name {companyName} → {success, error?}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readJson(request);
  const name = typeof body?.companyName === "string" ? body.companyName.trim() : "";
  if (!name)
    return json({ success: false, error: "Моля, въведете име на фирмата" }, { status: 400 });
  const taken = await isCompanyNameTaken(context.db, name);
  return json(taken ? { success: false, error: TAKEN.companyName } : { success: true });
}
