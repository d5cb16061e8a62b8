import { Link } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import * as list from "~/components/ui/list.css";
import { amountText, deadlineLine } from "~/modules/calendar/constants";
import { formatDate } from "~/utils/dates";

/** A deadline as the loaders hand it to the views. */
export interface DeadlineView {
  key: string;
  title: string;
  what: string;
  source: string;
  href: string | null;
  periodLabel: string;
  due: string;
  moved: string | null;
  note: string | null;
  amount: { cents: number; currency: string; label: string; partial: boolean } | null;
}

const AMOUNT_UNKNOWN = "—";

/** The deadline's amount, or a dash when the product does not know it. */
function Amount({ d }: { d: DeadlineView }) {
  return <>{d.amount ? amountText(d.amount) : AMOUNT_UNKNOWN}</>;
}

/** «Данъчен календар»'s table: every deadline with its day, amount and the law's article. */
export function DeadlineTable({ deadlines }: { deadlines: DeadlineView[] }) {
  if (!deadlines.length) return <p>Няма срокове през следващите дванадесет месеца.</p>;
  return (
    <div style={{ overflowX: "auto" }}>
      <table className={list.table}>
        <caption className="visually-hidden">Сроковете през следващите дванадесет месеца</caption>
        <thead>
          <tr>
            <th scope="col" className={list.cell}>
              Срок
            </th>
            <th scope="col" className={list.cell}>
              Какво
            </th>
            <th scope="col" className={list.cell}>
              Сума
            </th>
            <th scope="col" className={list.cell}>
              Основание
            </th>
          </tr>
        </thead>
        <tbody>
          {deadlines.map((d) => (
            <tr key={d.key}>
              <td className={list.cell}>
                {formatDate(d.due)}
                {d.moved ? (
                  <>
                    <br />
                    <small>Преместен: {d.moved}</small>
                  </>
                ) : null}
              </td>
              <td className={list.cell}>
                {d.href ? (
                  <Link to={d.href}>{deadlineLine(d.title, d.periodLabel)}</Link>
                ) : (
                  deadlineLine(d.title, d.periodLabel)
                )}
                <br />
                <small>{d.what}</small>
                {d.note ? (
                  <>
                    <br />
                    <small>{d.note}</small>
                  </>
                ) : null}
              </td>
              <td className={list.cell}>
                <Amount d={d} />
              </td>
              <td className={list.cell}>
                <small>{d.source}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's card (issue #49 item 4): the next three deadlines with their amounts. */
export function NextDeadlinesCard({ deadlines }: { deadlines: DeadlineView[] }) {
  return (
    <section className={page.card} aria-labelledby="next-deadlines">
      <h2 id="next-deadlines" className={page.cardTitle}>
        Предстоящи срокове
      </h2>
      {deadlines.length ? (
        <ul className={page.lines}>
          {deadlines.map((d) => (
            <li key={d.key}>
              <strong>{formatDate(d.due)}</strong> — {deadlineLine(d.title, d.periodLabel)}
              {d.amount ? (
                <>
                  <br />
                  <Amount d={d} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Няма срокове през следващите месеци.</p>
      )}
      <p>
        <Link to="/calendar">Данъчен календар</Link>
      </p>
    </section>
  );
}
