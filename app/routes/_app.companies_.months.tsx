import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { cellText, type OverviewCell } from "~/modules/month-end/constants";
import { companiesOverview } from "~/modules/month-end/overview.server";
import { todayInSofia } from "~/utils/dates";
import { requireUser } from "~/web/auth/guards.server";

/**
 * /companies/months (issue #46 item 3): the accountant's companies side by side — for each
 * company where the login keeps the books, the last six months: locked or not, the drafts and the
 * bank movements not yet booked. A month opens its month-end page (in another company, through
 * the header's switch: a native form, so without JavaScript too).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const overview = await companiesOverview(
    context.db,
    { id: user.id, companyId: user.companyId },
    todayInSofia().slice(0, 7),
  );
  return json(overview);
}

function MonthCell({
  company,
  cell,
  label,
}: {
  company: { id: string; name: string; active: boolean };
  cell: OverviewCell;
  label: string;
}) {
  const to = `/ledger/month?month=${cell.month}`;
  const text = cellText(cell);
  return (
    <td className={listStyles.cell}>
      {company.active ? (
        <Link to={to} aria-label={`${label}, ${company.name}: ${text}`}>
          {text}
        </Link>
      ) : (
        <Form method="post" action="/switch-company">
          <CompanyField />
          <input type="hidden" name="companyId" value={company.id} />
          <input type="hidden" name="redirectTo" value={to} />
          <Button type="submit" tone="quiet" aria-label={`${label}, ${company.name}: ${text}`}>
            {text}
          </Button>
        </Form>
      )}
    </td>
  );
}

export default function CompaniesMonths() {
  const { months, companies } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Фирмите по месеци</h1>
      <p>
        Фирмите, на които водите счетоводството (като собственик или счетоводител, с план със
        счетоводство): заключен ли е всеки месец, има ли чернови и неразнесени банкови движения.
        Месецът отваря страницата «Приключване на месеца» на фирмата.{" "}
        <Link to="/companies">Всички ваши фирми</Link>
      </p>
      {companies.length === 0 ? (
        <p role="status">
          Нямате фирми, на които да водите счетоводството. Собственикът ви кани като счетоводител от
          «Екип».
        </p>
      ) : (
        <ScrollTable label="Фирмите по месеци">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Състоянието на месеците по фирми</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Фирма
                </th>
                {months.map((m) => (
                  <th key={m.month} scope="col" className={listStyles.cell}>
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {companies.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className={listStyles.cell}>
                    {c.name}
                    <br />
                    <small>
                      ЕИК {c.eik} · {c.roleLabel}
                      {c.active ? " · текуща" : ""}
                    </small>
                  </th>
                  {c.cells.map((cell, i) => (
                    <MonthCell
                      key={cell.month}
                      company={c}
                      cell={cell}
                      label={months[i]?.label ?? cell.month}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Фирмите по месеци | Сметка" }];
