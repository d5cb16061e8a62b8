import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent } from "~/modules/api/describe";
import { payrollSettings, setActivityCode } from "~/modules/salaries/employees.server";
import { payrollSettingsSchema } from "~/modules/salaries/schema";
import { methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompany } from "~/web/auth/guards.server";
import { payrollSettingsJsonSchema } from "~/web/salaries/json.server";

/**
 * GET /api/settings/payroll → {activityCode, tzpbRate}: the company's payroll settings (КИД-2008
 * of its main activity, written in обр. 1; the ТЗПБ rate, read only). PUT {activityCode} (4 digits,
 * «62.01» taken as «6201»; null or "" clears it) → the same; 400 with Bulgarian field errors.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "settings");
  return json(await payrollSettings(context.db, companyId));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const companyId = await requireApiCompany(request, context, "settings");
  const { data } = await parseJsonBody(request, payrollSettingsSchema);
  await setActivityCode(context.db, companyId, data.activityCode);
  return json(await payrollSettings(context.db, companyId));
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's payroll settings: КИД-2008 of its main activity, the ТЗПБ rate",
    responses: {
      "200": answer("The settings", payrollSettingsJsonSchema),
    },
  },
  put: {
    summary: "Set the company's КИД-2008 code (обр. 1)",
    request: { body: jsonContent(payrollSettingsSchema) },
    responses: {
      "200": answer("The settings", payrollSettingsJsonSchema),
      "400": errors["400"],
    },
  },
}));
