import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteEmployee, getEmployee, updateEmployee } from "~/modules/salaries/employees.server";
import { employeeSchema, SALARY_MESSAGES } from "~/modules/salaries/schema";
import { apiErrorResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { employeeJson } from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

async function requireApiEmployee(
  request: Request,
  context: LoaderFunctionArgs["context"],
  id?: string,
) {
  const companyId = await requireApiFeatureCompany(
    request,
    context,
    "salaries",
    request.method === "GET" || request.method === "HEAD" ? "salaries.view" : "salaries.edit",
  );
  const employee = await getEmployee(context.db, companyId, id);
  if (!employee) throw jsonError(SALARY_MESSAGES.employeeNotFound, 404);
  return { companyId, employee };
}

/** GET /api/employees/{id} → the employee. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { employee } = await requireApiEmployee(request, context, params.id);
  return json(employeeJson(employee));
}

/** PUT replaces the employee; DELETE removes one without salaries → 204 (409 with salaries). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return methodNotAllowed("GET, PUT, DELETE");
  }
  const { companyId, employee } = await requireApiEmployee(request, context, params.id);
  try {
    if (request.method === "DELETE") {
      await deleteEmployee(context.db, companyId, employee.id);
      return new Response(null, { status: 204 });
    }
    const { data } = await parseJsonBody(request, employeeSchema);
    await updateEmployee(context.db, companyId, employee.id, data);
    const saved = await getEmployee(context.db, companyId, employee.id);
    return json(saved && employeeJson(saved));
  } catch (error) {
    return apiErrorResponse(error);
  }
}
