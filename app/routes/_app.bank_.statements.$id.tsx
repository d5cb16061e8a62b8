import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { TransactionCard } from "~/components/bank/transaction-card";
import * as styles from "~/components/bank/transaction-card.css";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import { TabLinks } from "~/components/ui/tab-links";
import {
  STATEMENT_FORMATS,
  STATEMENT_PAGE_SIZE,
  TRANSACTION_STATUSES,
} from "~/modules/bank/constants";
import { getStatement, listTransactions, statementCounts } from "~/modules/bank/queries.server";
import { listAccounts } from "~/modules/ledger/accounts.server";
import { lockedSentence } from "~/modules/periods/constants";
import { locksBetween } from "~/modules/periods/locks.server";
import { printDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { isOwnKey, ownValue } from "~/utils/own-keys";
import { monthLabel } from "~/utils/periods";
import { requireBankPage } from "~/web/bank/access.server";
import { statementAction } from "~/web/bank/statement-page.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireBankPage(request, context, "view");
  const statement = await getStatement(context.db, user.companyId, params.id);
  if (!statement) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = isOwnKey(TRANSACTION_STATUSES, asked) ? asked : undefined;
  const [counts, { transactions, nextCursor }, locks, accounts] = await Promise.all([
    statementCounts(context.db, user.companyId, statement.id),
    listTransactions(context.db, user.companyId, {
      statementId: statement.id,
      status,
      cursor: url.searchParams.get("after"),
      limit: STATEMENT_PAGE_SIZE,
    }),
    // The locked months it covers (decision 058): their movements are neither matched nor undone.
    locksBetween(context.db, user.companyId, statement.periodFrom, statement.periodTo),
    // The chart, offered to «Осчетоводи по сметка» (decision 059).
    listAccounts(context.db, user.companyId),
  ]);
  const locked = [...locks.values()].map(lockedSentence);
  const lockedMonths = [...locks.keys()];
  return json({
    statement,
    counts,
    status: status ?? "all",
    transactions,
    nextCursor,
    locked,
    lockedMonths,
    accounts: accounts.map((a) => [a.code, a.name] as const),
  });
}

/** Confirm a suggestion, match by numbers, undo a match, or rank the statement again. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireBankPage(request, context, "edit");
  const statement = await getStatement(context.db, user.companyId, params.id);
  if (!statement) throw new Response("Not Found", { status: 404 });
  return statementAction(request, { user, context }, statement.id);
}

export default function Statement() {
  const { statement, counts, status, transactions, nextCursor, locked, lockedMonths, accounts } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const base = `/bank/statements/${statement.id}`;
  const back = `${location.pathname}${location.search}`;
  const tabs = [
    { key: "all", label: `Всички (${counts.total})`, to: base },
    {
      key: "suggested",
      label: `С предложение (${counts.suggested})`,
      to: `${base}?status=suggested`,
    },
    {
      key: "unmatched",
      label: `Неразнесени (${counts.unmatched})`,
      to: `${base}?status=unmatched`,
    },
    { key: "matched", label: `Разнесени (${counts.matched})`, to: `${base}?status=matched` },
  ];
  const next = new URLSearchParams(location.search);
  if (nextCursor) next.set("after", nextCursor);
  return (
    <div className={page.page}>
      <p>
        <Link to="/bank">« Банка</Link>
      </p>
      <h1>
        Извлечение {statement.periodFrom ? printDate(statement.periodFrom) : ""} –{" "}
        {statement.periodTo ? printDate(statement.periodTo) : ""}
      </h1>
      <p className={styles.meta}>
        {statement.iban} ({statement.currency}) · {ownValue(STATEMENT_FORMATS, statement.format)} ·{" "}
        {statement.statementNumber ? `№ ${statement.statementNumber} · ` : ""}
        {statement.openingCents !== null
          ? `начално салдо ${formatCents(statement.openingCents)} · `
          : ""}
        {statement.closingCents !== null
          ? `крайно салдо ${formatCents(statement.closingCents)} · `
          : ""}
        <a href={`${base}/file`}>Оригиналният файл ({statement.fileName})</a>
      </p>
      {locked.map((sentence) => (
        <p key={sentence} className={page.warning}>
          {sentence} Движенията с дата в него не се разнасят и разнасянето им не се отменя.
        </p>
      ))}
      <TabLinks label="Движения по състояние" tabs={tabs} current={status} />
      <Form method="post" className={styles.manual} aria-label="Нови предложения">
        <CompanyField />
        <input type="hidden" name="back" value={back} />
        <p>Добавили сте фактури, разходи или правила? Предложенията се изготвят отново.</p>
        <Button type="submit" name="intent" value="refresh" tone="secondary" disabled={busy}>
          Обнови предложенията
        </Button>
      </Form>
      <datalist id="ledger-accounts">
        {accounts.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </datalist>
      <h2 className="visually-hidden">Движения</h2>
      {transactions.length === 0 ? <p>Няма движения в този изглед.</p> : null}
      {transactions.map((tx) => (
        <TransactionCard
          key={tx.id}
          tx={tx}
          back={back}
          locked={
            lockedMonths.includes(tx.bookedOn.slice(0, 7))
              ? `Месец ${monthLabel(tx.bookedOn.slice(0, 7))} е заключен: движението не се разнася и разнасянето му не се отменя.`
              : null
          }
        />
      ))}
      {nextCursor ? (
        <p>
          <Link to={`${base}?${next.toString()}`}>Следващи движения »</Link>
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Банково извлечение — Сметка" }];

export const ErrorBoundary = GateBoundary;

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
