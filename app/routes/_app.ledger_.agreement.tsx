import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { AmountCell, AmountHead, LedgerNav } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { can } from "~/modules/auth/capabilities";
import { LEDGER_MESSAGES } from "~/modules/ledger/schema";
import { booksAgreement } from "~/modules/vat/books-agreement.server";
import { todayInSofia } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { MONTH, monthLabel, previousMonth } from "~/utils/periods";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * «Съгласуване» (issue #45 item 5): a month's books beside the VAT return, НАП's payments of the
 * payroll, the bank statements and the invoice list, each with its difference.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("month");
  const month = asked && MONTH.test(asked) && asked <= today.slice(0, 7) ? asked : null;
  const shown = month ?? previousMonth(today.slice(0, 7));
  const rows = await booksAgreement(context.db, user.companyId, shown, today);
  return json({
    month: shown,
    rows,
    error: asked !== null && !month ? LEDGER_MESSAGES.month : null,
    mayEdit: can(user, "ledger.edit"),
  });
}

export default function Agreement() {
  const { month, rows, error, mayEdit } = useLoaderData<typeof loader>();
  const differing = rows.filter((r) => r.booksCents !== r.sourceCents).length;
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/agreement" mayEdit={mayEdit} />
      <h2>Съгласуване на книгите</h2>
      <Form method="get" className={listStyles.toolbar} aria-label="Месец за съгласуване">
        <FormField
          name="month"
          label="Месец"
          type="month"
          defaultValue={month}
          error={error ?? undefined}
        />
        <Button type="submit" tone="secondary">
          Покажи
        </Button>
      </Form>
      <p role="status">
        {differing === 0
          ? `Книгите за ${monthLabel(month)} съвпадат до стотинка с ${rows.length === 1 ? "източника" : `всичките ${rows.length} източника`}.`
          : `Разлики за ${monthLabel(month)}: ${differing} от ${rows.length}. Проверете неосчетоводеното и разнасянето по банката, преди да заключите месеца.`}
      </p>
      <ScrollTable label="Съгласуване">
        <table className={listStyles.table}>
          <caption>Книгите и източниците им за {monthLabel(month)}</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Сметка
              </th>
              <th scope="col" className={listStyles.cell}>
                Какво
              </th>
              <AmountHead>В книгите</AmountHead>
              <AmountHead>В източника</AmountHead>
              <th scope="col" className={listStyles.cell}>
                Източник
              </th>
              <th scope="col" className={listStyles.cell}>
                Резултат
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.accounts}-${r.what}`}>
                <th scope="row" className={listStyles.cell}>
                  {r.accounts}
                </th>
                <td className={listStyles.cell}>{r.what}</td>
                <AmountCell cents={r.booksCents} />
                <AmountCell cents={r.sourceCents} />
                <td className={listStyles.cell}>{r.source}</td>
                <td className={listStyles.cell}>
                  {r.booksCents === r.sourceCents
                    ? "Съвпада"
                    : `Разлика ${formatCents(r.booksCents - r.sourceCents)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Съгласуване на книгите | Сметка" }];
