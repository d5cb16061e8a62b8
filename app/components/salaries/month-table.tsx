import { Form, Link } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import * as styles from "~/components/invoices/invoices.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { SALARY_STATUSES } from "~/modules/salaries/constants";
import type { SalaryTotals } from "~/modules/salaries/salaries.server";
import { formatCents } from "~/utils/money";

/** The figures of a salary the month's table shows. */
export interface MonthSalary {
  id: string;
  employeeName: string;
  status: keyof typeof SALARY_STATUSES;
  grossCents: number;
  employeeContributionsCents: number;
  taxCents: number;
  netCents: number;
  employerContributionsCents: number;
  totalCostCents: number;
}

// The figures' columns; a phone shows gross, net and the cost (the salary's page has them all).
const FIGURES = [
  ["Брутно", "grossCents", true],
  ["Осигуровки (служител)", "employeeContributionsCents", false],
  ["Данък", "taxCents", false],
  ["Нето", "netCents", true],
  ["Осигуровки (работодател)", "employerContributionsCents", false],
  ["Общ разход", "totalCostCents", true],
] as const;

const figureCell = (phone: boolean) =>
  `${listStyles.cell} ${styles.num}${phone ? "" : ` ${frame.wideOnly}`}`;

/** A month's salaries with their totals; the current month's rows link to the salary and change status. */
export function SalaryMonthTable(props: {
  title: string;
  month: string;
  data: { salaries: MonthSalary[]; totals: SalaryTotals };
  editable: boolean;
  busy: boolean;
}) {
  const { salaries, totals } = props.data;
  const money = (cents: number) => formatCents(cents);
  const headingId = `salaries-${props.month}`;
  return (
    <section aria-labelledby={headingId} style={{ marginTop: "1.5rem" }}>
      <h2 id={headingId}>{props.title}</h2>
      {salaries.length === 0 ? (
        <p role="status">Няма заплати за този месец.</p>
      ) : (
        <ScrollTable label={props.title}>
          <table className={listStyles.table}>
            <caption className="visually-hidden">Заплати, {props.title} (EUR)</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Служител
                </th>
                {FIGURES.map(([label, , phone]) => (
                  <th key={label} scope="col" className={figureCell(phone)}>
                    {label}
                  </th>
                ))}
                <th scope="col" className={listStyles.cell}>
                  Състояние
                </th>
              </tr>
            </thead>
            <tbody>
              {salaries.map((s) => (
                <tr key={s.id}>
                  <th scope="row" className={listStyles.cell}>
                    {props.editable ? (
                      <Link to={`/salaries/edit/${s.id}`}>{s.employeeName}</Link>
                    ) : (
                      s.employeeName
                    )}
                  </th>
                  {FIGURES.map(([label, key, phone]) => (
                    <td key={label} className={figureCell(phone)}>
                      {money(s[key])}
                    </td>
                  ))}
                  <td className={listStyles.cell}>
                    {props.editable ? (
                      <StatusForm
                        id={s.id}
                        month={props.month}
                        status={s.status}
                        busy={props.busy}
                        name={s.employeeName}
                      />
                    ) : (
                      SALARY_STATUSES[s.status]
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <TotalsRow totals={totals} />
            </tfoot>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

function TotalsRow({ totals }: { totals: SalaryTotals }) {
  return (
    <tr>
      <th scope="row" className={listStyles.cell}>
        Общо ({totals.count})
      </th>
      {FIGURES.map(([label, key, phone]) => (
        <td key={label} className={figureCell(phone)}>
          <strong>{formatCents(totals[key])}</strong>
        </td>
      ))}
      <td className={listStyles.cell} />
    </tr>
  );
}

function StatusForm(props: {
  id: string;
  month: string;
  status: string;
  busy: boolean;
  name: string;
}) {
  const next =
    props.status === "draft" ? "approved" : props.status === "approved" ? "paid" : "draft";
  const label = { approved: "Одобри", paid: "Изплатена", draft: "Върни в чернова" }[next];
  return (
    <Form method="post" style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
      <CompanyField />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="month" value={props.month} />
      <input type="hidden" name="status" value={next} />
      <span>{SALARY_STATUSES[props.status as keyof typeof SALARY_STATUSES]}</span>
      <Button type="submit" name="intent" value="status" tone="secondary" disabled={props.busy}>
        {label}
        <span className="visually-hidden"> — {props.name}</span>
      </Button>
    </Form>
  );
}
