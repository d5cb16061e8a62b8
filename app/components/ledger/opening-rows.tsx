import { FormField } from "~/components/forms/form-field";
import * as listStyles from "~/components/ui/list.css";
import { type FormAnswer, typedOr } from "~/utils/forms";

/*
 * The rows of /ledger/opening (decision 059): per row an account, its analytic (a client, a
 * supplier or an employee, for the accounts that keep them) and one side's amount. Plain fields:
 * «Още редове» posts the form back with ten more.
 */

export interface OpeningRowDefaults {
  account: string;
  counterparty: string;
  debit: string;
  credit: string;
}

export function OpeningRows(props: {
  rows: number;
  defaults: OpeningRowDefaults[];
  accounts: readonly (readonly [string, string])[];
  counterparties: readonly (readonly [string, string])[];
  answer: FormAnswer | undefined;
}) {
  const { answer } = props;
  const accounts: (readonly [string, string])[] = [["", "— сметка —"], ...props.accounts];
  const parties: (readonly [string, string])[] = [
    ["", "— без аналитичност —"],
    ...props.counterparties,
  ];
  return (
    <>
      {Array.from({ length: props.rows }, (_, i) => {
        const d = props.defaults[i];
        const field = (name: keyof OpeningRowDefaults) => ({
          name: `lines.${i}.${name}`,
          defaultValue: typedOr(answer, `lines.${i}.${name}`, d?.[name] ?? ""),
          error: answer?.fieldErrors[`lines.${i}.${name}`],
        });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions of the form
          <fieldset key={i} className={listStyles.toolbar}>
            <legend>Ред {i + 1}</legend>
            <FormField {...field("account")} label="Сметка" options={accounts} />
            <FormField
              {...field("counterparty")}
              label="Аналитичност (клиент, доставчик, служител)"
              options={parties}
            />
            <FormField {...field("debit")} label="Дебит" inputMode="decimal" />
            <FormField {...field("credit")} label="Кредит" inputMode="decimal" />
          </fieldset>
        );
      })}
    </>
  );
}
