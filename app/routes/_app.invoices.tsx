import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";

import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FilterSelect } from "~/components/forms/filter-select";
import { DateFilter, ListSearch } from "~/components/forms/list-filters";
import * as styles from "~/components/invoices/invoices.css";
import { PaymentBadge } from "~/components/invoices/status-badge";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import { LinkedRows } from "~/components/ui/linked-rows";
import * as listStyles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { getClient } from "~/modules/clients/queries.server";
import { DOCUMENT_TYPES, listedCents, STATUS_FILTERS } from "~/modules/invoices/constants";
import { documentsOf } from "~/modules/invoices/documents.server";
import {
  filtersFromSearch,
  listDocuments,
  summarizeDocuments,
} from "~/modules/invoices/list.server";
import { documentState } from "~/modules/invoices/payments.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requireCompanyUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const url = new URL(request.url);
  // Staff limited to their own documents see (and total) only those.
  const filters = {
    ...filtersFromSearch(url.searchParams),
    createdBy: documentsOf(user) ?? undefined,
  };
  const today = todayInSofia();
  const [{ documents, nextCursor }, summary, client] = await Promise.all([
    listDocuments(context.db, user.companyId, filters, today, {
      after: url.searchParams.get("after"),
    }),
    summarizeDocuments(context.db, user.companyId, filters, today),
    filters.clientId ? getClient(context.db, user.companyId, filters.clientId) : undefined,
  ]);
  // Only what the table shows goes to the page (and again into its hydration data).
  return json({
    documents: documents.map((doc) => ({
      id: doc.id,
      type: doc.type,
      status: doc.status,
      number: doc.number,
      clientName: doc.clientName,
      issueDate: doc.issueDate,
      dueDate: doc.dueDate,
      totalCents: doc.totalCents,
      currency: doc.currency,
      state: documentState(doc, today),
    })),
    nextCursor,
    summary,
    filters,
    client: client ? { id: client.id, name: client.name } : null,
  });
}

export default function Invoices() {
  const { documents, nextCursor, summary, filters, client } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const first = new URLSearchParams(params);
  first.delete("after");
  const exportParams = new URLSearchParams(first);
  const filtered = [...first.keys()].length > 0;

  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Документи</h1>
        <div className={styles.actions} style={{ marginTop: 0 }}>
          <ButtonLink to="/invoice/new">Нова фактура</ButtonLink>
          <ButtonLink to="/invoice/new?type=proforma" tone="secondary">
            Нова проформа
          </ButtonLink>
          <ButtonLink to="/invoices/recurring" tone="secondary">
            Периодични фактури
          </ButtonLink>
        </div>
      </div>
      <Form
        method="get"
        className={listStyles.toolbar}
        role="search"
        aria-label="Търсене на документи"
      >
        {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
        <ListSearch id="doc-q" label="Номер или клиент" value={filters.q ?? ""} />
        <FilterSelect
          idPrefix="doc"
          name="type"
          label="Вид"
          value={filters.type}
          options={DOCUMENT_TYPES}
        />
        <FilterSelect
          idPrefix="doc"
          name="status"
          label="Състояние"
          value={filters.status}
          options={STATUS_FILTERS}
        />
        <DateFilter idPrefix="doc" name="from" label="От дата" value={filters.from ?? ""} />
        <DateFilter idPrefix="doc" name="to" label="До дата" value={filters.to ?? ""} />
        <div className={fieldStyles.field}>
          <Button type="submit">Филтрирай</Button>
        </div>
      </Form>
      {client ? (
        <p>
          Само документи на клиента <Link to={`/client/edit/${client.id}`}>{client.name}</Link> ·{" "}
          <Link to={`/clients/${client.id}/statement`}>Извлечение по сметка</Link> ·{" "}
          <Link to="/invoices">Всички клиенти</Link>
        </p>
      ) : null}

      <section aria-labelledby="summary-heading" className={styles.summary}>
        <h2 id="summary-heading" className="visually-hidden">
          Обобщение на избраното
        </h2>
        <dl>
          <dt>Документи</dt>
          <dd>{summary.count}</dd>
        </dl>
        {summary.currencies.map((c) => (
          <div key={c.currency} style={{ display: "flex", gap: "1.5rem", flexWrap: "wrap" }}>
            <dl>
              <dt>Общо ({c.currency})</dt>
              <dd>{formatMoney(c.totalCents, c.currency)}</dd>
            </dl>
            <dl>
              <dt>Платено</dt>
              <dd>{formatMoney(c.paidCents, c.currency)}</dd>
            </dl>
            <dl>
              <dt>За получаване</dt>
              <dd>{formatMoney(c.outstandingCents, c.currency)}</dd>
            </dl>
          </div>
        ))}
        {summary.count > 0 ? (
          <p style={{ margin: 0, alignSelf: "center" }}>
            Проформите не са вземания: не влизат в сумите.
          </p>
        ) : null}
        <p style={{ margin: 0, alignSelf: "center" }}>
          <a href={`/invoices/export.csv${exportParams.size ? `?${exportParams}` : ""}`} download>
            Експорт в CSV (Excel)
          </a>
        </p>
      </section>

      {documents.length === 0 ? (
        <p role="status">
          {filtered
            ? "Няма документи, които отговарят на филтъра."
            : "Все още нямате документи. Създайте първата си фактура."}
        </p>
      ) : (
        <ScrollTable label="Документи">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Документи, най-новите първо</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Номер
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Вид
                </th>
                <th scope="col" className={listStyles.cell}>
                  Клиент
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Дата
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Падеж
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  Сума
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Състояние
                </th>
              </tr>
            </thead>
            <LinkedRows>
              {documents.map((doc) => {
                // One text node per cell (no «<!-- -->» between parts): 50 rows are most of
                // the page's markup (decision 021).
                const type = DOCUMENT_TYPES[doc.type];
                const issued = printDate(doc.issueDate);
                const badge = <PaymentBadge status={doc.status} state={doc.state} />;
                return (
                  <tr key={doc.id}>
                    <th scope="row" className={listStyles.cell}>
                      <a href={`/invoice/${doc.id}`}>
                        {doc.number ?? "Чернова"}
                        <span className="visually-hidden">{` — ${type}`}</span>
                      </a>
                      <span className={frame.phoneOnly}>{`${type}, ${issued}`}</span>
                    </th>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>{type}</td>
                    <td className={listStyles.cell}>{doc.clientName}</td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>{issued}</td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                      {doc.dueDate ? printDate(doc.dueDate) : "—"}
                    </td>
                    <td className={`${listStyles.cell} ${styles.num}`}>
                      {formatMoney(listedCents(doc.type, doc.totalCents), doc.currency)}
                      <span className={frame.phoneOnly}>{badge}</span>
                    </td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>{badge}</td>
                  </tr>
                );
              })}
            </LinkedRows>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/invoices" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Документи | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
