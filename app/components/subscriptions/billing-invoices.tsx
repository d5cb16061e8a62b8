import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const INVOICE_STATUS: Record<string, string> = {
  paid: "Платена",
  open: "Чака плащане",
  void: "Анулирана",
  uncollectible: "Несъбираема",
  draft: "Чернова",
};

/** The subscription's own invoices (from the billing provider). */
export function BillingInvoices({
  invoices,
}: {
  invoices: {
    providerId: string;
    number: string | null;
    amountCents: number;
    currency: string;
    status: string;
    description: string | null;
    createdAt: string;
    hostedUrl: string | null;
  }[];
}) {
  return (
    <section className={page.card} aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className={page.cardTitle}>
        Фактури за абонамента
      </h2>
      {invoices.length ? (
        <ScrollTable label="Фактури за абонамента">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Номер</th>
                <th scope="col">Описание</th>
                <th scope="col" className={styles.num}>
                  Сума
                </th>
                <th scope="col">Състояние</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.providerId}>
                  <td>{formatDate(invoice.createdAt)}</td>
                  <td>
                    {invoice.hostedUrl ? (
                      <a href={invoice.hostedUrl}>{invoice.number}</a>
                    ) : (
                      invoice.number
                    )}
                  </td>
                  <td>{invoice.description}</td>
                  <td className={styles.num}>
                    {formatMoney(invoice.amountCents, invoice.currency)}
                  </td>
                  <td>{INVOICE_STATUS[invoice.status] ?? invoice.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p>Все още няма фактури.</p>
      )}
    </section>
  );
}
