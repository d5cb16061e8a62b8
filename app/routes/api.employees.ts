import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { createEmployee, getEmployee, listEmployees } from "~/modules/salaries/employees.server";
import { EMPLOYEE_STATES, type EmployeeState, employeeSchema } from "~/modules/salaries/schema";
import { todayInSofia } from "~/utils/dates";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { isOwnKey } from "~/utils/own-keys";
import { searchTerm } from "~/utils/schema";
import { employeeJson } from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/employees?q=&state=active|former|all&after= → {employees, nextCursor}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.view");
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "active";
  const { employees, nextCursor } = await listEmployees(context.db, companyId, {
    q: searchTerm(url.searchParams.get("q")) || undefined,
    state: (isOwnKey(EMPLOYEE_STATES, state) ? state : "active") as EmployeeState,
    after: url.searchParams.get("after"),
    today: todayInSofia(),
  });
  return json({ employees: employees.map(employeeJson), nextCursor });
}

/** POST /api/employees → 201 with the employee; 400 with Bulgarian field errors; 409 for a taken ЕГН. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "salaries", "salaries.edit");
  const { data } = await parseJsonBody(request, employeeSchema);
  try {
    const id = await createEmployee(context.db, companyId, data);
    const saved = await getEmployee(context.db, companyId, id);
    return json(saved && employeeJson(saved), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
