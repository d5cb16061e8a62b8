import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ExpenseTotals } from "~/components/expenses/expense-totals";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FilterSelect } from "~/components/forms/filter-select";
import { DateFilter, ListSearch } from "~/components/forms/list-filters";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { listCategories } from "~/modules/expenses/categories.server";
import {
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_SORTS,
  PAYMENT_FILTERS,
  PROTOCOL_FILTERS,
} from "~/modules/expenses/constants";
import {
  expenseFiltersFromSearch,
  listExpenses,
  summarizeExpenses,
} from "~/modules/expenses/queries.server";
import { getSupplier } from "~/modules/expenses/suppliers.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { periodOptions } from "~/utils/periods";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.view");
  const url = new URL(request.url);
  const filters = expenseFiltersFromSearch(url.searchParams);
  const today = todayInSofia();
  const [{ expenses, nextCursor }, summary, categories, supplier] = await Promise.all([
    listExpenses(context.db, user.companyId, filters, today, {
      after: url.searchParams.get("after"),
    }),
    summarizeExpenses(context.db, user.companyId, filters, today),
    listCategories(context.db, user.companyId, { archived: true }),
    filters.supplierId ? getSupplier(context.db, user.companyId, filters.supplierId) : undefined,
  ]);
  return json({
    expenses,
    nextCursor,
    summary,
    filters,
    today,
    categories: categories.map((c) => [c.id, c.name] as [string, string]),
    supplier: supplier ? { id: supplier.id, name: supplier.name } : null,
  });
}

export default function Expenses() {
  const { expenses, nextCursor, summary, filters, today, categories, supplier } =
    useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const first = new URLSearchParams(params);
  first.delete("after");
  const filtered = [...first.keys()].some((key) => key !== "sort" && first.get(key));
  const withoutSupplier = new URLSearchParams(first);
  withoutSupplier.delete("supplierId");

  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Разходи</h1>
        <div className={styles.actions} style={{ marginTop: 0 }}>
          <ButtonLink to="/expenses/add">Нов разход</ButtonLink>
          <ButtonLink to="/expenses/categories" tone="secondary">
            Категории
          </ButtonLink>
        </div>
      </div>
      <Form
        method="get"
        className={listStyles.toolbar}
        role="search"
        aria-label="Търсене на разходи"
      >
        {supplier ? <input type="hidden" name="supplierId" value={supplier.id} /> : null}
        <ListSearch
          id="exp-q"
          label="Доставчик, номер или описание"
          value={filters.q ?? ""}
          maxLength={100}
        />
        <div className={fieldStyles.field}>
          <label htmlFor="exp-period" className={fieldStyles.label}>
            Период
          </label>
          <select
            id="exp-period"
            name="period"
            defaultValue={filters.period ?? ""}
            className={fieldStyles.input}
          >
            <option value="">Всички или по дати</option>
            {periodOptions(today).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <DateFilter
          idPrefix="exp"
          name="from"
          label="От дата"
          value={filters.period ? "" : (filters.from ?? "")}
        />
        <DateFilter
          idPrefix="exp"
          name="to"
          label="До дата"
          value={filters.period ? "" : (filters.to ?? "")}
        />
        <FilterSelect
          idPrefix="exp"
          name="categoryId"
          label="Категория"
          value={filters.categoryId}
          options={categories}
        />
        <FilterSelect
          idPrefix="exp"
          name="type"
          label="Вид документ"
          value={filters.type}
          options={EXPENSE_DOCUMENT_TYPES}
        />
        <FilterSelect
          idPrefix="exp"
          name="payment"
          label="Плащане"
          value={filters.payment}
          options={PAYMENT_FILTERS}
        />
        <FilterSelect
          idPrefix="exp"
          name="protocol"
          label="Протокол по чл. 117"
          value={filters.protocol}
          options={PROTOCOL_FILTERS}
        />
        <div className={fieldStyles.field}>
          <label htmlFor="exp-sort" className={fieldStyles.label}>
            Подреждане
          </label>
          <select
            id="exp-sort"
            name="sort"
            defaultValue={filters.sort}
            className={fieldStyles.input}
          >
            {Object.entries(EXPENSE_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <Button type="submit">Филтрирай</Button>
        </div>
      </Form>
      {supplier ? (
        <p>
          Само разходи от <strong>{supplier.name}</strong> ·{" "}
          <Link to={`/expenses${withoutSupplier.size ? `?${withoutSupplier}` : ""}`}>
            Всички доставчици
          </Link>
        </p>
      ) : null}

      <ExpenseTotals summary={summary} exportQuery={first.toString()} />

      {expenses.length === 0 ? (
        <p role="status">
          {filtered
            ? "Няма разходи, които отговарят на филтъра."
            : "Все още нямате разходи. Запишете първия документ за покупка."}
        </p>
      ) : (
        <ScrollTable label="Разходи">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Разходи ({EXPENSE_SORTS[filters.sort]})</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Документ
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Дата
                </th>
                <th scope="col" className={listStyles.cell}>
                  Доставчик
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Описание
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Категория
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  Сума
                </th>
                <th scope="col" className={`${listStyles.cell} ${frame.wideOnly}`}>
                  Плащане
                </th>
              </tr>
            </thead>
            <tbody>
              {expenses.map((expense) => {
                const filterBySupplier = new URLSearchParams(first);
                if (expense.supplierId) filterBySupplier.set("supplierId", expense.supplierId);
                return (
                  <tr key={expense.id}>
                    <th scope="row" className={listStyles.cell}>
                      <Link to={`/expenses/${expense.id}`}>
                        {EXPENSE_DOCUMENT_TYPES[expense.documentType]} № {expense.documentNumber}
                      </Link>
                      <span className={frame.phoneOnly}>{printDate(expense.documentDate)}</span>
                    </th>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                      {printDate(expense.documentDate)}
                    </td>
                    <td className={listStyles.cell}>
                      {expense.supplierId && !supplier ? (
                        <Link
                          to={`/expenses?${filterBySupplier}`}
                          title={`Само разходи от ${expense.supplierName}`}
                        >
                          {expense.supplierName}
                        </Link>
                      ) : (
                        expense.supplierName
                      )}
                    </td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                      {expense.description}
                    </td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                      {expense.categoryName ?? "—"}
                    </td>
                    <td className={`${listStyles.cell} ${styles.num}`}>
                      {formatMoney(
                        expense.documentType === "credit_note"
                          ? -expense.totalCents
                          : expense.totalCents,
                        expense.currency,
                      )}
                      <span className={frame.phoneOnly}>
                        <PaymentState expense={expense} today={today} />
                      </span>
                    </td>
                    <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                      <PaymentState expense={expense} today={today} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/expenses" nextCursor={nextCursor} />
    </div>
  );
}

function PaymentState({
  expense,
  today,
}: {
  expense: { paidOn: string | null; dueDate: string | null };
  today: string;
}) {
  if (expense.paidOn) return <>Платен {printDate(expense.paidOn)}</>;
  if (expense.dueDate && expense.dueDate < today) {
    return <strong>Просрочен от {printDate(expense.dueDate)}</strong>;
  }
  return <>Неплатен{expense.dueDate ? `, падеж ${printDate(expense.dueDate)}` : ""}</>;
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Разходи | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
