import { Link } from "@remix-run/react";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { AmountCell, AmountHead, CURRENCY_NAMES, SidesRow } from "./ledger-parts";

/* An account's card (карта на сметка) and its open items (открити позиции), as tables. */

interface Sides {
  debitCents: number;
  creditCents: number;
}

export interface CardView {
  account: { code: string; name: string };
  counterparty: { id: string; name: string | null } | null;
  currency: "BGN" | "EUR";
  opening: Sides;
  turnover: Sides;
  closing: Sides;
  lines: {
    id: number;
    entryDate: string;
    documentRef: string;
    description: string;
    counterpartyName: string | null;
    debitCents: number;
    creditCents: number;
    balance: Sides;
  }[];
}

const Head = ({ children }: { children: string }) => (
  <th scope="col" className={listStyles.cell}>
    {children}
  </th>
);

/** The card: opening, each line with its balance, turnover, closing. */
export function CardTable({ card, from, to }: { card: CardView; from: string; to: string }) {
  const { account } = card;
  const who = card.counterparty ? `, ${card.counterparty.name ?? "контрагент"}` : "";
  return (
    <ScrollTable label={`Карта на сметка ${account.code}`}>
      <table className={listStyles.table}>
        <caption>
          Карта на сметка {account.code}
          {who} от {from} до {to}, в {CURRENCY_NAMES[card.currency]}
        </caption>
        <thead>
          <tr>
            <Head>Дата</Head>
            <Head>Документ и основание</Head>
            <Head>Контрагент</Head>
            <AmountHead>Дебит</AmountHead>
            <AmountHead>Кредит</AmountHead>
            <AmountHead>Салдо Дт</AmountHead>
            <AmountHead>Салдо Кт</AmountHead>
          </tr>
        </thead>
        <tbody>
          <SidesRow label="Начално салдо" span={5} sides={card.opening} />
          {card.lines.map((l) => (
            <tr key={l.id}>
              <td className={listStyles.cell}>{l.entryDate}</td>
              <td className={listStyles.cell}>
                <strong>{l.documentRef}</strong> {l.description}
              </td>
              <td className={listStyles.cell}>{l.counterpartyName ?? ""}</td>
              <AmountCell cents={l.debitCents} />
              <AmountCell cents={l.creditCents} />
              <AmountCell cents={l.balance.debitCents} />
              <AmountCell cents={l.balance.creditCents} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <SidesRow label="Оборот" span={3} sides={card.turnover} after={2} />
          <SidesRow label="Крайно салдо" span={5} sides={card.closing} />
        </tfoot>
      </table>
    </ScrollTable>
  );
}

export interface OpenItemsView {
  items: {
    documentRef: string;
    date: string;
    ageDays: number;
    counterpartyId: string | null;
    counterpartyName: string;
    debitCents: number;
    creditCents: number;
    balance: Sides;
  }[];
  count: number;
  balance: Sides;
  truncated: boolean;
}

/** The documents not settled on the period's last day: amounts, what is left, how old. */
export function OpenItemsTable({
  open,
  to,
  cardHref,
}: {
  open: OpenItemsView;
  to: string;
  /** The counterparty's own card, when the table lists several. */
  cardHref: ((counterpartyId: string) => string) | null;
}) {
  if (!open.items.length) return <p>Няма неуредени документи към {to}.</p>;
  return (
    <>
      {open.truncated && (
        <p role="status">
          Показани са първите {open.items.length} от {open.count} позиции: изберете контрагент.
        </p>
      )}
      <ScrollTable label="Отворени позиции">
        <table className={listStyles.table}>
          <caption>
            Неуредени документи към {to}: {open.count}
          </caption>
          <thead>
            <tr>
              <Head>Документ</Head>
              <Head>Дата</Head>
              <Head>Контрагент</Head>
              <AmountHead>Дебит</AmountHead>
              <AmountHead>Кредит</AmountHead>
              <AmountHead>Остатък Дт</AmountHead>
              <AmountHead>Остатък Кт</AmountHead>
              <AmountHead>Възраст (дни)</AmountHead>
            </tr>
          </thead>
          <tbody>
            {open.items.map((i) => (
              <tr key={`${i.counterpartyId ?? i.counterpartyName}-${i.documentRef}-${i.date}`}>
                <th scope="row" className={listStyles.cell}>
                  {i.documentRef}
                </th>
                <td className={listStyles.cell}>{i.date}</td>
                <td className={listStyles.cell}>
                  {cardHref && i.counterpartyId ? (
                    <Link to={cardHref(i.counterpartyId)}>{i.counterpartyName}</Link>
                  ) : (
                    i.counterpartyName
                  )}
                </td>
                <AmountCell cents={i.debitCents} />
                <AmountCell cents={i.creditCents} />
                <AmountCell cents={i.balance.debitCents} />
                <AmountCell cents={i.balance.creditCents} />
                <td className={listStyles.cell} style={{ textAlign: "right" }}>
                  {i.ageDays}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <SidesRow label="Общо неуредено" span={5} sides={open.balance} after={1} />
          </tfoot>
        </table>
      </ScrollTable>
    </>
  );
}
