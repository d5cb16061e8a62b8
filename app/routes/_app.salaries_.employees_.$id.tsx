import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { EmployeeForm } from "~/components/salaries/employee-form";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import { EMPLOYEE_FIELD_ORDER, EMPLOYEE_FORM_ID } from "~/modules/salaries/constants";
import {
  deleteEmployee,
  requireEmployee,
  updateEmployee,
} from "~/modules/salaries/employees.server";
import { employeeSchema } from "~/modules/salaries/schema";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { centsToDecimal } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const employee = await requireEmployee(context.db, user.companyId, params.id);
  return json({
    id: employee.id,
    name: employee.name,
    values: {
      name: employee.name,
      idNumber: employee.idNumber,
      position: employee.position,
      contractType: employee.contractType,
      startDate: employee.startDate,
      endDate: employee.endDate ?? "",
      gross: centsToDecimal(employee.grossCents).replace(".", ","),
      hoursPerDay: String(employee.hoursPerDay),
      insuredSixMonths: employee.insuredSixMonths ? "yes" : "no",
      occupationCode: employee.occupationCode ?? "",
      seniorityYears: employee.seniorityYears ? String(employee.seniorityYears) : "",
      seniorityPercent:
        employee.seniorityPercent === null
          ? ""
          : String(Number(employee.seniorityPercent)).replace(".", ","),
      iban: employee.iban ?? "",
    },
  });
}

/** Save the changes, or delete an employee who has no salaries. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const employee = await requireEmployee(context.db, user.companyId, params.id);
  const values = typedValues(await request.formData());
  try {
    if (values.intent === "delete") {
      await deleteEmployee(context.db, user.companyId, employee.id);
      return redirectWithToast("/salaries/employees", "Служителят е изтрит");
    }
    const { data, refusal } = parseFormValues(
      EMPLOYEE_FORM_ID,
      employeeSchema,
      values,
      EMPLOYEE_FIELD_ORDER,
    );
    if (refusal) return refusal;
    await updateEmployee(context.db, user.companyId, employee.id, data);
    return redirectWithToast("/salaries/employees", "Промените са записани");
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(
        values.intent === "delete" ? "delete" : EMPLOYEE_FORM_ID,
        error,
        values,
      );
    }
    throw error;
  }
}

export default function EditEmployee() {
  const { id, name, values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(EMPLOYEE_FORM_ID);
  const removal = useFormAnswer("delete");
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/salaries/employees">« Служители</Link>
      </p>
      <h1>{name}</h1>
      <p>
        <ButtonLink to={`/salaries/add?employeeId=${id}`} tone="secondary">
          Заплата за служителя
        </ButtonLink>
      </p>
      <EmployeeForm values={values} answer={answer} submitLabel="Запиши промените" />
      <section className={page.card} aria-labelledby="delete-heading" style={{ marginTop: "1rem" }}>
        <h2 id="delete-heading" className={page.cardTitle}>
          Изтриване
        </h2>
        <p>Служител със заплати не се изтрива: въведете дата на напускане.</p>
        <Form method="post">
          <CompanyField />
          <FormError message={removal?.formError} />
          <Button type="submit" name="intent" value="delete" tone="secondary" disabled={busy}>
            Изтрий служителя
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.name ?? "Служител"} | Сметка` },
];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
