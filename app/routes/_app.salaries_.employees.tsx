import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FilterSelect } from "~/components/forms/filter-select";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import { CONTRACT_TYPES, EMPLOYEE_STATES, type EmployeeState } from "~/modules/salaries/constants";
import { listEmployees } from "~/modules/salaries/employees.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { isOwnKey } from "~/utils/own-keys";
import { searchTerm } from "~/utils/safe-text";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "salaries.view");
  const url = new URL(request.url);
  const q = searchTerm(url.searchParams.get("q"));
  const stateParam = url.searchParams.get("state") ?? "active";
  const state = (isOwnKey(EMPLOYEE_STATES, stateParam) ? stateParam : "active") as EmployeeState;
  const { employees, nextCursor } = await listEmployees(context.db, user.companyId, {
    q,
    state,
    after: url.searchParams.get("after"),
    today: todayInSofia(),
  });
  return json({ employees, nextCursor, q, state });
}

export default function Employees() {
  const { employees, nextCursor, q, state } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <p>
        <Link to="/salaries">« Заплати</Link>
      </p>
      <div className={listStyles.header}>
        <h1>Служители</h1>
        <ButtonLink to="/salaries/employees/new">Нов служител</ButtonLink>
      </div>
      <Form
        method="get"
        className={listStyles.toolbar}
        role="search"
        aria-label="Търсене на служители"
      >
        <div>
          <label htmlFor="emp-q" className={fieldStyles.label}>
            Търсене
          </label>
          <input
            id="emp-q"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Име, длъжност или ЕГН"
            className={fieldStyles.input}
            maxLength={100}
          />
        </div>
        <FilterSelect
          idPrefix="emp"
          name="state"
          label="Служители"
          value={state === "active" ? "" : state}
          options={{ former: EMPLOYEE_STATES.former, all: EMPLOYEE_STATES.all }}
          allLabel={EMPLOYEE_STATES.active}
        />
        <div>
          <Button type="submit">Търси</Button>
        </div>
      </Form>
      {employees.length === 0 ? (
        <p role="status">
          {q || state !== "active"
            ? "Няма служители, които отговарят на търсенето."
            : "Все още нямате служители. Добавете първия, за да изчислите заплатите."}
        </p>
      ) : (
        <ScrollTable label="Служители">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Служители по име</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Име
                </th>
                <th scope="col" className={listStyles.cell}>
                  Длъжност
                </th>
                <th scope="col" className={listStyles.cell}>
                  Договор
                </th>
                <th scope="col" className={listStyles.cell}>
                  Постъпил
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  Брутно (EUR)
                </th>
              </tr>
            </thead>
            <tbody>
              {employees.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className={listStyles.cell}>
                    <Link to={`/salaries/employees/${e.id}`}>{e.name}</Link>
                  </th>
                  <td className={listStyles.cell}>{e.position}</td>
                  <td className={listStyles.cell}>{CONTRACT_TYPES[e.contractType]}</td>
                  <td className={listStyles.cell}>
                    {printDate(e.startDate)}
                    {e.endDate ? ` – ${printDate(e.endDate)}` : ""}
                  </td>
                  <td className={`${listStyles.cell} ${styles.num}`}>
                    {formatCents(e.grossCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/salaries/employees" nextCursor={nextCursor} />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Служители | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
