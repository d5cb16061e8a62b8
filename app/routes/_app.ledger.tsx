import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import {
  AmountCell,
  AmountHead,
  CURRENCY_NAMES,
  LedgerNav,
  PeriodForm,
} from "~/components/ledger/ledger-parts";
import { VAT_SETTLEMENT_FORM, VatSettlement } from "~/components/ledger/vat-settlement";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { can } from "~/modules/auth/capabilities";
import { unposted as listUnposted } from "~/modules/ledger/backfill.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import { LEDGER_MESSAGES, periodOf } from "~/modules/ledger/schema";
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

/** «Счетоводство»: the trial balance (оборотна ведомост) of a period, and what is not posted yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = periodOf(new URL(request.url).searchParams, today);
  const period = asked ?? { from: `${today.slice(0, 4)}-01-01`, to: today };
  const [report, problems, settled] = await Promise.all([
    trialBalance(context.db, user.companyId, period.from, period.to),
    listUnposted(context.db, user.companyId),
    vatSettlements(context.db, user.companyId, period.from, period.to),
  ]);
  return json({
    report,
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
  const poster = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
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
  const { report, problems, error, mayEdit, settled, lastMonth } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { totals } = report;
  const card = (code: string) =>
    `/ledger/account/${encodeURIComponent(code)}?from=${report.from}&to=${report.to}`;
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger" mayEdit={mayEdit} />
      <h2>Оборотна ведомост</h2>
      <PeriodForm from={report.from} to={report.to} error={error} />
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
        <ScrollTable label="Оборотна ведомост">
          <table className={listStyles.table}>
            <caption>
              От {report.from} до {report.to}, в {CURRENCY_NAMES[report.currency]}
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
              {report.accounts.map((a) => (
                <tr key={a.code}>
                  <th scope="row" className={listStyles.cell}>
                    <Link to={card(a.code)}>{a.code}</Link>
                  </th>
                  <td className={listStyles.cell}>{a.name}</td>
                  <AmountCell cents={a.opening.debitCents} />
                  <AmountCell cents={a.opening.creditCents} />
                  <AmountCell cents={a.turnover.debitCents} />
                  <AmountCell cents={a.turnover.creditCents} />
                  <AmountCell cents={a.closing.debitCents} />
                  <AmountCell cents={a.closing.creditCents} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className={listStyles.cell}>
                  Общо
                </th>
                <AmountCell cents={totals.opening.debitCents} />
                <AmountCell cents={totals.opening.creditCents} />
                <AmountCell cents={totals.turnover.debitCents} />
                <AmountCell cents={totals.turnover.creditCents} />
                <AmountCell cents={totals.closing.debitCents} />
                <AmountCell cents={totals.closing.creditCents} />
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
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
