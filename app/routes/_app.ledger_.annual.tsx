import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { BalanceCheck, StatementTable } from "~/components/ledger/annual-statements";
import { ExportLinks, LedgerNav } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ANNUAL_MESSAGES, yearOf } from "~/modules/annual/statements";
import { annualStatements } from "~/modules/annual/statements.server";
import { can } from "~/modules/auth/capabilities";
import { todayInSofia } from "~/utils/dates";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * /ledger/annual?year=yyyy «Годишен отчет» (issue #46 item 4, decision 067): the year's trial
 * balance, and the micro-enterprise's abridged balance sheet (the year and the one before) and
 * income statement from the books, each row with its accounts, the rows the accountant completes
 * by hand marked, the check that it balances, the draft as PDF, Excel and CSV — and plainly what
 * is not produced (the annual SAF-T of fixed assets). Owner and accountant.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("year");
  const year = asked === null ? Number(today.slice(0, 4)) - 1 : yearOf(asked, today);
  const mayEdit = can(user, "ledger.edit");
  if (year === null) {
    return json({ statements: null, asked, error: ANNUAL_MESSAGES.year, mayEdit }, { status: 400 });
  }
  const statements = await annualStatements(context.db, user.companyId, year);
  return json({ statements, asked: String(year), error: null, mayEdit });
}

export default function AnnualStatements() {
  const { statements: s, asked, error, mayEdit } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Годишен отчет</h1>
      <LedgerNav current="/ledger/annual" mayEdit={mayEdit} />
      <Form method="get" aria-label="Година" className={page.card}>
        <div className={listStyles.toolbar}>
          <FormField
            name="year"
            label="Година"
            inputMode="numeric"
            defaultValue={asked ?? ""}
            required
            error={error ?? undefined}
          />
          <div>
            <Button type="submit">Покажи</Button>
          </div>
        </div>
      </Form>
      {s && (
        <>
          <p>
            Чернова на годишния финансов отчет на микропредприятие (чл. 29, ал. 4 от Закона за
            счетоводството): съкратен баланс и съкратен отчет за приходите и разходите, съставени от
            счетоводните записвания. Счетоводителят ги проверява и допълва; редовете, които Сметка
            не може да знае, са отбелязани «Попълва се ръчно». Статиите за приключване на годината
            не се включват: отчетът за приходите и разходите е по оборотите на сметките от групи 6 и
            7.
          </p>
          <section aria-labelledby="annual-trial-balance">
            <h2 id="annual-trial-balance">Оборотна ведомост за {s.year}</h2>
            <p>
              <Link to={`/ledger?from=${s.year}-01-01&to=${s.year}-12-31`}>
                Оборотна ведомост от 01.01.{s.year} до 31.12.{s.year}
              </Link>
            </p>
            <ExportLinks report="trial-balance" query={`from=${s.year}-01-01&to=${s.year}-12-31`} />
          </section>
          <section aria-labelledby="annual-draft">
            <h2 id="annual-draft">Годишен отчет за {s.year} (чернова)</h2>
            <ExportLinks report="annual" query={`year=${s.year}`} />
            <h3>Съкратен баланс към 31.12.{s.year}</h3>
            <StatementTable
              caption={`Актив към 31.12.${s.year}`}
              year={s.year}
              currency={s.currency}
              lines={s.assets}
            />
            <StatementTable
              caption={`Собствен капитал и пасиви към 31.12.${s.year}`}
              year={s.year}
              currency={s.currency}
              lines={s.liabilities}
            />
            <BalanceCheck
              year={s.year}
              difference={s.difference}
              assets={s.assets.at(-1) ?? { current: 0, previous: 0 }}
              unmapped={s.unmapped}
            />
            <h3>Съкратен отчет за приходите и разходите за {s.year}</h3>
            <StatementTable
              caption={`Приходи и разходи за ${s.year}`}
              year={s.year}
              currency={s.currency}
              lines={s.income}
            />
            <p>
              <small>
                Формата е в сила от {s.form.validFrom}. Източник: {s.form.source}.
              </small>
            </p>
          </section>
          <section aria-labelledby="annual-saft" className={page.card}>
            <h2 id="annual-saft">Годишен файл SAF-T (дълготрайни активи)</h2>
            <p>{ANNUAL_MESSAGES.noSaft}</p>
          </section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Годишен отчет | Сметка" }];
