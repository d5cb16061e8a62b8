import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { offerState } from "~/components/offers/offer-view";
import { Button, ButtonLink } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { OFFER_FILTERS, type OfferFilter } from "~/modules/offers/constants";
import { listOffers } from "~/modules/offers/queries.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { isOwnKey } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";

/** /offers (issue #48 item 1, decision 077): the company's offers, newest first, by state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const params = new URL(request.url).searchParams;
  const raw = params.get("status") ?? "";
  const status: OfferFilter | undefined = isOwnKey(OFFER_FILTERS, raw) ? raw : undefined;
  const page = Math.min(10_000, Math.max(1, Number(params.get("page")) || 1));
  const result = await listOffers(context.db, user.companyId, documentsOf(user), { status, page });
  return json({ ...result, status: status ?? "" });
}

export default function Offers() {
  const { rows, count, status } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Оферти</h1>
      <p>
        <ButtonLink to="/offer/new">Нова оферта</ButtonLink>
      </p>
      <Form method="get">
        <label htmlFor="offer-status">Състояние</label>{" "}
        <select id="offer-status" name="status" defaultValue={status}>
          <option value="">Всички</option>
          {Object.entries(OFFER_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>{" "}
        <Button type="submit" tone="secondary">
          Покажи
        </Button>
      </Form>
      <p>Оферти: {count}</p>
      {rows.length === 0 ? (
        <p>Няма оферти.</p>
      ) : (
        <table className={list.table}>
          <caption className="visually-hidden">Оферти</caption>
          <thead>
            <tr>
              <th scope="col" className={list.cell}>
                Номер
              </th>
              <th scope="col" className={list.cell}>
                Клиент
              </th>
              <th scope="col" className={list.cell}>
                Дата
              </th>
              <th scope="col" className={list.cell}>
                Валидна до
              </th>
              <th scope="col" className={list.cell}>
                Сума
              </th>
              <th scope="col" className={list.cell}>
                Състояние
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={list.cell}>
                  <Link to={`/offer/${row.id}`}>№ {row.number}</Link>
                </th>
                <td className={list.cell}>{row.clientName}</td>
                <td className={list.cell}>{formatDate(row.issueDate)}</td>
                <td className={list.cell}>{formatDate(row.validUntil)}</td>
                <td className={list.cell}>{formatMoney(Number(row.totalCents), row.currency)}</td>
                <td className={list.cell}>{offerState(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Оферти | Сметка" }];
