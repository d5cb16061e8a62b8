import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import * as page from "~/components/layout/page.css";
import { ExportLinks, LedgerNav, PeriodForm } from "~/components/ledger/ledger-parts";
import { TrialBalanceTable } from "~/components/ledger/trial-balance-table";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { can } from "~/modules/auth/capabilities";
import { trialBalanceAnalytics } from "~/modules/ledger/analytics.server";
import { unposted as listUnposted } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES, periodOf, wantsAnalytics } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * «Счетоводство»: the trial balance (оборотна ведомост) of a period — with `analytics=1` each
 * account's figures per counterparty or employee under it — and what is not posted yet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const search = new URL(request.url).searchParams;
  const asked = periodOf(search, today);
  const period = asked ?? { from: `${today.slice(0, 4)}-01-01`, to: today };
  const analytics = wantsAnalytics(search);
  const [report, perAnalytic, problems] = await Promise.all([
    trialBalance(context.db, user.companyId, period.from, period.to),
    analytics
      ? trialBalanceAnalytics(context.db, user.companyId, period.from, period.to)
      : Promise.resolve(null),
    listUnposted(context.db, user.companyId),
  ]);
  const accounts = report.accounts.map((a) => ({
    ...a,
    analytics: perAnalytic?.get(a.code) ?? [],
  }));
  const query = new URLSearchParams({ ...period, ...(analytics ? { analytics: "1" } : {}) });
  return json({
    report: { ...report, accounts },
    analytics,
    query: query.toString(),
    problems,
    error: asked ? null : LEDGER_MESSAGES.period,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function TrialBalance() {
  const { report, analytics, query, problems, error, mayEdit } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger" mayEdit={mayEdit} />
      <h2>Оборотна ведомост</h2>
      <PeriodForm from={report.from} to={report.to} error={error}>
        <div className={fieldStyles.checkboxRow} style={{ alignSelf: "end" }}>
          <input
            type="checkbox"
            id="tb-analytics"
            name="analytics"
            value="1"
            defaultChecked={analytics}
          />
          <label htmlFor="tb-analytics" className={fieldStyles.label}>
            По аналитични сметки (контрагенти, служители)
          </label>
        </div>
      </PeriodForm>
      {problems.length > 0 && (
        <section className={page.warning} aria-labelledby="unposted">
          <h3 id="unposted">Неосчетоводено ({problems.length})</h3>
          <ul>
            {problems.map((p) => (
              <li key={`${p.href}-${p.what}`}>
                <Link to={p.href}>{p.what}</Link>: {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.accounts.length === 0 ? (
        <p>Няма осчетоводени операции до {report.to}.</p>
      ) : (
        <>
          <ExportLinks report="trial-balance" query={query} />
          <TrialBalanceTable report={report} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Оборотна ведомост | Сметка" }];
