import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { type Lang, lineLabel, statementWords } from "~/modules/statements/files";
import type { CurrencyStatement } from "~/modules/statements/statement.server";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import * as styles from "./statement.css";

/*
 * The statement of account's table, one per currency (decision 070): the company's page under
 * the client draws it, and the client portal draws the same one from clientStatement's result,
 * in Bulgarian or English, its documents linked to the portal's PDFs. Plain HTML: no JavaScript.
 */

/** The company's page: a line's document opens its page. */
const documentPage = (id: string) => `/invoice/${id}`;

/** One currency's statement: opening, the lines with the running balance, turnover, closing. */
export function StatementTable({
  statement,
  from,
  to,
  lang = "bg",
  documentHref = documentPage,
}: {
  statement: Pick<
    CurrencyStatement,
    | "currency"
    | "openingCents"
    | "lines"
    | "debitCents"
    | "creditCents"
    | "closingCents"
    | "owedToClientCents"
    | "unsettled"
  >;
  from: string;
  to: string;
  /** The language of the labels and amounts (the portal may show English). */
  lang?: Lang;
  /** Where a line's document opens (the company's document page, the portal's PDF). */
  documentHref?: (documentId: string) => string;
}) {
  const { currency } = statement;
  const w = statementWords(lang);
  const money = (cents: number) => formatMoney(cents, currency, lang);
  return (
    <ScrollTable label={`${w.statement} ${w.in} ${currency}`}>
      <table className={listStyles.table}>
        <caption>
          {w.statement} {w.in} {currency}, {printDate(from)} – {printDate(to)}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              {w.date}
            </th>
            <th scope="col" className={listStyles.cell}>
              {w.document}
            </th>
            <th scope="col" className={`${listStyles.cell} ${styles.amount}`}>
              {w.debit}
            </th>
            <th scope="col" className={`${listStyles.cell} ${styles.amount}`}>
              {w.credit}
            </th>
            <th scope="col" className={`${listStyles.cell} ${styles.amount}`}>
              {w.balance}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className={listStyles.cell}>{printDate(from)}</td>
            <th scope="row" className={listStyles.cell}>
              {w.opening} {printDate(from)}
            </th>
            <td className={listStyles.cell} />
            <td className={listStyles.cell} />
            <td className={`${listStyles.cell} ${styles.amount}`}>
              <strong>{money(statement.openingCents)}</strong>
            </td>
          </tr>
          {statement.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a payment has no id here, and rows never move
            <tr key={i}>
              <td className={listStyles.cell}>{printDate(line.date)}</td>
              <td className={listStyles.cell}>
                <a href={documentHref(line.documentId)}>{lineLabel(line, lang)}</a>
                {line.original
                  ? ` (${formatMoney(line.original.cents, line.original.currency, lang)})`
                  : null}
                {line.excessCents ? (
                  <>
                    {" "}
                    — {money(line.excessCents)} {w.excess}
                  </>
                ) : null}
              </td>
              <td className={`${listStyles.cell} ${styles.amount}`}>
                {line.debitCents ? money(line.debitCents) : ""}
              </td>
              <td className={`${listStyles.cell} ${styles.amount}`}>
                {line.kind === "invoice" || line.kind === "debit_note"
                  ? ""
                  : money(line.creditCents)}
              </td>
              <td className={`${listStyles.cell} ${styles.amount}`}>{money(line.balanceCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className={listStyles.cell} />
            <th scope="row" className={listStyles.cell}>
              {w.turnover}
            </th>
            <td className={`${listStyles.cell} ${styles.amount}`}>{money(statement.debitCents)}</td>
            <td className={`${listStyles.cell} ${styles.amount}`}>
              {money(statement.creditCents)}
            </td>
            <td className={listStyles.cell} />
          </tr>
          <tr>
            <td className={listStyles.cell}>{printDate(to)}</td>
            <th scope="row" className={listStyles.cell}>
              {w.closing} {printDate(to)}
            </th>
            <td className={listStyles.cell} />
            <td className={listStyles.cell} />
            <td className={`${listStyles.cell} ${styles.amount}`}>
              <strong>{money(statement.closingCents)}</strong>
            </td>
          </tr>
          {statement.owedToClientCents ? (
            <tr>
              <td className={listStyles.cell} />
              <th scope="row" className={listStyles.cell}>
                {w.owed}
              </th>
              <td className={listStyles.cell} />
              <td className={listStyles.cell} />
              <td className={`${listStyles.cell} ${styles.amount}`}>
                {money(statement.owedToClientCents)}
              </td>
            </tr>
          ) : null}
          {statement.unsettled
            .filter((note) => note.date >= from)
            .map((note) => (
              <tr key={note.documentId}>
                <td className={listStyles.cell}>{printDate(note.date)}</td>
                <th scope="row" className={listStyles.cell}>
                  {w.unsettled}:{" "}
                  <a href={documentHref(note.documentId)}>
                    {w.no} {note.number}
                  </a>
                </th>
                <td className={listStyles.cell} />
                <td className={`${listStyles.cell} ${styles.amount}`}>{money(note.cents)}</td>
                <td className={listStyles.cell} />
              </tr>
            ))}
        </tfoot>
      </table>
    </ScrollTable>
  );
}
