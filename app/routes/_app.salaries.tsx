import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { SalaryMonthTable } from "~/components/salaries/month-table";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { ActiveCompanyNote } from "~/components/team/active-company-note";
import { Button, ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { lockedMessage } from "~/modules/periods/constants";
import { lockOn } from "~/modules/periods/locks.server";
import { SALARY_MESSAGES, SALARY_STATUSES } from "~/modules/salaries/constants";
import { hasEmployees } from "~/modules/salaries/employees.server";
import { paymentDueDate } from "~/modules/salaries/payroll";
import {
  copyPreviousMonth,
  dismiss,
  monthSalaries,
  setSalaryStatus,
} from "~/modules/salaries/salaries.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { isOwnKey } from "~/utils/own-keys";
import { MONTH, monthLabel, nextMonth, previousMonth } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
import { currentMonth } from "~/web/salaries/form.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.view");
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth();
  const [current, previous, employees, lock] = await Promise.all([
    monthSalaries(context.db, user.companyId, month),
    monthSalaries(context.db, user.companyId, previousMonth(month)),
    hasEmployees(context.db, user.companyId),
    lockOn(context.db, user.companyId, month),
  ]);
  return json({
    companyName: user.companyName,
    // Without an employee there is no salary to make: the page asks for one first (#31 item 10).
    needsEmployee: !employees,
    month,
    current,
    previous,
    dueDate: paymentDueDate(month),
    // A locked month's salaries are neither added, changed nor deleted (decision 058).
    locked: lock ? lockedMessage(lock) : null,
  });
}

/** Copy last month's salaries here, dismiss the reminder, or change a salary's status. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.edit");
  const values = typedValues(await request.formData());
  const month = MONTH.test(values.month ?? "") ? (values.month as string) : currentMonth();
  const back = `/salaries?month=${month}`;
  try {
    switch (values.intent) {
      case "copy-previous": {
        const count = await copyPreviousMonth(context.db, user.companyId, month);
        await dismiss(context.db, user.companyId, month, "copy_prompt");
        return redirectWithToast(
          back,
          count
            ? `Копирани заплати: ${count}`
            : {
                type: "info",
                title: "Няма какво да се копира",
                description: "Всички служители от предходния месец вече имат заплата.",
              },
        );
      }
      case "dismiss-prompt":
        await dismiss(context.db, user.companyId, month, "copy_prompt");
        return redirectWithToast(
          safeRedirect(values.redirectTo, back),
          "Добре, няма да питаме отново за този месец",
        );
      case "dismiss-banner":
        await dismiss(context.db, user.companyId, month, "banner");
        return redirectWithToast(
          safeRedirect(values.redirectTo, back),
          "Напомнянето е скрито за този месец",
        );
      case "status": {
        const status = values.status;
        if (!isOwnKey(SALARY_STATUSES, status)) throw new AppError(SALARY_MESSAGES.status, 400);
        await setSalaryStatus(context.db, user.companyId, values.id ?? "", status);
        return redirectWithToast(back, `Състояние: ${SALARY_STATUSES[status]}`);
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError("salaries", error, values);
    }
    throw error;
  }
}

export default function Salaries() {
  const { companyName, needsEmployee, month, current, previous, dueDate, locked } =
    useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Заплати — {monthLabel(month)}</h1>
        <div className={styles.actions} style={{ marginTop: 0 }}>
          {needsEmployee || locked ? null : (
            <ButtonLink to={`/salaries/add?month=${month}`}>Нова заплата</ButtonLink>
          )}
          <ButtonLink to="/salaries/employees" tone="secondary">
            Служители
          </ButtonLink>
        </div>
      </div>
      {locked ? <p className={page.warning}>{locked}</p> : null}
      {needsEmployee ? (
        <section className={page.card} aria-labelledby="no-employees">
          <h2 id="no-employees" style={{ marginTop: 0 }}>
            Първо добавете служител
          </h2>
          <p>
            Заплатата се изчислява по договора на служителя: брутно възнаграждение, вид договор,
            начало на работа. Добавете служителите си и след това въведете заплатите им за месеца.
          </p>
          <ButtonLink to="/salaries/employees/new">Добави служител</ButtonLink>
        </section>
      ) : null}
      <Form method="get" className={listStyles.toolbar} aria-label="Избор на месец">
        <div>
          <label htmlFor="salary-month" className={fieldStyles.label}>
            Месец (ГГГГ-ММ)
          </label>
          <input
            id="salary-month"
            type="month"
            name="month"
            defaultValue={month}
            pattern="\d{4}-\d{2}"
            className={fieldStyles.input}
          />
        </div>
        <div>
          <Button type="submit">Покажи</Button>
        </div>
        <nav aria-label="Съседни месеци" style={{ alignSelf: "end" }}>
          <Link to={`/salaries?month=${previousMonth(month)}`}>
            « {monthLabel(previousMonth(month))}
          </Link>
          {" · "}
          <Link to={`/salaries?month=${nextMonth(month)}`}>{monthLabel(nextMonth(month))} »</Link>
        </nav>
      </Form>
      <p>
        Осигуровките и данъкът за {monthLabel(month)} се внасят до{" "}
        <strong>{printDate(dueDate)}</strong>.
      </p>
      {current.totals.count === 0 && previous.totals.count > 0 && !locked ? (
        <Form method="post" className={page.card}>
          <CompanyField />
          <input type="hidden" name="month" value={month} />
          <p style={{ marginTop: 0 }}>
            За {monthLabel(month)} още няма заплати. Копирайте заплатите от{" "}
            {monthLabel(previousMonth(month))} ({previous.totals.count}) — преизчислени с
            параметрите и работните дни на този месец.
          </p>
          <Button type="submit" name="intent" value="copy-previous" disabled={busy}>
            Копирай от {monthLabel(previousMonth(month))}
          </Button>
        </Form>
      ) : null}
      {current.totals.count > 0 ? <ActiveCompanyNote name={companyName} /> : null}
      {current.totals.count > 0 ? (
        <p className={listStyles.toolbar}>
          <a href={`/salaries/payroll.pdf?month=${month}`}>Ведомост (PDF)</a>
          <a href={`/salaries/payroll.pdf?month=${month}&payslips=1`}>Фишове (PDF)</a>
          <a href={`/salaries/export.csv?month=${month}`} download>
            Експорт в CSV (Excel)
          </a>
          <Link to={`/salaries/declarations?month=${month}`}>Декларации обр. 1 и 6 за НАП</Link>
        </p>
      ) : null}
      <SalaryMonthTable
        title={monthLabel(month)}
        month={month}
        data={current}
        editable={!locked}
        busy={busy}
      />
      <SalaryMonthTable
        title={`Предходен месец: ${monthLabel(previousMonth(month))}`}
        month={previousMonth(month)}
        data={previous}
        editable={false}
        busy={busy}
      />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Заплати | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
