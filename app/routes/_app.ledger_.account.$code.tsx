import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FilterSelect } from "~/components/forms/filter-select";
import * as page from "~/components/layout/page.css";
import { CardTable, OpenItemsTable } from "~/components/ledger/account-card-tables";
import { ExportLinks, LedgerNav, PeriodForm } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { can } from "~/modules/auth/capabilities";
import { accountParties } from "~/modules/ledger/analytics.server";
import { JOURNAL_LIMIT } from "~/modules/ledger/constants";
import { keepsOpenItems, openItems } from "~/modules/ledger/open-items.server";
import { accountCard } from "~/modules/ledger/reports.server";
import {
  counterpartyFilter,
  isAccountCode,
  LEDGER_MESSAGES,
  periodOf,
} from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { NotFoundError } from "~/utils/errors";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * An account's card (карта на сметка): its opening balance, each line of the period, the balance;
 * with `counterparty=` one counterparty's lines only; for an account kept per counterparty (411,
 * 401) the documents not settled on the period's last day (open items), with their age: a
 * counterparty's at once, the whole account's on request (`open=all`: at 100 000 documents it
 * groups every line of the account, half a second).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const search = new URL(request.url).searchParams;
  const asked = periodOf(search, today);
  const period = asked ?? { from: `${today.slice(0, 4)}-01-01`, to: today };
  const code = String(params.code ?? "");
  if (!isAccountCode(code)) throw new NotFoundError();
  const counterparty = counterpartyFilter(search);
  if (counterparty === false) throw new NotFoundError();
  const card = await accountCard(context.db, user.companyId, code, { ...period, counterparty });
  if (!card) throw new NotFoundError();
  const [parties, open] = await Promise.all([
    card.account.analytics === "none"
      ? Promise.resolve([])
      : accountParties(context.db, user.companyId, code, period.to),
    keepsOpenItems(card.account) && (counterparty || search.get("open") === "all")
      ? openItems(context.db, user.companyId, code, period.to, counterparty)
      : Promise.resolve(null),
  ]);
  const query = new URLSearchParams({
    account: code,
    ...period,
    ...(counterparty ? { counterparty } : {}),
  });
  return json({
    ...period,
    card,
    parties,
    open,
    hasOpenItems: keepsOpenItems(card.account),
    query: query.toString(),
    error: asked ? null : LEDGER_MESSAGES.period,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function AccountCard() {
  const { from, to, card, parties, open, hasOpenItems, query, error, mayEdit } =
    useLoaderData<typeof loader>();
  const { account, counterparty } = card;
  const here = `/ledger/account/${encodeURIComponent(account.code)}`;
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="" mayEdit={mayEdit} />
      <h2>
        Сметка {account.code} {account.name}
        {counterparty ? ` — ${counterparty.name ?? "контрагент без операции"}` : ""}
      </h2>
      <PeriodForm from={from} to={to} error={error}>
        {parties.length > 0 && (
          <FilterSelect
            name="counterparty"
            label="Контрагент"
            idPrefix="card"
            value={counterparty?.id}
            options={parties.map((p) => [p.id, p.name] as const)}
            allLabel="Всички контрагенти"
          />
        )}
      </PeriodForm>
      {counterparty && (
        <p>
          <Link to={`${here}?from=${from}&to=${to}`}>Цялата сметка {account.code}</Link>
        </p>
      )}
      <ExportLinks report="account-card" query={query} />
      {card.truncated && (
        <p role="status">
          Показани са първите {JOURNAL_LIMIT} реда: изберете по-кратък период (файловете съдържат
          всички).
        </p>
      )}
      <CardTable card={card} from={from} to={to} />
      {hasOpenItems && (
        <section aria-labelledby="open-items">
          <h3 id="open-items">Отворени позиции</h3>
          {open ? (
            <OpenItemsTable
              open={open}
              to={to}
              cardHref={
                counterparty ? null : (id) => `${here}?from=${from}&to=${to}&counterparty=${id}`
              }
            />
          ) : (
            <p>
              Изберете контрагент или{" "}
              <Link to={`${here}?from=${from}&to=${to}&open=all`}>
                покажете неуредените документи на цялата сметка
              </Link>
              .
            </p>
          )}
        </section>
      )}
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
