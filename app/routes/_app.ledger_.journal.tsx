import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import {
  AccountingExport,
  AmountCell,
  AmountHead,
  CURRENCY_NAMES,
  ExportLinks,
  LedgerNav,
  PeriodForm,
} from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { can } from "~/modules/auth/capabilities";
import { JOURNAL_LIMIT } from "~/modules/ledger/constants";
import { journal as readJournal } from "~/modules/ledger/reports.server";
import { accountFilter, LEDGER_MESSAGES, periodOf } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { requireFeature } from "~/web/subscriptions/gate.server";

const SOURCES = {
  document: "Документ",
  payment: "Плащане",
  expense: "Разход",
  expense_payment: "Плащане на разход",
  manual: "Ръчна статия",
  salary: "Заплата",
  salary_payment: "Изплащане на заплата",
  bank: "Банково движение",
  vat_settlement: "Приключване на ДДС",
  vat_protocol: "Протокол по чл. 117 ЗДДС",
  opening: "Начални салда",
} as const;

/** The journal (хронологичен регистър): the period's entries, oldest first, with their lines. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const search = new URL(request.url).searchParams;
  const today = todayInSofia();
  // The journal opens on this month (the trial balance on the year).
  const month = `${today.slice(0, 7)}-01`;
  const asked = periodOf(
    new URLSearchParams({ from: month, ...Object.fromEntries(search) }),
    today,
  );
  const period = asked ?? { from: month, to: today };
  const account = accountFilter(search) || null;
  const { entries, truncated } = await readJournal(context.db, user.companyId, {
    ...period,
    account,
  });
  const query = new URLSearchParams({ ...period, ...(account ? { account } : {}) });
  return json({
    ...period,
    account,
    query: query.toString(),
    entries,
    truncated,
    error: asked ? null : LEDGER_MESSAGES.period,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function Journal() {
  const { from, to, account, query, entries, truncated, error, mayEdit } =
    useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/journal" mayEdit={mayEdit} />
      <h2>Хронологичен регистър</h2>
      <PeriodForm from={from} to={to} error={error}>
        <FormField name="account" label="Сметка" defaultValue={account ?? ""} />
      </PeriodForm>
      <ExportLinks report="journal" query={query} />
      {truncated && (
        <p role="status">
          Показани са първите {JOURNAL_LIMIT} статии: изберете по-кратък период (файловете съдържат
          всички).
        </p>
      )}
      {entries.length === 0 ? (
        <p>Няма статии в периода.</p>
      ) : (
        <ScrollTable label="Хронологичен регистър">
          <table className={listStyles.table}>
            <caption className="visually-hidden">
              Хронологичен регистър: статии от {from} до {to}
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
                  Сметка
                </th>
                <th scope="col" className={listStyles.cell}>
                  Контрагент
                </th>
                <AmountHead>Дебит</AmountHead>
                <AmountHead>Кредит</AmountHead>
              </tr>
            </thead>
            <tbody>
              {entries.flatMap((e) =>
                e.lines.map((l, i) => (
                  <tr key={l.id}>
                    {i === 0 && (
                      <>
                        <td className={listStyles.cell} rowSpan={e.lines.length}>
                          {e.entryDate}
                        </td>
                        <td className={listStyles.cell} rowSpan={e.lines.length}>
                          <strong>{e.documentRef}</strong>
                          <br />
                          {e.description}
                          <br />
                          <small>
                            {SOURCES[e.sourceKind]}
                            {e.reversesEntryId ? " · сторно" : ""} · {CURRENCY_NAMES[e.currency]}
                          </small>
                        </td>
                      </>
                    )}
                    <td className={listStyles.cell}>
                      <Link to={`/ledger/account/${encodeURIComponent(l.accountCode)}`}>
                        {l.accountCode}
                      </Link>
                    </td>
                    <td className={listStyles.cell}>{l.counterpartyName ?? ""}</td>
                    <AmountCell cents={l.debitCents} />
                    <AmountCell cents={l.creditCents} />
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <AccountingExport from={from} to={to} />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Хронологичен регистър | Сметка" }];
