import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import { deleteSalary, getSalary, updateSalary } from "~/modules/salaries/salaries.server";
import { SALARY_MESSAGES } from "~/modules/salaries/schema";
import { apiErrorResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import {
  salaryFromJson,
  salaryInputJsonSchema,
  salaryJson,
  salaryJsonSchema,
} from "~/web/salaries/json.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

async function requireApiSalary(
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
  const salary = await getSalary(context.db, companyId, id);
  if (!salary) throw jsonError(SALARY_MESSAGES.salaryNotFound, 404);
  return { companyId, salary };
}

/** GET /api/salaries/{id} → the salary with every figure. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { salary } = await requireApiSalary(request, context, params.id);
  return json(salaryJson(salary));
}

/** PUT recomputes a draft salary (an approved or paid one only changes status); DELETE a draft → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return methodNotAllowed("GET, PUT, DELETE");
  }
  const { companyId, salary } = await requireApiSalary(request, context, params.id);
  try {
    if (request.method === "DELETE") {
      await deleteSalary(context.db, companyId, salary.id);
      return new Response(null, { status: 204 });
    }
    const input = await salaryFromJson(context.db, companyId, request);
    await updateSalary(context.db, companyId, salary.id, input);
    const saved = await getSalary(context.db, companyId, salary.id);
    return json(saved && salaryJson(saved));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One salary",
    request: { params: idParams() },
    responses: {
      "200": answer("The salary", salaryJsonSchema),
      "404": refusal("No such salary in your company"),
    },
  },
  put: {
    summary: "Recompute a draft salary (approved and paid ones change only status and notes)",
    request: { params: idParams(), body: jsonContent(salaryInputJsonSchema) },
    responses: {
      "200": answer("The salary", salaryJsonSchema),
      "400": errors["400"],
      "404": refusal("No such salary in your company"),
      "409": refusal("Approved or paid"),
    },
  },
  delete: {
    summary: "Delete a draft salary",
    request: { params: idParams() },
    responses: {
      "204": { description: "Deleted" },
      "404": refusal("No such salary in your company"),
    },
  },
}));
