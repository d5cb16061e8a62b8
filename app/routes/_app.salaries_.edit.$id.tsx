import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { figuresOf, SalaryForm } from "~/components/salaries/salary-form";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import { SALARY_FORM_ID } from "~/modules/salaries/constants";
import { deleteSalary, requireSalary } from "~/modules/salaries/salaries.server";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseWithAppError } from "~/utils/forms.server";
import { monthLabel } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
import { salaryFormData, salaryFormValues, submitSalaryForm } from "~/web/salaries/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const salary = await requireSalary(context.db, user.companyId, params.id);
  const data = await salaryFormData(context.db, user.companyId, salary.month);
  // A former employee keeps being offered on their own salary.
  const employees = data.employees.some((e) => e.id === salary.employeeId)
    ? data.employees
    : [
        ...data.employees,
        {
          id: salary.employeeId,
          name: salary.employeeName,
          position: "",
          contractType: salary.contractType,
          grossCents: salary.agreedGrossCents,
          bornBefore1960: salary.bornBefore1960,
          hoursPerDay: 8,
          insuredSixMonths: true,
          seniorityYears: salary.seniorityYears,
          seniorityPercent: Number(salary.seniorityPercent),
          employedDays: salary.employedDays,
        },
      ];
  return json({
    ...data,
    employees,
    id: salary.id,
    title: `${salary.employeeName} — ${monthLabel(salary.month)}`,
    month: salary.month,
    values: salaryFormValues(salary),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const salary = await requireSalary(context.db, user.companyId, params.id);
  if (new URL(request.url).searchParams.has("delete")) {
    try {
      await deleteSalary(context.db, user.companyId, salary.id);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return refuseWithAppError("delete", error, {});
      }
      throw error;
    }
    return redirectWithToast(`/salaries?month=${salary.month}`, "Заплатата е изтрита");
  }
  const outcome = await submitSalaryForm(context.db, request, user.companyId, salary.id);
  if (!outcome.saved) {
    return json({ ...outcome.answer, figures: outcome.figures }, { status: outcome.status });
  }
  return redirectWithToast(`/salaries?month=${outcome.month}`, "Промените са записани");
}

export default function EditSalary() {
  const { employees, parameters, tzpbRate, sickRules, values, title, month, id } =
    useLoaderData<typeof loader>();
  const answer = useFormAnswer(SALARY_FORM_ID);
  const removal = useFormAnswer("delete");
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to={`/salaries?month=${month}`}>« Заплати</Link>
      </p>
      <h1>{title}</h1>
      <p>
        <a href={`/salaries/payroll.pdf?id=${id}`}>Фиш за заплата (PDF)</a>
      </p>
      <SalaryForm
        values={values}
        answer={answer}
        employees={employees}
        parameters={parameters}
        tzpbRate={tzpbRate}
        sickRules={sickRules}
        serverFigures={figuresOf(result)}
        submitLabel="Запиши промените"
      />
      <section className={page.card} aria-labelledby="delete-heading" style={{ marginTop: "1rem" }}>
        <h2 id="delete-heading" className={page.cardTitle}>
          Изтриване
        </h2>
        <Form method="post" action={`/salaries/edit/${id}?delete`}>
          <CompanyField />
          <FormError message={removal?.formError} />
          <Button type="submit" tone="secondary" disabled={busy}>
            Изтрий заплатата
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Заплата"} | Сметка` },
];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
