import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import {
  EXPENSE_ACQUISITIONS,
  EXPENSE_ANNEX_PARTS,
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_PAYMENT_METHODS,
  RATE_LABELS,
  VAT_CREDITS,
} from "~/modules/expenses/constants";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export interface ExpenseView {
  supplierName: string;
  supplierEik: string | null;
  supplierVatNumber: string | null;
  supplierCompanyId: string | null;
  supplierAddress: string | null;
  documentType: keyof typeof EXPENSE_DOCUMENT_TYPES;
  /** A protocol under чл. 117: goods (ВОП) or services (decision 065). */
  acquisition?: keyof typeof EXPENSE_ACQUISITIONS | null;
  /** A domestic reverse charge (чл. 163а): the part of Приложение № 2 (decision 079). */
  reverseCharge?: boolean;
  reverseChargeAnnexPart?: keyof typeof EXPENSE_ANNEX_PARTS | null;
  documentNumber: string;
  documentDate: string;
  taxEventDate: string | null;
  description: string;
  categoryName: string | null;
  currency: string;
  eurRate: string | null;
  amounts: { vatRate: number | null; baseCents: number; vatCents: number }[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  vatCredit: keyof typeof VAT_CREDITS;
  vatCreditCoefficient: string | null;
  creditableVatCents: number;
  paymentMethod: keyof typeof EXPENSE_PAYMENT_METHODS | null;
  paidOn: string | null;
  dueDate: string | null;
  notes: string | null;
}

/** An expense as recorded: supplier, document, amounts per VAT rate, VAT credit and payment. */
export function ExpenseDetails({ expense, today }: { expense: ExpenseView; today: string }) {
  const money = (cents: number) => formatMoney(cents, expense.currency);
  const overdue = !expense.paidOn && expense.dueDate && expense.dueDate < today;
  return (
    <div className={page.grid}>
      <section className={page.card} aria-labelledby="supplier-heading">
        <h2 id="supplier-heading" className={page.cardTitle}>
          Доставчик
        </h2>
        <dl className={styles.meta}>
          <div>
            <dt>Име: </dt>
            <dd>{expense.supplierName}</dd>
          </div>
          {expense.supplierEik ? (
            <div>
              <dt>ЕИК/Булстат: </dt>
              <dd>{expense.supplierEik}</dd>
            </div>
          ) : null}
          {expense.supplierVatNumber ? (
            <div>
              <dt>ДДС номер: </dt>
              <dd>{expense.supplierVatNumber}</dd>
            </div>
          ) : null}
          {expense.supplierCompanyId ? (
            <div>
              <dt>Регистрационен номер: </dt>
              <dd>{expense.supplierCompanyId}</dd>
            </div>
          ) : null}
          {expense.supplierAddress ? (
            <div>
              <dt>Адрес: </dt>
              <dd>{expense.supplierAddress}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className={page.card} aria-labelledby="document-heading">
        <h2 id="document-heading" className={page.cardTitle}>
          Документ
        </h2>
        <dl className={styles.meta}>
          <div>
            <dt>Вид: </dt>
            <dd>{EXPENSE_DOCUMENT_TYPES[expense.documentType]}</dd>
          </div>
          {expense.acquisition ? (
            <div>
              <dt>Протоколът е за: </dt>
              <dd>{EXPENSE_ACQUISITIONS[expense.acquisition]}</dd>
            </div>
          ) : null}
          {expense.reverseCharge ? (
            <div>
              <dt>Обратно начисляване по чл. 163а: </dt>
              <dd>
                {expense.reverseChargeAnnexPart
                  ? EXPENSE_ANNEX_PARTS[expense.reverseChargeAnnexPart]
                  : "не е избрана част от Приложение № 2 — изберете я в редакцията"}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Дата: </dt>
            <dd>{printDate(expense.documentDate)}</dd>
          </div>
          {expense.taxEventDate ? (
            <div>
              <dt>Данъчно събитие: </dt>
              <dd>{printDate(expense.taxEventDate)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Описание: </dt>
            <dd>{expense.description}</dd>
          </div>
          <div>
            <dt>Категория: </dt>
            <dd>{expense.categoryName ?? "—"}</dd>
          </div>
        </dl>
      </section>
      <section className={page.card} aria-labelledby="amounts-heading">
        <h2 id="amounts-heading" className={page.cardTitle}>
          Суми ({expense.currency})
        </h2>
        <ScrollTable label="Суми по ставки на ДДС">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Данъчна основа и ДДС по ставки</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Ставка
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  Основа
                </th>
                <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                  ДДС
                </th>
              </tr>
            </thead>
            <tbody>
              {expense.amounts.map((row) => (
                <tr key={String(row.vatRate)}>
                  <th scope="row" className={listStyles.cell}>
                    {RATE_LABELS[row.vatRate === null ? "none" : String(row.vatRate)]}
                  </th>
                  <td className={`${listStyles.cell} ${styles.num}`}>{money(row.baseCents)}</td>
                  <td className={`${listStyles.cell} ${styles.num}`}>{money(row.vatCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={listStyles.cell}>
                  Общо
                </th>
                <td className={`${listStyles.cell} ${styles.num}`}>
                  {money(expense.subtotalCents)}
                </td>
                <td className={`${listStyles.cell} ${styles.num}`}>{money(expense.vatCents)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
        <p>
          <strong>
            За плащане: {expense.documentType === "credit_note" ? "−" : ""}
            {money(expense.totalCents)}
          </strong>
          {expense.eurRate ? ` · курс 1 ${expense.currency} = ${expense.eurRate} EUR` : ""}
        </p>
      </section>
      <section className={page.card} aria-labelledby="credit-heading">
        <h2 id="credit-heading" className={page.cardTitle}>
          Данъчен кредит и плащане
        </h2>
        <dl className={styles.meta}>
          <div>
            <dt>Данъчен кредит: </dt>
            <dd>
              {VAT_CREDITS[expense.vatCredit]}
              {expense.vatCreditCoefficient
                ? `, коефициент ${expense.vatCreditCoefficient.replace(".", ",")}`
                : ""}
            </dd>
          </div>
          <div>
            <dt>ДДС за приспадане: </dt>
            <dd>{money(expense.creditableVatCents)}</dd>
          </div>
          <div>
            <dt>Плащане: </dt>
            <dd>
              {expense.paidOn
                ? `Платен на ${printDate(expense.paidOn)}${expense.paymentMethod ? ` (${EXPENSE_PAYMENT_METHODS[expense.paymentMethod].toLowerCase()})` : ""}`
                : overdue
                  ? `Просрочен, падеж ${printDate(expense.dueDate!)}`
                  : `Неплатен${expense.dueDate ? `, падеж ${printDate(expense.dueDate)}` : ""}`}
            </dd>
          </div>
          {expense.notes ? (
            <div>
              <dt>Бележки: </dt>
              <dd style={{ whiteSpace: "pre-wrap" }}>{expense.notes}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
