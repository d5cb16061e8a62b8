import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import * as page from "~/components/layout/page.css";
import { ExportLinks, LedgerNav, PeriodForm } from "~/components/ledger/ledger-parts";
import { TrialBalanceTable } from "~/components/ledger/trial-balance-table";
import { VAT_SETTLEMENT_FORM, VatSettlement } from "~/components/ledger/vat-settlement";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { actorOf } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import { trialBalanceAnalytics } from "~/modules/ledger/analytics.server";
import { unposted as listUnposted } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES, periodOf, wantsAnalytics } from "~/modules/ledger/schema";
import { vatSettlements } from "~/modules/ledger/vat-settlement.server";
import { settleVat, unsettleVat } from "~/modules/vat/settlement.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { formatCents } from "~/utils/money";
import { MONTH, previousMonth } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
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
  const [report, perAnalytic, problems, settled] = await Promise.all([
    trialBalance(context.db, user.companyId, period.from, period.to),
    analytics
      ? trialBalanceAnalytics(context.db, user.companyId, period.from, period.to)
      : Promise.resolve(null),
    listUnposted(context.db, user.companyId),
    vatSettlements(context.db, user.companyId, period.from, period.to),
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
    settled,
    lastMonth: previousMonth(today.slice(0, 7)),
  });
}

/** «Приключи ДДС» for a month, or its «Сторнирай» (decision 059): owner and accountant. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = typedValues(await request.formData());
  const back = safeRedirect(values.back, "/ledger");
  if (values.intent !== "vat-settle" && values.intent !== "vat-reverse") {
    return refuseUnknownIntent(VAT_SETTLEMENT_FORM);
  }
  const month = values.month ?? "";
  if (!MONTH.test(month)) {
    return refuseForm({
      formId: VAT_SETTLEMENT_FORM,
      fieldErrors: { month: LEDGER_MESSAGES.month },
      formError: LEDGER_MESSAGES.month,
      repopulateFields: values,
      focus: "month",
    });
  }
  const poster = actorOf(user, context);
  try {
    if (values.intent === "vat-reverse") {
      await unsettleVat(context.db, user.companyId, month, poster);
      return redirectWithToast(back, `Приключването на ДДС за ${month} е сторнирано`);
    }
    const { cells } = await settleVat(context.db, user.companyId, month, poster);
    return redirectWithToast(
      back,
      cells.payable > 0
        ? `ДДС за ${month} е приключен: за внасяне ${formatCents(cells.payable - cells.deducted)}`
        : `ДДС за ${month} е приключен: за възстановяване ${formatCents(cells.refund)}`,
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(VAT_SETTLEMENT_FORM, error, values);
    }
    throw error;
  }
}

export default function TrialBalance() {
  const { report, analytics, query, problems, error, mayEdit, settled, lastMonth } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger" mayEdit={mayEdit} />
      <h2>Оборотна ведомост</h2>
      <p>
        <Link to="/ledger/saft">SAF-T файл за месеца</Link>
      </p>
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
      {mayEdit && (
        <VatSettlement
          month={lastMonth}
          settled={settled}
          back={`${location.pathname}${location.search}`}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Оборотна ведомост | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
