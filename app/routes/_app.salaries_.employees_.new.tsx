import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { EmployeeForm } from "~/components/salaries/employee-form";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { EMPLOYEE_FIELD_ORDER, EMPLOYEE_FORM_ID } from "~/modules/salaries/constants";
import { createEmployee } from "~/modules/salaries/employees.server";
import { employeeSchema } from "~/modules/salaries/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireFeature(request, context, "salaries", "salaries.edit");
  return json({
    values: {
      startDate: todayInSofia(),
      hoursPerDay: "8",
      contractType: "labour",
      insuredSixMonths: "yes",
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const values = typedValues(await request.formData());
  const { data, refusal } = parseFormValues(
    EMPLOYEE_FORM_ID,
    employeeSchema,
    values,
    EMPLOYEE_FIELD_ORDER,
  );
  if (refusal) return refusal;
  try {
    await createEmployee(context.db, user.companyId, data);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(EMPLOYEE_FORM_ID, error, values);
    }
    throw error;
  }
  return redirectWithToast("/salaries/employees", {
    title: "Служителят е добавен",
    description: data.name,
  });
}

export default function NewEmployee() {
  const { values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(EMPLOYEE_FORM_ID);
  return (
    <div className={page.page}>
      <p>
        <Link to="/salaries/employees">« Служители</Link>
      </p>
      <h1>Нов служител</h1>
      <EmployeeForm values={values} answer={answer} submitLabel="Добави служителя" />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Нов служител | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
