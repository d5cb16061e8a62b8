import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import {
  AmountCell,
  AmountHead,
  CURRENCY_NAMES,
  LedgerNav,
  PeriodForm,
} from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { can } from "~/modules/auth/capabilities";
import { JOURNAL_LIMIT } from "~/modules/ledger/constants";
import { accountCard } from "~/modules/ledger/reports.server";
import { isAccountCode, LEDGER_MESSAGES, periodOf } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { NotFoundError } from "~/utils/errors";
import { requireFeature } from "~/web/subscriptions/gate.server";

/** An account's card (карта на сметка): its opening balance, each line of the period, the balance. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = periodOf(new URL(request.url).searchParams, today);
  const period = asked ?? { from: `${today.slice(0, 4)}-01-01`, to: today };
  const code = String(params.code ?? "");
  if (!isAccountCode(code)) throw new NotFoundError();
  const card = await accountCard(context.db, user.companyId, code, period.from, period.to);
  if (!card) throw new NotFoundError();
  return json({
    ...period,
    card,
    error: asked ? null : LEDGER_MESSAGES.period,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function AccountCard() {
  const { from, to, card, error, mayEdit } = useLoaderData<typeof loader>();
  const { account } = card;
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="" mayEdit={mayEdit} />
      <h2>
        Сметка {account.code} {account.name}
      </h2>
      <PeriodForm from={from} to={to} error={error} />
      {card.truncated && (
        <p role="status">Показани са първите {JOURNAL_LIMIT} реда: изберете по-кратък период.</p>
      )}
      <ScrollTable label={`Карта на сметка ${account.code}`}>
        <table className={listStyles.table}>
          <caption>
            От {from} до {to}, в {CURRENCY_NAMES[card.currency]}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Дата
              </th>
              <th scope="col" className={listStyles.cell}>
                Документ и основание
              </th>
              <th scope="col" className={listStyles.cell}>
                Контрагент
              </th>
              <AmountHead>Дебит</AmountHead>
              <AmountHead>Кредит</AmountHead>
              <AmountHead>Салдо Дт</AmountHead>
              <AmountHead>Салдо Кт</AmountHead>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" colSpan={5} className={listStyles.cell}>
                Начално салдо
              </th>
              <AmountCell cents={card.opening.debitCents} />
              <AmountCell cents={card.opening.creditCents} />
            </tr>
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
            <tr>
              <th scope="row" colSpan={5} className={listStyles.cell}>
                Крайно салдо
              </th>
              <AmountCell cents={card.closing.debitCents} />
              <AmountCell cents={card.closing.creditCents} />
            </tr>
          </tfoot>
        </table>
      </ScrollTable>
      <p>
        <Link
          to={`/ledger/journal?from=${from}&to=${to}&account=${encodeURIComponent(account.code)}`}
        >
          Статиите по сметката в хронологичния регистър
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Карта на сметка | Сметка" }];
