import { Form, Link } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { TextField } from "~/components/forms/field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import {
  SOLE_TRADER_MESSAGES,
  type SoleTraderYear,
  soleTraderRows,
} from "~/modules/income-tax/sole-trader";
import { printDate } from "~/utils/dates";
import { answerFields, type FormAnswer } from "~/utils/forms";
import { centsToDecimal, formatMoney } from "~/utils/money";
import { Money } from "./tax-tables";
import * as styles from "./tax-tables.css";

/* A sole trader's (ЕТ) income tax (decision 080): Приложение № 2 and the advance instalments. */

const currencyWords = (currency: string) => (currency === "BGN" ? "в лева" : "в евро");
const decimal = (cents: number) => centsToDecimal(cents).replace(".", ",");

/** Приложение № 2: the accounting result, the adjustments, the tax and the balance; the form. */
export function SoleTraderReturn({
  year,
  s,
  answer,
}: {
  year: number;
  s: SoleTraderYear;
  answer: FormAnswer | undefined;
}) {
  const f = s.figures;
  const fields = answerFields(answer, {
    increases: decimal(f.increasesCents),
    decreases: decimal(f.decreasesCents),
    advancesPaid: decimal(f.advancesPaidCents),
  });
  const rows = soleTraderRows(f, s.rule.ratePercent, year);
  return (
    <>
      <p>{SOLE_TRADER_MESSAGES.intro}</p>
      <p>
        {SOLE_TRADER_MESSAGES.result} Декларацията се подава и данъкът се внася до{" "}
        {printDate(s.dueDate)} г.
      </p>
      <p>
        <a href={`/taxes/annual.pdf?year=${year}`} data-reload>
          Изтегли като PDF
        </a>{" "}
        · <Link to={`/taxes/advance?year=${year}`}>Авансови вноски за {year} г.</Link> ·{" "}
        <Link to={`/ledger/annual?year=${year}`}>Годишен отчет за {year} г.</Link>
      </p>
      <ScrollTable label={`Приложение 2 за ${year}`}>
        <table className={listStyles.table}>
          <caption>
            Приложение № 2 за {year} г., {currencyWords(s.currency)}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Ред
              </th>
              <th scope="col" className={styles.amount}>
                Сума
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) =>
              r.heading ? (
                <tr key={r.label}>
                  <th scope="colgroup" colSpan={2} className={styles.heading}>
                    {r.label}
                  </th>
                </tr>
              ) : (
                <tr key={r.label}>
                  <th scope="row" className={r.strong ? styles.strongRow : listStyles.cell}>
                    {r.label}
                  </th>
                  <Money cents={r.cents ?? 0} strong={r.strong} />
                </tr>
              ),
            )}
          </tbody>
        </table>
      </ScrollTable>
      <section aria-labelledby="sole-trader-form" className={page.card}>
        <h2 id="sole-trader-form">Данни, които Сметка не знае</h2>
        <Form method="post" action={`/taxes/annual?year=${year}`}>
          <CompanyField />
          <FormError message={answer?.formError} />
          <TextField
            {...fields.field("increases")}
            label={`Увеличения на финансовия резултат по ЗКПО (${currencyWords(s.currency)})`}
            inputMode="decimal"
            hint="Общо за годината, например непризнати разходи по ЗКПО."
          />
          <TextField
            {...fields.field("decreases")}
            label={`Намаления на финансовия резултат по ЗКПО (${currencyWords(s.currency)})`}
            inputMode="decimal"
            hint="Общо за годината, например пренесена данъчна загуба от предходни години."
          />
          <TextField
            {...fields.field("advancesPaid")}
            label={`Внесени авансови вноски за годината (${currencyWords(s.currency)})`}
            inputMode="decimal"
          />
          <Button type="submit">Запази</Button>
        </Form>
      </section>
      <p>
        <small>
          Източник: {s.rule.source}. {s.rule.unconfirmed}
        </small>
      </p>
    </>
  );
}

/** Whether the ЕТ owes advance instalments under ЗКПО for the year, by last year's net sales. */
export function SoleTraderAdvance({ year, s }: { year: number; s: SoleTraderYear }) {
  const threshold = formatMoney(s.rule.noAdvancesUpToCents, s.currency);
  const sales = formatMoney(s.previousNetSalesCents, s.currency);
  return (
    <>
      <p>
        <strong>{SOLE_TRADER_MESSAGES[s.advances](year)}</strong>
      </p>
      <p>
        Нетните приходи от продажби за {year - 1} г. по книгите в Сметка (ред «Нетни приходи от
        продажби» на отчета за приходите и разходите
        {s.currency === "EUR" && year === 2026 ? ", левовете превалутирани в евро по 1,95583" : ""}
        ): <strong>{sales}</strong>. Авансови вноски по ЗКПО се правят, когато надвишават{" "}
        {threshold}; месечни — когато надвишават {formatMoney(s.rule.monthlyAboveCents, s.currency)}
        .
      </p>
      {s.advances !== "none" && <p>{SOLE_TRADER_MESSAGES.howToPay}</p>}
      <p>
        <Link to={`/taxes/annual?year=${year}`}>
          Годишна данъчна декларация на едноличен търговец – Приложение 2 за {year} г.
        </Link>
      </p>
      <p>
        <small>
          Източник: {s.rule.source}. {s.rule.unconfirmed}
        </small>
      </p>
    </>
  );
}
