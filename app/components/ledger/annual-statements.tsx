import { Link } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatCents } from "~/utils/money";
import { AmountHead, CURRENCY_NAMES } from "./ledger-parts";

/* «Годишен отчет» (decision 067): a statement's table, row by row with its accounts, and the check. */

export interface StatementLineView {
  key: string;
  label: string;
  level: 0 | 1;
  isTotal: boolean;
  current: number | null;
  previous: number | null;
  manual: string | null;
  unconfirmed: string | null;
  accounts: { code: string; name: string; current: number; previous: number }[];
}

const amount = (cents: number | null) => (cents === null ? "" : formatCents(cents));

function Amount({ cents, strong }: { cents: number | null; strong: boolean }) {
  const text = amount(cents);
  return (
    <td className={listStyles.cell} style={{ textAlign: "right", whiteSpace: "nowrap" }}>
      {strong ? <strong>{text}</strong> : text}
    </td>
  );
}

/** One statement: its rows, each with the accounts it is made of; rows to complete by hand marked. */
export function StatementTable(props: {
  caption: string;
  year: number;
  currency: "BGN" | "EUR";
  lines: StatementLineView[];
}) {
  const period = (year: number) => `from=${year}-01-01&to=${year}-12-31`;
  return (
    <ScrollTable label={props.caption}>
      <table className={listStyles.table}>
        <caption>
          {props.caption}, в {CURRENCY_NAMES[props.currency]}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Раздел, група, статия
            </th>
            <th scope="col" className={listStyles.cell}>
              Сметки
            </th>
            <AmountHead>Текуща година ({props.year})</AmountHead>
            <AmountHead>Предходна година ({props.year - 1})</AmountHead>
          </tr>
        </thead>
        <tbody>
          {props.lines.map((line) => {
            const strong = line.level === 0 || line.isTotal;
            return (
              <tr key={line.key}>
                <th
                  scope="row"
                  className={listStyles.cell}
                  style={{
                    fontWeight: strong ? "bold" : "normal",
                    paddingLeft: line.level ? "1.5rem" : undefined,
                  }}
                >
                  {line.label}
                  {line.unconfirmed && (
                    <>
                      <br />
                      <small>Непотвърдено: {line.unconfirmed}</small>
                    </>
                  )}
                </th>
                <td className={listStyles.cell}>
                  {line.manual ? (
                    <strong>Попълва се ръчно. {line.manual}</strong>
                  ) : line.accounts.length ? (
                    <ul className={page.lines}>
                      {line.accounts.map((a) => (
                        <li key={a.code}>
                          <Link
                            to={`/ledger/account/${encodeURIComponent(a.code)}?${period(props.year)}`}
                          >
                            {a.code}
                          </Link>{" "}
                          {a.name}: {formatCents(a.current)}
                          {a.previous ? ` (${formatCents(a.previous)})` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <Amount cents={line.current} strong={strong} />
                <Amount cents={line.previous} strong={strong} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Whether the balance sheet balances (assets = equity + liabilities), and if not, by how much and why. */
export function BalanceCheck(props: {
  year: number;
  difference: { current: number; previous: number };
  assets: { current: number | null; previous: number | null };
  unmapped: { code: string; name: string; current: number; previous: number }[];
}) {
  const { difference: d } = props;
  const ok = d.current === 0 && d.previous === 0;
  return (
    <section aria-labelledby="balance-check" className={ok ? page.card : page.warning}>
      <h3 id="balance-check">Проверка: актив = собствен капитал + пасиви</h3>
      {ok ? (
        <p>
          Балансът се равнява: сумата на актива е равна на сумата на пасива (
          {formatCents(props.assets.current ?? 0)} за {props.year},{" "}
          {formatCents(props.assets.previous ?? 0)} за {props.year - 1}).
        </p>
      ) : (
        <>
          <p>
            Балансът не се равнява: разлика актив − пасив {formatCents(d.current)} за {props.year} и{" "}
            {formatCents(d.previous)} за {props.year - 1}.
          </p>
          {props.unmapped.length > 0 && (
            <>
              <p>Сметки, които не влизат в нито един ред (отнесете ги ръчно):</p>
              <ul>
                {props.unmapped.map((a) => (
                  <li key={a.code}>
                    {a.code} {a.name}: салдо {formatCents(a.current)} ({props.year}),{" "}
                    {formatCents(a.previous)} ({props.year - 1})
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
