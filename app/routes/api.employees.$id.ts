import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import { deleteEmployee, getEmployee, updateEmployee } from "~/modules/salaries/employees.server";
import { employeeSchema, SALARY_MESSAGES } from "~/modules/salaries/schema";
import { apiErrorResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import {
  employeeInputJsonSchema,
  employeeJson,
  employeeJsonSchema,
} from "~/web/salaries/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One employee",
    request: { params: idParams() },
    responses: {
      "200": answer("The employee", employeeJsonSchema),
      "404": refusal("No such employee in your company"),
    },
  },
  put: {
    summary: "Replace an employee",
    request: { params: idParams(), body: jsonContent(employeeInputJsonSchema) },
    responses: {
      "200": answer("The employee", employeeJsonSchema),
      "400": errors["400"],
      "404": refusal("No such employee in your company"),
    },
  },
  delete: {
    summary: "Delete an employee without salaries (409 with salaries: set an end date)",
    request: { params: idParams() },
    responses: {
      "204": { description: "Deleted" },
      "404": refusal("No such employee in your company"),
      "409": { description: "Has salaries" },
    },
  },
}));
