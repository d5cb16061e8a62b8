import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { GeneralLedgerTables } from "~/components/ledger/general-ledger-tables";
import { ExportLinks, LedgerNav, PeriodForm } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { can } from "~/modules/auth/capabilities";
import { GENERAL_LEDGER_LIMIT } from "~/modules/ledger/constants";
import { generalLedger } from "~/modules/ledger/general-ledger.server";
import { accountFilter, LEDGER_MESSAGES, periodOf } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * The general ledger (главна книга) of a period: per account (or one, `account=`) its opening
 * balance, each line with the accounts it corresponds with, its turnover and closing balance.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const search = new URL(request.url).searchParams;
  // Like the journal, the general ledger opens on this month.
  const month = `${today.slice(0, 7)}-01`;
  const asked = periodOf(
    new URLSearchParams({ from: month, ...Object.fromEntries(search) }),
    today,
  );
  const period = asked ?? { from: month, to: today };
  const account = accountFilter(search);
  const ledger = await generalLedger(context.db, user.companyId, {
    ...period,
    account: account || null,
  });
  const query = new URLSearchParams({ ...period, ...(account ? { account } : {}) });
  return json({
    ledger,
    account: account || null,
    query: query.toString(),
    error: asked ? null : LEDGER_MESSAGES.period,
    accountError: account === false ? LEDGER_MESSAGES.account : null,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function GeneralLedger() {
  const { ledger, account, query, error, accountError, mayEdit } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/general" mayEdit={mayEdit} />
      <h2>Главна книга</h2>
      <PeriodForm from={ledger.from} to={ledger.to} error={error}>
        <FormField
          name="account"
          label="Сметка"
          defaultValue={account ?? ""}
          error={accountError ?? undefined}
        />
      </PeriodForm>
      {ledger.accounts.length === 0 ? (
        <p>Няма осчетоводени операции до {ledger.to}.</p>
      ) : (
        <>
          <ExportLinks report="general-ledger" query={query} />
          {ledger.truncated && (
            <p role="status">
              Показани са първите {GENERAL_LEDGER_LIMIT} реда: изберете сметка или по-кратък период
              (файловете съдържат всички).
            </p>
          )}
          <GeneralLedgerTables ledger={ledger} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Главна книга | Сметка" }];
