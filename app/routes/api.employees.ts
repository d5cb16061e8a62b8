import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { createEmployee, getEmployee, listEmployees } from "~/modules/salaries/employees.server";
import { EMPLOYEE_STATES, type EmployeeState, employeeSchema } from "~/modules/salaries/schema";
import { todayInSofia } from "~/utils/dates";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { isOwnKey } from "~/utils/own-keys";
import { searchTerm } from "~/utils/schema";
import {
  employeeInputJsonSchema,
  employeeJson,
  employeeJsonSchema,
} from "~/web/salaries/json.server";
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

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The company's employees",
    request: {
      query: z.object({
        q: z.string().optional(),
        state: z.enum(["active", "former", "all"]).optional(),
        after: z.string().optional(),
      }),
    },
    responses: {
      "200": answer(
        "One page",
        z.object({
          employees: z.array(employeeJsonSchema).optional(),
          nextCursor: z.string().nullable().optional(),
        }),
      ),
      "403": refusal('The plan does not include salaries: {message, requiredPlan: "full"}'),
    },
  },
  post: {
    summary: "Add an employee",
    request: { body: jsonContent(employeeInputJsonSchema) },
    responses: {
      "201": answer("The employee", employeeJsonSchema),
      "400": errors["400"],
      "409": refusal("The ЕГН/ЛНЧ is taken"),
    },
  },
}));
