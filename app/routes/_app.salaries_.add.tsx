import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { figuresOf, SalaryForm } from "~/components/salaries/salary-form";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { SALARY_FORM_ID } from "~/modules/salaries/constants";
import { getEmployee } from "~/modules/salaries/employees.server";
import { workingDaysOf } from "~/modules/salaries/parameters.server";
import { useFormAnswer } from "~/utils/forms";
import { centsToDecimal } from "~/utils/money";
import { MONTH } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
import { currentMonth, salaryFormData, submitSalaryForm } from "~/web/salaries/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth();
  const [data, employee, workingDays] = await Promise.all([
    salaryFormData(context.db, user.companyId, month),
    getEmployee(context.db, user.companyId, url.searchParams.get("employeeId") ?? undefined),
    workingDaysOf(context.db, month),
  ]);
  const values: Record<string, string> = { month, workingDays: String(workingDays) };
  if (employee) {
    values.employeeId = employee.id;
    values.gross = centsToDecimal(employee.grossCents).replace(".", ",");
  }
  return json({ ...data, values });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const outcome = await submitSalaryForm(context.db, request, user.companyId);
  if (!outcome.saved) {
    return json({ ...outcome.answer, figures: outcome.figures }, { status: outcome.status });
  }
  return redirectWithToast(`/salaries?month=${outcome.month}`, "Заплатата е записана");
}

export default function AddSalary() {
  const { employees, parameters, tzpbRate, sickRules, values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(SALARY_FORM_ID);
  const result = useActionData<typeof action>();
  return (
    <div className={page.page}>
      <p>
        <Link to={`/salaries?month=${values.month}`}>« Заплати</Link>
      </p>
      <h1>Нова заплата</h1>
      {employees.length === 0 ? (
        <p role="status">
          Няма служители за този месец. <Link to="/salaries/employees/new">Добавете служител</Link>.
        </p>
      ) : null}
      <SalaryForm
        values={values}
        answer={answer}
        employees={employees}
        parameters={parameters}
        tzpbRate={tzpbRate}
        sickRules={sickRules}
        serverFigures={figuresOf(result)}
        submitLabel="Запиши заплатата"
      />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Нова заплата | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
