import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeature } from "~/modules/subscriptions/gate.server";

/**
 * GET /api/salaries/month/{yyyy-MM} — the salaries of a month and the one before (full plan
 * only, 403 below it). Salaries arrive with the payroll module; until then both lists are empty.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireApiFeature(request, context, "salaries");
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(params.month ?? "")) {
    return json(
      { success: false, message: "Месецът трябва да е във формат ГГГГ-ММ" },
      { status: 400 },
    );
  }
  return json({ success: true, data: { month: params.month, salaries: [], previousMonth: [] } });
}
