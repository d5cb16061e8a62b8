import { Link } from "@remix-run/react";
import * as styles from "~/components/layout/page.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { DOCUMENT_TYPES, listedCents, STATE_LABELS } from "~/modules/invoices/constants";
import type { DocumentState } from "~/modules/invoices/payments.server";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { MONTH_NAMES } from "~/utils/periods";

/* The dashboard's money: what the business earned, what it is owed, what it spent. */

interface RevenueLine {
  currency: string;
  netCents: number;
  grossCents: number;
}
interface Revenue {
  currencies: RevenueLine[];
  netEurCents: number;
  grossEurCents: number;
}

const eur = (cents: number) => formatMoney(cents, "EUR");

function RevenueFigures({ revenue }: { revenue: Revenue }) {
  const foreign = revenue.currencies.filter((c) => c.currency !== "EUR");
  return (
    <>
      <p style={{ fontSize: "1.5rem", fontWeight: 700, margin: "0.25rem 0" }}>
        {eur(revenue.netEurCents)}{" "}
        <span style={{ fontSize: "1rem", fontWeight: 400 }}>без ДДС</span>
      </p>
      <p style={{ margin: 0 }}>{eur(revenue.grossEurCents)} с ДДС</p>
      {foreign.length ? (
        <p style={{ margin: "0.25rem 0 0" }}>
          В т.ч.{" "}
          {foreign
            .map(
              (c) =>
                `${formatMoney(c.netCents, c.currency)} (${formatMoney(c.grossCents, c.currency)} с ДДС)`,
            )
            .join("; ")}
          , преизчислени в евро по курса на документа.
        </p>
      ) : null}
    </>
  );
}

export function RevenueCard(props: { month: Revenue; year: Revenue; today: string }) {
  const [y, m] = props.today.split("-").map(Number) as [number, number];
  return (
    <section className={styles.card} aria-labelledby="revenue-title">
      <h2 id="revenue-title">Приходи</h2>
      <h3 style={{ marginBottom: 0 }}>
        {MONTH_NAMES[m - 1]} {y}
      </h3>
      <RevenueFigures revenue={props.month} />
      <h3 style={{ marginBottom: 0, marginTop: "1rem" }}>От началото на {y} г.</h3>
      <RevenueFigures revenue={props.year} />
      <p style={{ marginBottom: 0 }}>
        <Link to={`/invoices?from=${y}-01-01&to=${y}-12-31&status=issued`}>
          Документите за годината
        </Link>
      </p>
    </section>
  );
}

interface Owed {
  currencies: {
    currency: string;
    count: number;
    unpaidCents: number;
    overdueCount: number;
    overdueCents: number;
  }[];
  oldestOverdue: {
    id: string;
    type: keyof typeof DOCUMENT_TYPES;
    number: string | null;
    dueDate: string | null;
    currency: string;
    clientName: string;
    openCents: number;
  }[];
}

export function ReceivablesCard({ owed, today }: { owed: Owed; today: string }) {
  const overdue = owed.currencies.some((c) => c.overdueCount > 0);
  return (
    <section className={overdue ? styles.warning : styles.card} aria-labelledby="owed-title">
      <h2 id="owed-title">Вземания</h2>
      {owed.currencies.length === 0 ? (
        <p>Няма неплатени фактури.</p>
      ) : (
        <dl className={styles.list}>
          {owed.currencies.map((c) => (
            <div key={c.currency} style={{ display: "contents" }}>
              <dt>Неплатени ({c.count})</dt>
              <dd>{formatMoney(c.unpaidCents, c.currency)}</dd>
              <dt>Просрочени ({c.overdueCount})</dt>
              <dd>
                <strong>{formatMoney(c.overdueCents, c.currency)}</strong>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {owed.oldestOverdue.length ? (
        <>
          <h3>Най-старите просрочени</h3>
          <ul style={{ paddingLeft: "1.25rem" }}>
            {owed.oldestOverdue.map((d) => (
              <li key={d.id}>
                <Link to={`/invoice/${d.id}`}>
                  {DOCUMENT_TYPES[d.type]} № {d.number}
                </Link>{" "}
                — {d.clientName}, {formatMoney(d.openCents, d.currency)}, падеж{" "}
                {d.dueDate ? printDate(d.dueDate) : "—"}
                {d.dueDate ? ` (${daysBetween(d.dueDate, today)} дни)` : ""}
              </li>
            ))}
          </ul>
          <Link to="/invoices?status=overdue">Всички просрочени</Link>
        </>
      ) : null}
    </section>
  );
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

export function VatThresholdCard(props: {
  threshold: {
    thresholdCents: number;
    turnoverCents: number;
    percent: number;
    applyWithinDays: number;
    /** The first day of the row (decision 040: from 2026 the calendar year, days from exceeding). */
    validFrom: string;
    /** The row's legal source, as stored with the dated row. */
    source: string | null;
    /** This year's invoices to businesses in other member states (ЗДДС чл. 97а, decision 076). */
    euBusinessInvoices?: number;
  };
}) {
  const { thresholdCents, turnoverCents, percent, applyWithinDays, validFrom, source } =
    props.threshold;
  const toEu = props.threshold.euBusinessInvoices ?? 0;
  // ЗДДС чл. 96, ал. 1: the obligation arises when the turnover exceeds the threshold.
  const over = turnoverCents > thresholdCents;
  const near = percent >= 80;
  // From 2026 the days run from the day the threshold is exceeded (чл. 96, ал. 6); before, from
  // the end of the tax period in which it was.
  const fromExceeding = validFrom >= "2026-01-01";
  return (
    <section className={near ? styles.warning : styles.card} aria-labelledby="threshold-title">
      <h2 id="threshold-title">Праг за регистрация по ДДС</h2>
      <p>
        Оборот в страната от началото на годината: <strong>{eur(turnoverCents)}</strong> от{" "}
        {eur(thresholdCents)} ({percent} %).
      </p>
      <meter
        min={0}
        max={100}
        low={80}
        high={99}
        optimum={0}
        value={Math.min(percent, 100)}
        aria-label="Достигнат праг"
      >
        {percent} %
      </meter>
      {over ? (
        <p role="alert">
          <strong>Прагът е надвишен.</strong> Подайте заявление за регистрация по ДДС в НАП{" "}
          {fromExceeding
            ? `в ${applyWithinDays}-дневен срок от датата, на която оборотът е надвишил прага (ЗДДС чл. 96, ал. 6).`
            : `в ${applyWithinDays}-дневен срок от изтичането на данъчния период, в който е надвишен (ЗДДС чл. 96, ал. 1).`}
        </p>
      ) : near ? (
        <p>
          <strong>Наближавате прага.</strong> Когато облагаемият оборот надвиши{" "}
          {eur(thresholdCents)}, имате {applyWithinDays} дни да подадете заявление за регистрация.
        </p>
      ) : null}
      {toEu > 0 ? (
        <p role="alert">
          <strong>Фактури към фирми от други държави от ЕС ({toEu}).</strong> За услуга с място на
          изпълнение в друга държава членка, за която данъкът е изискуем от получателя (чл. 21, ал.
          2 ЗДДС), регистрацията по ДДС е задължителна независимо от оборота — преди доставката (чл.
          97а, ал. 2 ЗДДС). Такива доставки не влизат в оборота в страната.
        </p>
      ) : null}
      {source ? (
        <p>
          <small>Източник: {source}.</small>
        </p>
      ) : null}
    </section>
  );
}

export function MonthCostsCard(props: {
  month: string;
  salaries: { count: number; totalCostCents: number; netCents: number } | null;
  expenses: { currency: string; count: number; totalCents: number }[] | null;
  /** What each figure includes (issue #41 item 14). */
  notes: { expenses: string; salaries: string };
}) {
  return (
    <section className={styles.card} aria-labelledby="costs-title">
      <h2 id="costs-title">Разходи за месеца</h2>
      <dl className={styles.list}>
        {props.expenses ? (
          <>
            <dt>
              <Link to={`/expenses?period=month:${props.month}`}>Разходи</Link>
            </dt>
            <dd>
              {props.expenses.length
                ? props.expenses
                    .map((c) => `${formatMoney(c.totalCents, c.currency)} (${c.count})`)
                    .join("; ")
                : "няма"}
              {/* In the figure's own cell: a cell of its own took the label's column (max-content). */}
              <small style={{ display: "block" }}>{props.notes.expenses}</small>
            </dd>
          </>
        ) : null}
        {props.salaries ? (
          <>
            <dt>
              <Link to={`/salaries?month=${props.month}`}>Заплати</Link>
            </dt>
            <dd>
              {props.salaries.count
                ? `${eur(props.salaries.totalCostCents)} общ разход, ${eur(props.salaries.netCents)} нето (${props.salaries.count})`
                : "няма"}
              <small style={{ display: "block" }}>{props.notes.salaries}</small>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function LatestDocuments(props: {
  documents: {
    id: string;
    type: keyof typeof DOCUMENT_TYPES;
    status: "draft" | "issued" | "cancelled";
    number: string | null;
    issueDate: string;
    currency: string;
    totalCents: number;
    clientName: string;
    /** The payment's state (issue #31 item 5): «Платен», not «Издаден». */
    state: DocumentState | null;
  }[];
}) {
  if (!props.documents.length) return null;
  const label = (d: (typeof props.documents)[number]) =>
    STATE_LABELS[d.status === "issued" ? (d.state ?? "issued") : d.status];
  return (
    <section aria-labelledby="latest-title" style={{ marginTop: "1.5rem" }}>
      <h2 id="latest-title">Последни документи</h2>
      <ScrollTable label="Последни документи">
        <table className={listStyles.table}>
          <thead>
            <tr>
              {(
                [
                  ["Документ", true],
                  ["Клиент", true],
                  ["Дата", false],
                  ["Сума", true],
                  ["Състояние", false],
                ] as const
              ).map(([h, phone]) => (
                <th
                  key={h}
                  scope="col"
                  className={phone ? listStyles.cell : `${listStyles.cell} ${frame.wideOnly}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.documents.map((d) => (
              <tr key={d.id}>
                <th scope="row" className={listStyles.cell}>
                  <Link to={d.status === "draft" ? `/invoice/edit/${d.id}` : `/invoice/${d.id}`}>
                    {DOCUMENT_TYPES[d.type]} {d.number ? `№ ${d.number}` : "(чернова)"}
                  </Link>
                  <span className={frame.phoneOnly}>{printDate(d.issueDate)}</span>
                </th>
                <td className={listStyles.cell}>{d.clientName}</td>
                <td className={`${listStyles.cell} ${frame.wideOnly}`}>{printDate(d.issueDate)}</td>
                <td className={listStyles.cell}>
                  {formatMoney(listedCents(d.type, d.totalCents), d.currency)}
                  <span className={frame.phoneOnly}>{label(d)}</span>
                </td>
                <td className={`${listStyles.cell} ${frame.wideOnly}`}>{label(d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}
