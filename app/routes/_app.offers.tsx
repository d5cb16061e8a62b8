import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import { FilterSelect } from "~/components/forms/filter-select";
import { DateFilter, ListSearch } from "~/components/forms/list-filters";
import * as page from "~/components/layout/page.css";
import { offerState } from "~/components/offers/offer-view";
import { Button, ButtonLink } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { getClient } from "~/modules/clients/queries.server";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { OFFER_FILTERS } from "~/modules/offers/constants";
import { listOffers, offerFiltersFromSearch } from "~/modules/offers/list.server";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /offers (issue #48 items 1 and 5, decision 077): the company's offers, newest first, filtered
 * as the documents' list is — state, client (from the client's page), the offer's date, number or
 * client name — in keyset pages. Staff limited to their own documents see only their offers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const url = new URL(request.url);
  const filters = offerFiltersFromSearch(url.searchParams);
  const [result, client] = await Promise.all([
    listOffers(context.db, user.companyId, documentsOf(user), filters, {
      after: url.searchParams.get("after"),
    }),
    filters.clientId ? getClient(context.db, user.companyId, filters.clientId) : undefined,
  ]);
  return json({
    rows: result.rows.map((row) => ({
      id: row.id,
      number: row.number,
      clientName: row.clientName,
      issueDate: row.issueDate,
      validUntil: row.validUntil,
      totalCents: Number(row.totalCents),
      currency: row.currency,
      status: row.status,
      expired: row.expired,
    })),
    count: result.count,
    nextCursor: result.nextCursor,
    filters,
    client: client ? { id: client.id, name: client.name } : null,
  });
}

export default function Offers() {
  const { rows, count, nextCursor, filters, client } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const first = new URLSearchParams(params);
  first.delete("after");
  const filtered = [...first.keys()].length > 0;
  return (
    <div className={page.page}>
      <div className={list.header}>
        <h1>Оферти</h1>
        <ButtonLink to={client ? `/offer/new?client=${client.id}` : "/offer/new"}>
          Нова оферта
        </ButtonLink>
      </div>
      <Form method="get" className={list.toolbar} role="search" aria-label="Търсене на оферти">
        {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
        <ListSearch id="offer-q" label="Номер или клиент" value={filters.q ?? ""} />
        <FilterSelect
          idPrefix="offer"
          name="status"
          label="Състояние"
          value={filters.status}
          options={OFFER_FILTERS}
        />
        <DateFilter idPrefix="offer" name="from" label="От дата" value={filters.from ?? ""} />
        <DateFilter idPrefix="offer" name="to" label="До дата" value={filters.to ?? ""} />
        <div className={fieldStyles.field}>
          <Button type="submit">Филтрирай</Button>
        </div>
      </Form>
      {client ? (
        <p>
          Само оферти на клиента <Link to={`/client/edit/${client.id}`}>{client.name}</Link> ·{" "}
          <Link to="/offers">Всички клиенти</Link>
        </p>
      ) : null}
      <p role="status">
        {rows.length === 0
          ? filtered
            ? "Няма оферти, които отговарят на филтъра."
            : "Няма оферти."
          : `Оферти: ${count}`}
      </p>
      {rows.length === 0 ? null : (
        <ScrollTable label="Оферти">
          <table className={list.table}>
            <caption className="visually-hidden">Оферти, най-новите първо</caption>
            <thead>
              <tr>
                <th scope="col" className={list.cell}>
                  Номер
                </th>
                <th scope="col" className={list.cell}>
                  Клиент
                </th>
                <th scope="col" className={`${list.cell} ${frame.wideOnly}`}>
                  Дата
                </th>
                <th scope="col" className={`${list.cell} ${frame.wideOnly}`}>
                  Валидна до
                </th>
                <th scope="col" className={list.cell}>
                  Сума
                </th>
                <th scope="col" className={`${list.cell} ${frame.wideOnly}`}>
                  Състояние
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const state = offerState(row);
                return (
                  <tr key={row.id}>
                    <th scope="row" className={list.cell}>
                      <Link to={`/offer/${row.id}`}>{`№ ${row.number}`}</Link>
                      <span
                        className={frame.phoneOnly}
                      >{`${printDate(row.issueDate)}, ${state}`}</span>
                    </th>
                    <td className={list.cell}>{row.clientName}</td>
                    <td className={`${list.cell} ${frame.wideOnly}`}>{printDate(row.issueDate)}</td>
                    <td className={`${list.cell} ${frame.wideOnly}`}>
                      {printDate(row.validUntil)}
                    </td>
                    <td className={list.cell}>{formatMoney(row.totalCents, row.currency)}</td>
                    <td className={`${list.cell} ${frame.wideOnly}`}>{state}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/offers" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Оферти | Сметка" }];
