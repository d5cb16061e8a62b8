import { Link } from "@remix-run/react";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { AmountCell, AmountHead, CURRENCY_NAMES } from "./ledger-parts";

/* The trial balance (оборотна ведомост) as a table, with each account's analytics under it. */

interface Sides {
  debitCents: number;
  creditCents: number;
}

interface Figures {
  opening: Sides;
  turnover: Sides;
  closing: Sides;
}

export interface TrialBalanceView {
  from: string;
  to: string;
  currency: "BGN" | "EUR";
  accounts: (Figures & {
    code: string;
    name: string;
    analytics?: (Figures & {
      counterparty: { kind: string; id: string | null; name: string } | null;
    })[];
  })[];
  totals: Figures;
}

const KINDS: Record<string, string> = {
  client: "клиент",
  supplier: "доставчик",
  employee: "служител",
};

function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      <AmountCell cents={figures.opening.debitCents} />
      <AmountCell cents={figures.opening.creditCents} />
      <AmountCell cents={figures.turnover.debitCents} />
      <AmountCell cents={figures.turnover.creditCents} />
      <AmountCell cents={figures.closing.debitCents} />
      <AmountCell cents={figures.closing.creditCents} />
    </>
  );
}

/** The table: accounts (their codes link to their cards), analytic rows, the totals. */
export function TrialBalanceTable({ report }: { report: TrialBalanceView }) {
  const period = `from=${report.from}&to=${report.to}`;
  const card = (code: string, counterparty?: string | null) =>
    `/ledger/account/${encodeURIComponent(code)}?${period}${
      counterparty ? `&counterparty=${counterparty}` : ""
    }`;
  const { totals } = report;
  return (
    <ScrollTable label="Оборотна ведомост">
      <table className={listStyles.table}>
        <caption>
          Оборотна ведомост от {report.from} до {report.to}, в {CURRENCY_NAMES[report.currency]}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Сметка
            </th>
            <th scope="col" className={listStyles.cell}>
              Наименование
            </th>
            <AmountHead>Начално салдо Дт</AmountHead>
            <AmountHead>Начално салдо Кт</AmountHead>
            <AmountHead>Оборот Дт</AmountHead>
            <AmountHead>Оборот Кт</AmountHead>
            <AmountHead>Крайно салдо Дт</AmountHead>
            <AmountHead>Крайно салдо Кт</AmountHead>
          </tr>
        </thead>
        <tbody>
          {report.accounts.flatMap((a) => [
            <tr key={a.code}>
              <th scope="row" className={listStyles.cell}>
                <Link to={card(a.code)}>{a.code}</Link>
              </th>
              <td className={listStyles.cell}>
                {a.analytics?.length ? <strong>{a.name}</strong> : a.name}
              </td>
              <FigureCells figures={a} />
            </tr>,
            ...(a.analytics ?? []).map((r) => {
              const party = r.counterparty;
              return (
                <tr key={`${a.code}-${party ? `${party.kind}-${party.id ?? party.name}` : "-"}`}>
                  <td className={listStyles.cell}>
                    <span className="visually-hidden">{a.code}</span>
                  </td>
                  <th scope="row" className={listStyles.cell} style={{ fontWeight: "normal" }}>
                    {party?.id ? (
                      <Link to={card(a.code, party.id)}>{party.name}</Link>
                    ) : (
                      (party?.name ?? "Без аналитичност")
                    )}
                    {party ? <small> ({KINDS[party.kind] ?? party.kind})</small> : null}
                  </th>
                  <FigureCells figures={r} />
                </tr>
              );
            }),
          ])}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className={listStyles.cell}>
              Общо
            </th>
            <FigureCells figures={totals} />
          </tr>
        </tfoot>
      </table>
    </ScrollTable>
  );
}
