import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDate } from "~/utils/dates";

/* The mapping rules (правила за осчетоводяване): each rule, its default, its dated accounts. */

export interface RuleRowView {
  key: string;
  label: string;
  defaultAccount: string;
  account: string;
  history: {
    accountCode: string;
    validFrom: string;
    createdAt: string;
    createdByName: string | null;
  }[];
}

const Head = ({ children }: { children: string }) => (
  <th scope="col" className={listStyles.cell}>
    {children}
  </th>
);

/** Every rule with the account in force on `on`, its default and the company's dated accounts. */
export function RulesTable({
  rules,
  on,
  names,
}: {
  rules: RuleRowView[];
  on: string;
  /** The chart's names by code. */
  names: Record<string, string>;
}) {
  const account = (code: string) => (names[code] ? `${code} ${names[code]}` : code);
  return (
    <ScrollTable label="Правила за осчетоводяване">
      <table className={listStyles.table}>
        <caption>Правила за осчетоводяване и сметките им към {on}</caption>
        <thead>
          <tr>
            <Head>Правило</Head>
            <Head>Сметка сега</Head>
            <Head>По подразбиране</Head>
            <Head>Сметки на фирмата от дата</Head>
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={listStyles.cell}>
                {r.label}
              </th>
              <td className={listStyles.cell}>{account(r.account)}</td>
              <td className={listStyles.cell}>{account(r.defaultAccount)}</td>
              <td className={listStyles.cell}>
                {r.history.length === 0 ? (
                  "—"
                ) : (
                  <ul style={{ margin: 0, paddingLeft: "1rem" }}>
                    {r.history.map((h) => (
                      <li key={h.validFrom}>
                        от {h.validFrom}: {account(h.accountCode)}
                        {h.validFrom > on ? " (предстои)" : ""}
                        <small>
                          {" "}
                          — въведено {formatDate(h.createdAt)}
                          {h.createdByName ? ` от ${h.createdByName}` : ""}
                        </small>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
