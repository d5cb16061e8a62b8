import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDate, printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const INVOICE_STATUS: Record<string, string> = {
  paid: "Платена",
  open: "Чака плащане",
  void: "Анулирана",
  uncollectible: "Несъбираема",
  draft: "Чернова",
};

/**
 * The subscription's invoices (issue #31 item 3): each payment made is the operator's tax
 * invoice — its number, the base, the VAT and the total, and its PDF with both parties'
 * requisites; a payment still waiting has no number yet.
 */
export function BillingInvoices({
  invoices,
  buyer,
}: {
  invoices: {
    providerId: string;
    amountCents: number;
    currency: string;
    status: string;
    description: string | null;
    createdAt: string;
    hostedUrl: string | null;
    taxNumber: string | null;
    issuedOn: string | null;
    netCents: number | null;
    vatCents: number | null;
    vatRate: number | null;
  }[];
  /**
   * The company as its invoices name it now (each invoice keeps the requisites of its day); with
   * it the numbers link to the PDFs (the customer's page; the back office shows the numbers only).
   */
  buyer?: { name: string; eik: string; vatNumber: string | null };
}) {
  return (
    <section className={page.card} aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className={page.cardTitle}>
        Фактури за абонамента
      </h2>
      {buyer ? (
        <p>
          Всяко плащане получава фактура от оператора на Сметка на името на {buyer.name}, ЕИК{" "}
          {buyer.eik}
          {buyer.vatNumber ? `, ДДС № ${buyer.vatNumber}` : ""}: номерът на фактурата отваря PDF.
        </p>
      ) : null}
      {invoices.length ? (
        <ScrollTable label="Фактури за абонамента">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Фактура №</th>
                <th scope="col">Описание</th>
                <th scope="col" className={styles.num}>
                  Без ДДС
                </th>
                <th scope="col" className={styles.num}>
                  ДДС
                </th>
                <th scope="col" className={styles.num}>
                  Общо
                </th>
                <th scope="col">Състояние</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.providerId}>
                  <td>
                    {invoice.issuedOn ? printDate(invoice.issuedOn) : formatDate(invoice.createdAt)}
                  </td>
                  <td>
                    {invoice.taxNumber && !buyer ? (
                      invoice.taxNumber
                    ) : invoice.taxNumber ? (
                      <a
                        href={`/settings/subscription/invoices/${encodeURIComponent(invoice.providerId)}/pdf`}
                        download
                      >
                        {invoice.taxNumber}
                        <span className="visually-hidden"> (PDF)</span>
                      </a>
                    ) : invoice.hostedUrl ? (
                      <a href={invoice.hostedUrl}>Плащане</a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{invoice.description}</td>
                  <td className={styles.num}>
                    {formatMoney(invoice.netCents ?? invoice.amountCents, invoice.currency)}
                  </td>
                  <td className={styles.num}>
                    {invoice.taxNumber
                      ? invoice.vatRate === null
                        ? "не се начислява"
                        : `${formatMoney(invoice.vatCents ?? 0, invoice.currency)} (${invoice.vatRate} %)`
                      : "—"}
                  </td>
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
