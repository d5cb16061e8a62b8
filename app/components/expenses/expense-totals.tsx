import * as styles from "~/components/invoices/invoices.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { RATE_LABELS } from "~/modules/expenses/constants";
import type { ExpenseCurrencyTotals, ExpenseRateTotals } from "~/modules/expenses/queries.server";
import { formatMoney } from "~/utils/money";

/**
 * The totals of everything the list's filters match (not only the page shown): per currency, and
 * per VAT rate with the base and the VAT apart — what the accountant asks for. Credit notes subtract.
 */
export function ExpenseTotals({
  summary,
  exportQuery,
}: {
  summary: { count: number; currencies: ExpenseCurrencyTotals[]; rates: ExpenseRateTotals[] };
  exportQuery: string;
}) {
  return (
    <section aria-labelledby="expense-totals" className={styles.summary}>
      <h2 id="expense-totals" className="visually-hidden">
        Обобщение на избраното
      </h2>
      <dl>
        <dt>Документи</dt>
        <dd>{summary.count}</dd>
      </dl>
      {summary.currencies.map((c) => (
        <div key={c.currency} style={{ display: "flex", gap: "1.5rem", flexWrap: "wrap" }}>
          <dl>
            <dt>Данъчна основа ({c.currency})</dt>
            <dd>{formatMoney(c.subtotalCents, c.currency)}</dd>
          </dl>
          <dl>
            <dt>ДДС</dt>
            <dd>{formatMoney(c.vatCents, c.currency)}</dd>
          </dl>
          <dl>
            <dt>Общо</dt>
            <dd>{formatMoney(c.totalCents, c.currency)}</dd>
          </dl>
          <dl>
            <dt>ДДС с право на кредит</dt>
            <dd>{formatMoney(c.creditableVatCents, c.currency)}</dd>
          </dl>
          <dl>
            <dt>Неплатени</dt>
            <dd>{formatMoney(c.unpaidCents, c.currency)}</dd>
          </dl>
        </div>
      ))}
      <p style={{ margin: 0, alignSelf: "center" }}>
        <a href={`/expenses/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
          Експорт в CSV (Excel)
        </a>
      </p>
      {summary.rates.length ? (
        <ScrollTable label="Суми по ставки на ДДС">
          <table className={listStyles.table}>
            <caption>По ставки на ДДС</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Ставка
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  Данъчна основа
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  ДДС
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.rates.map((r) => (
                <tr key={`${r.currency}-${r.vatRate}`}>
                  <th scope="row" className={listStyles.cell}>
                    {RATE_LABELS[r.vatRate === null ? "none" : String(r.vatRate)]}
                    {summary.currencies.length > 1 ? ` (${r.currency})` : ""}
                  </th>
                  <td className={`${listStyles.cell} ${styles.num}`}>
                    {formatMoney(r.baseCents, r.currency)}
                  </td>
                  <td className={`${listStyles.cell} ${styles.num}`}>
                    {formatMoney(r.vatCents, r.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
    </section>
  );
}
