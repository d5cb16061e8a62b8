import { Link } from "@remix-run/react";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { AmountCell, AmountHead, CURRENCY_NAMES, SidesRow } from "./ledger-parts";

/* The general ledger (главна книга): one table per account. */

interface Sides {
  debitCents: number;
  creditCents: number;
}

export interface GeneralLedgerView {
  from: string;
  to: string;
  currency: "BGN" | "EUR";
  accounts: {
    code: string;
    name: string;
    opening: Sides;
    turnover: Sides;
    closing: Sides;
    cut: boolean;
    lines: {
      id: number;
      entryDate: string;
      documentRef: string;
      description: string;
      counterAccounts: string;
      debitCents: number;
      creditCents: number;
    }[];
  }[];
}

const Head = ({ children }: { children: string }) => (
  <th scope="col" className={listStyles.cell}>
    {children}
  </th>
);

/** Each account: opening, its lines with the corresponding accounts, turnover, closing. */
export function GeneralLedgerTables({ ledger }: { ledger: GeneralLedgerView }) {
  const period = `from=${ledger.from}&to=${ledger.to}`;
  return (
    <>
      {ledger.accounts.map((a) => (
        <section key={a.code} aria-labelledby={`gl-${a.code}`}>
          <h3 id={`gl-${a.code}`}>
            <Link to={`/ledger/account/${encodeURIComponent(a.code)}?${period}`}>{a.code}</Link>{" "}
            {a.name}
          </h3>
          <ScrollTable label={`Главна книга, сметка ${a.code}`}>
            <table className={listStyles.table}>
              <caption className="visually-hidden">
                Сметка {a.code} {a.name} от {ledger.from} до {ledger.to}, в{" "}
                {CURRENCY_NAMES[ledger.currency]}
              </caption>
              <thead>
                <tr>
                  <Head>Дата</Head>
                  <Head>Документ и основание</Head>
                  <Head>Кореспондираща сметка</Head>
                  <AmountHead>Дебит</AmountHead>
                  <AmountHead>Кредит</AmountHead>
                </tr>
              </thead>
              <tbody>
                <SidesRow label="Начално салдо" span={3} sides={a.opening} />
                {a.lines.map((l) => (
                  <tr key={l.id}>
                    <td className={listStyles.cell}>{l.entryDate}</td>
                    <td className={listStyles.cell}>
                      <strong>{l.documentRef}</strong> {l.description}
                    </td>
                    <td className={listStyles.cell}>{l.counterAccounts}</td>
                    <AmountCell cents={l.debitCents} />
                    <AmountCell cents={l.creditCents} />
                  </tr>
                ))}
                {a.cut && (
                  <tr>
                    <td colSpan={5} className={listStyles.cell}>
                      Не всички редове са показани:{" "}
                      <Link to={`/ledger/general?${period}&account=${encodeURIComponent(a.code)}`}>
                        само сметка {a.code}
                      </Link>{" "}
                      или изтеглете файла.
                    </td>
                  </tr>
                )}
              </tbody>
              <tfoot>
                <SidesRow label="Оборот" span={3} sides={a.turnover} />
                <SidesRow label="Крайно салдо" span={3} sides={a.closing} />
              </tfoot>
            </table>
          </ScrollTable>
        </section>
      ))}
    </>
  );
}
