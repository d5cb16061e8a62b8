import { Form } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import type { AdvanceQuarter } from "~/modules/income-tax/figures";
import type { ReturnRow } from "~/modules/income-tax/return-rows";
import { printDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import * as styles from "./tax-tables.css";

/* The owner's income tax (decision 076): the year's form, the quarters' table, Приложение № 3. */

const QUARTER_NAMES = ["I", "II", "III", "IV"] as const;

/** «Година» as a GET form: works without JavaScript. */
export function TaxYearForm({ asked, error }: { asked: string; error: string | null }) {
  return (
    <Form method="get" aria-label="Година" className={page.card}>
      <div className={listStyles.toolbar}>
        <FormField
          name="year"
          label="Година"
          inputMode="numeric"
          defaultValue={asked}
          required
          error={error ?? undefined}
        />
        <div>
          <Button type="submit">Покажи</Button>
        </div>
      </div>
    </Form>
  );
}

/** An amount's cell, strong on a total's row. */
export function Money({ cents, strong }: { cents: number | null; strong?: boolean }) {
  const text = cents === null ? "" : formatCents(cents);
  return <td className={styles.amount}>{strong ? <strong>{text}</strong> : text}</td>;
}

/** The four quarters: income, what payers withheld on, the person's own base and tax, the day. */
export function AdvanceTable({ year, quarters }: { year: number; quarters: AdvanceQuarter[] }) {
  return (
    <ScrollTable label={`Авансов данък за ${year}`}>
      <table className={listStyles.table}>
        <caption>Авансов данък по тримесечия за {year} г., в евро</caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Тримесечие
            </th>
            <th scope="col" className={styles.amount}>
              Получен доход
            </th>
            <th scope="col" className={styles.amount}>
              От платци, които удържат данъка
            </th>
            <th scope="col" className={styles.amount}>
              Доход, за който внасяте Вие
            </th>
            <th scope="col" className={styles.amount}>
              Нормативно признати разходи
            </th>
            <th scope="col" className={styles.amount}>
              Облагаем доход
            </th>
            <th scope="col" className={styles.amount}>
              Авансов данък за внасяне
            </th>
            <th scope="col" className={listStyles.cell}>
              Срок
            </th>
          </tr>
        </thead>
        <tbody>
          {quarters.map((q) => (
            <tr key={q.quarter}>
              <th scope="row" className={listStyles.cell}>
                {QUARTER_NAMES[q.quarter - 1]} тримесечие
              </th>
              <Money cents={q.incomeCents} />
              <Money cents={q.withheldIncomeCents} />
              <Money cents={q.ownIncomeCents} />
              <Money cents={q.ownExpensesCents} />
              <Money cents={q.ownTaxableCents} />
              <Money cents={q.dueCents} strong />
              <td className={listStyles.cell}>
                {q.dueDate
                  ? printDate(q.dueDate)
                  : "не се внася (с годишната декларация до 30 април)"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Приложение № 3's rows: the payers with their ЕИК, then the base, the tax and the balance. */
export function ReturnTable({ year, rows }: { year: number; rows: ReturnRow[] }) {
  return (
    <ScrollTable label={`Приложение 3 за ${year}`}>
      <table className={listStyles.table}>
        <caption>Приложение № 3 за {year} г., в евро</caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Ред
            </th>
            <th scope="col" className={listStyles.cell}>
              ЕИК на платеца
            </th>
            <th scope="col" className={styles.amount}>
              Доход / сума
            </th>
            <th scope="col" className={styles.amount}>
              Удържан данък
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) =>
            r.heading ? (
              <tr key={r.label}>
                <th scope="colgroup" colSpan={4} className={styles.heading}>
                  {r.label}
                </th>
              </tr>
            ) : (
              <tr key={r.label}>
                <th scope="row" className={r.strong ? styles.strongRow : listStyles.cell}>
                  {r.label}
                </th>
                <td className={listStyles.cell}>{r.eik ?? ""}</td>
                <Money cents={r.amountCents} strong={r.strong} />
                <Money cents={r.withheldCents ?? null} />
              </tr>
            ),
          )}
        </tbody>
      </table>
    </ScrollTable>
  );
}
