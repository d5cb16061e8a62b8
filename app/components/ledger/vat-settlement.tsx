import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { printDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * «Приключи ДДС» on /ledger (decision 059): the month's VAT closed into 4538/4539 from its return,
 * once, with the months already settled in the period and their «Сторнирай». Native forms.
 */

export const VAT_SETTLEMENT_FORM = "vat-settlement";

export interface SettledMonth {
  month: string;
  entryDate: string;
  createdByName: string | null;
}

export function VatSettlement(props: { month: string; settled: SettledMonth[]; back: string }) {
  const answer = useFormAnswer(VAT_SETTLEMENT_FORM);
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <section className={page.card} aria-labelledby="vat-settlement">
      <h2 id="vat-settlement">Приключване на ДДС</h2>
      <p>
        В последния ден на месеца ДДС по сметки 4532 и 4531 се приключва по 4538 (за внасяне) или
        4539 (за възстановяване) с клетките на справка-декларацията. Веднъж за месец; отменя се само
        със сторно.
      </p>
      <Form ref={focusRef} method="post" aria-label="Приключване на ДДС за месец">
        <CompanyField />
        <input type="hidden" name="back" value={props.back} />
        <FormError message={answer?.formError} />
        <div className={listStyles.toolbar}>
          <FormField
            name="month"
            label="Месец"
            type="month"
            required
            hint="ГГГГ-ММ, напр. 2026-10"
            defaultValue={typedOr(answer, "month", props.month)}
            error={answer?.fieldErrors.month}
          />
          <div>
            <Button type="submit" name="intent" value="vat-settle" disabled={busy}>
              Приключи ДДС
            </Button>
          </div>
        </div>
      </Form>
      {props.settled.length > 0 && (
        <table className={listStyles.table}>
          <caption>Приключени месеци в периода</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Месец
              </th>
              <th scope="col" className={listStyles.cell}>
                Статия от
              </th>
              <th scope="col" className={listStyles.cell}>
                Приключил
              </th>
              <th scope="col" className={listStyles.cell}>
                <span className="visually-hidden">Действие</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.settled.map((s) => (
              <tr key={s.month}>
                <th scope="row" className={listStyles.cell}>
                  {s.month}
                </th>
                <td className={listStyles.cell}>{printDate(s.entryDate)}</td>
                <td className={listStyles.cell}>{s.createdByName ?? "—"}</td>
                <td className={listStyles.cell}>
                  <Form method="post" aria-label={`Сторно на приключването за ${s.month}`}>
                    <CompanyField />
                    <input type="hidden" name="back" value={props.back} />
                    <input type="hidden" name="month" value={s.month} />
                    <Button
                      type="submit"
                      name="intent"
                      value="vat-reverse"
                      tone="secondary"
                      disabled={busy}
                      aria-label={`Сторнирай приключването на ДДС за ${s.month}`}
                    >
                      Сторнирай
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
