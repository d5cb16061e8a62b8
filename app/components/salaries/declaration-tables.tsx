import { Link } from "@remix-run/react";
import * as styles from "~/components/invoices/invoices.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatCents, formatMoney } from "~/utils/money";

/*
 * The tables of /salaries/declarations (issue #27): обр. 6 against the payroll by fund, the
 * persons обр. 1 writes, and the files made for the month so far.
 */

/** What a correction does to each line of обр. 1. */
export const LINE_KINDS = {
  original: "нов запис (редовен)",
  correction: "коригиращ запис (К), с всички данни",
  deletion: "заличаващ запис (З)",
} as const;

export function HistoryTable(props: {
  history: { id: string; at: string; iso: string; file: string; user: string; sha256: string }[];
}) {
  return (
    <section aria-labelledby="history-title" style={{ marginTop: "1.5rem" }}>
      <h2 id="history-title">История на създадените файлове</h2>
      {props.history.length ? (
        <ScrollTable label="История на създадените файлове">
          <table className={styles.table}>
            <caption className="visually-hidden">Кога, кой файл и от кого е създаден</caption>
            <thead>
              <tr>
                <th scope="col">Дата и час</th>
                <th scope="col">Файл</th>
                <th scope="col">Потребител</th>
                <th scope="col">SHA-256</th>
              </tr>
            </thead>
            <tbody>
              {props.history.map((h) => (
                <tr key={h.id}>
                  <td>
                    <time dateTime={h.iso}>{h.at}</time>
                  </td>
                  <td>{h.file}</td>
                  <td>{h.user}</td>
                  <td>
                    <code title={h.sha256}>{h.sha256.slice(0, 12)}…</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p>За месеца още не са създавани файлове.</p>
      )}
    </section>
  );
}

export function FundsTable(props: {
  funds: { label: string; form6: number; payroll: number }[];
  contractTaxCents: number;
}) {
  return (
    <section aria-labelledby="funds-title" style={{ marginTop: "1.5rem" }}>
      <h2 id="funds-title">Суми по фондове (EUR)</h2>
      <ScrollTable label="Суми по фондове">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Обр. 6 срещу ведомостта, по фондове</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Фонд
              </th>
              <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                Обр. 6
              </th>
              <th scope="col" className={`${listStyles.cell} ${styles.num}`}>
                Ведомост
              </th>
            </tr>
          </thead>
          <tbody>
            {props.funds.map((f) => (
              <tr key={f.label}>
                <th scope="row" className={listStyles.cell}>
                  {f.label}
                </th>
                <td className={`${listStyles.cell} ${styles.num}`}>{formatCents(f.form6)}</td>
                <td className={`${listStyles.cell} ${styles.num}`}>{formatCents(f.payroll)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {props.contractTaxCents ? (
        <p>
          Данъкът по граждански договори ({formatMoney(props.contractTaxCents, "EUR")}) не е в обр.
          6: декларира се с декларацията по чл. 55 ЗДДФЛ.
        </p>
      ) : null}
    </section>
  );
}

export function PersonsTable(props: {
  persons: {
    id: string;
    employeeId: string;
    name: string;
    contract: string;
    written: string;
    insuredType: string;
    days: string;
    insurableCents: number;
    taxCents: number;
  }[];
}) {
  if (!props.persons.length) return null;
  const cell = listStyles.cell;
  const num = `${listStyles.cell} ${styles.num}`;
  return (
    <section aria-labelledby="persons-title" style={{ marginTop: "1.5rem" }}>
      <h2 id="persons-title">Осигурени лица (обр. 1)</h2>
      <ScrollTable label="Осигурени лица">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Записите на обр. 1</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Лице
              </th>
              <th scope="col" className={cell}>
                Във файла
              </th>
              <th scope="col" className={cell}>
                Договор
              </th>
              <th scope="col" className={cell}>
                Вид осигурен
              </th>
              <th scope="col" className={cell}>
                Дни: отработени / болнични / неплатени
              </th>
              <th scope="col" className={num}>
                Осигурителен доход
              </th>
              <th scope="col" className={num}>
                Данък
              </th>
            </tr>
          </thead>
          <tbody>
            {props.persons.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={cell}>
                  <Link to={`/salaries/employees/${p.employeeId}`}>{p.name}</Link>
                </th>
                <td className={cell}>{p.written}</td>
                <td className={cell}>{p.contract}</td>
                <td className={cell}>{p.insuredType}</td>
                <td className={cell}>{p.days}</td>
                <td className={num}>{formatCents(p.insurableCents)}</td>
                <td className={num}>{formatCents(p.taxCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}
