import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { friendlyFormatIBAN } from "ibantools";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import * as page from "~/components/layout/page.css";
import * as styles from "~/components/salaries/payments.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { ActiveCompanyNote } from "~/components/team/active-company-note";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { PAYMENT_MESSAGES } from "~/modules/salaries/nap/payment-messages";
import { monthPayments } from "~/modules/salaries/nap/payments.server";
import { printDate } from "~/utils/dates";
import { formatCents, formatMoney } from "~/utils/money";
import { monthLabel, nextMonth, previousMonth } from "~/utils/periods";
import { currentMonth } from "~/web/salaries/form.server";
import { parseDeclarationMonth } from "~/web/salaries/nap-download.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/*
 * /salaries/declarations/payments?month=yyyy-MM (issue #27 item 3, decision 025): the month's
 * payment orders to НАП — per obligation НАП's IBAN at the БНБ, the amount, the reason and the due
 * date — to print (print CSS: only the sheet goes on paper) and as a CSV for the bank's import.
 * The amounts are обр. 6's; a problem of the declarations or an account whose IBAN fails its check
 * digits keeps them back, with a link to fix it. Links and a GET form only: no JavaScript needed.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "payroll.files");
  const asked = new URL(request.url).searchParams.get("month");
  const parsed = parseDeclarationMonth(asked);
  const month = parsed ?? currentMonth();
  const p = await monthPayments(context.db, user.companyId, month);
  const ready = p.problems.length === 0;
  return json(
    {
      companyName: user.companyName,
      month,
      monthError: asked !== null && !parsed ? DECLARATION_MESSAGES.month : null,
      ready,
      problems: p.problems,
      payer: p.payer,
      recipient: p.recipient,
      dueDate: p.dueDate,
      payments: ready ? p.payments : [],
      totalCents: ready ? p.totalCents : 0,
      form6TotalCents: p.form6TotalCents,
      contractTaxCents: p.contractTaxCents,
    },
    { status: parsed || asked === null ? 200 : 400 },
  );
}

export default function NapPayments() {
  const data = useLoaderData<typeof loader>();
  const { month } = data;
  const label = monthLabel(month);
  const csv = `/api/salaries/month/${month}/payments`;
  return (
    <div className={page.page}>
      <h1>Плащания към НАП — {label}</h1>
      <div className={styles.screenOnly}>
        <p>
          <Link to={`/salaries/declarations?month=${month}`}>« Декларации към НАП за {label}</Link>
        </p>
        <Form method="get" className={listStyles.toolbar} aria-label="Избор на месец">
          <div>
            <label htmlFor="payments-month" className={fieldStyles.label}>
              Месец (ГГГГ-ММ)
            </label>
            <input
              id="payments-month"
              type="month"
              name="month"
              defaultValue={month}
              pattern="\d{4}-\d{2}"
              className={fieldStyles.input}
              aria-invalid={data.monthError ? true : undefined}
              aria-describedby={data.monthError ? "payments-month-error" : undefined}
            />
            {data.monthError ? (
              <p id="payments-month-error" role="alert" className={fieldStyles.error}>
                {data.monthError}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit">Покажи</Button>
          </div>
          <nav aria-label="Съседни месеци" style={{ alignSelf: "end" }}>
            <Link to={`/salaries/declarations/payments?month=${previousMonth(month)}`}>
              « {monthLabel(previousMonth(month))}
            </Link>
            {" · "}
            <Link to={`/salaries/declarations/payments?month=${nextMonth(month)}`}>
              {monthLabel(nextMonth(month))} »
            </Link>
          </nav>
        </Form>
      </div>

      {data.ready ? (
        <>
          <section
            aria-labelledby="payments-download"
            className={`${page.card} ${styles.screenOnly}`}
          >
            <h2 id="payments-download" className={page.cardTitle}>
              За банката
            </h2>
            <ActiveCompanyNote name={data.companyName} />
            <ul className={page.lines}>
              <li>
                <a href={csv} download>
                  Платежните нареждания като CSV за импорт в банката (Windows-1251)
                </a>
              </li>
              <li>
                За хартия: отпечатайте страницата (Ctrl+P) — менюто, формата и тези връзки не се
                отпечатват.
              </li>
            </ul>
          </section>
          <PaymentSheet data={data} label={label} />
        </>
      ) : (
        <section
          aria-labelledby="payments-checks"
          className={page.card}
          style={{ marginTop: "1.5rem" }}
        >
          <h2 id="payments-checks" className={page.cardTitle}>
            Проверки
          </h2>
          <p role="alert">
            {PAYMENT_MESSAGES.notReady} ({data.problems.length}):
          </p>
          <ul className={page.lines}>
            {data.problems.map((p) => (
              <li key={`${p.who}: ${p.message}`}>
                <strong>{p.who}</strong>: {p.message} — <Link to={p.href}>{p.linkText}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function PaymentSheet({ data, label }: { data: Data; label: string }) {
  const due = printDate(data.dueDate);
  return (
    <section aria-labelledby="payments-sheet" className={styles.sheet}>
      <h2 id="payments-sheet">Платежни нареждания към НАП за {label}</h2>
      <dl className={styles.parties}>
        <dt>Платец</dt>
        <dd>
          {data.payer.name}, ЕИК {data.payer.eik}
        </dd>
        <dt>Сметка на платеца</dt>
        <dd>
          {data.payer.iban ? (
            <span className={styles.iban}>{friendlyFormatIBAN(data.payer.iban)}</span>
          ) : (
            <>
              не е въведена — <Link to="/settings">Настройки на фирмата</Link>
            </>
          )}
        </dd>
        <dt>Получател</dt>
        <dd>{data.recipient} (сметки в БНБ)</dd>
        <dt>Срок за плащане</dt>
        <dd>до {due} вкл. (25-о число на следващия месец)</dd>
      </dl>
      <table className={styles.table}>
        <caption>
          Плащания за {label}: по фондове и за данъка, по сметките на НАП в БНБ (суми в EUR)
        </caption>
        <thead>
          <tr>
            <th scope="col">Задължение</th>
            <th scope="col">IBAN на НАП</th>
            <th scope="col">Основание</th>
            <th scope="col" className={styles.num}>
              Сума (EUR)
            </th>
          </tr>
        </thead>
        <tbody>
          {data.payments.map((p) => (
            <tr key={p.fund} data-fund={p.fund}>
              <th scope="row">{p.name}</th>
              <td>
                <span className={styles.iban} data-iban={p.iban}>
                  {friendlyFormatIBAN(p.iban)}
                </span>
              </td>
              <td>{p.reason}</td>
              <td className={styles.num}>
                {p.amountCents > 0 ? formatCents(p.amountCents) : "0,00 (няма за плащане)"}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Общо (равно на обр. 6: {formatMoney(data.form6TotalCents, "EUR")})
            </th>
            <td className={styles.num}>{formatCents(data.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p>
        Всяко задължение се плаща с отделно платежно нареждане за плащане към бюджета, по IBAN;
        кодът за вид плащане не е задължителен от 10.2023. BIC на БНБ не е посочен: преводът се
        насочва по IBAN. Сметките са проверени по контролните цифри (mod 97).
      </p>
      {data.contractTaxCents ? (
        <p>
          Данъкът, удържан по граждански договори ({formatMoney(data.contractTaxCents, "EUR")}), не
          е тук: декларира се с декларацията по чл. 55 ЗДДФЛ и се внася в срока по чл. 65 ЗДДФЛ.
        </p>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Плащания към НАП | Заплати | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
