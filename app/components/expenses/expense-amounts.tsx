import { useEffect, useRef, useState } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { vatOf } from "~/modules/expenses/amounts";
import { EXPENSE_RATE_KEYS, RATE_LABELS } from "~/modules/expenses/constants";
import { formatCents, parseDecimal } from "~/utils/money";
import * as styles from "./expenses.css";

/*
 * The expense's amounts per VAT rate (expense-form.tsx): the table and, with JavaScript, the VAT
 * following each base and the live totals.
 */

/** The base and VAT of each rate, and with JavaScript the totals of what is typed. */
export function AmountsTable({
  value,
  error,
  hydrated,
  totals,
  currency,
}: {
  value: (name: string, fallback?: string) => string;
  error: (name: string) => string | undefined;
  hydrated: boolean;
  totals: { base: number; vat: number };
  currency: string;
}) {
  return (
    <table className={styles.amounts}>
      <caption className="visually-hidden">Данъчна основа и ДДС по ставки</caption>
      <thead>
        <tr>
          <th scope="col">Ставка</th>
          <th scope="col">Данъчна основа</th>
          <th scope="col">ДДС</th>
        </tr>
      </thead>
      <tbody>
        {EXPENSE_RATE_KEYS.map((key) => (
          <tr key={key}>
            <th scope="row">{RATE_LABELS[key]}</th>
            <td>
              <FormField
                name={`amounts[${key}][base]`}
                label={`Основа ${RATE_LABELS[key]}`}
                inputMode="decimal"
                defaultValue={value(`amounts[${key}][base]`)}
                error={error(`amounts[${key}][base]`)}
              />
            </td>
            <td>
              {key === "0" || key === "none" ? (
                <span className={fieldStyles.hint}>—</span>
              ) : (
                <FormField
                  name={`amounts[${key}][vat]`}
                  label={`ДДС ${RATE_LABELS[key]}`}
                  inputMode="decimal"
                  defaultValue={value(`amounts[${key}][vat]`)}
                  error={error(`amounts[${key}][vat]`)}
                  hint={hydrated ? undefined : "Празно: изчислява се от основата"}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
      {hydrated ? (
        <tfoot aria-live="polite">
          <tr>
            <th scope="row">Общо</th>
            <td>{formatCents(totals.base)}</td>
            <td>
              {formatCents(totals.vat)} · за плащане {formatCents(totals.base + totals.vat)}{" "}
              {currency}
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/**
 * With JavaScript: each rate's VAT follows its base (until the person edits the VAT), and the
 * totals of what is typed are shown — by the same rule the server stores them with.
 */
export function useLiveAmounts(
  form: React.RefObject<HTMLFormElement>,
  values: Record<string, string>,
) {
  const edited = useRef(new Set<string>());
  const [totals, setTotals] = useState(() => sumOf(values));
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement;
      const match = /^amounts\[(\w+)\]\[(base|vat)\]$/.exec(target.name ?? "");
      if (match) {
        const [, key, part] = match;
        if (part === "vat") edited.current.add(key!);
        if (part === "base" && !edited.current.has(key!)) {
          const vat = element.elements.namedItem(`amounts[${key}][vat]`) as HTMLInputElement | null;
          const base = parseDecimal(target.value, 2);
          if (vat && base !== null)
            vat.value = formatCents(vatOf(Number(base), Number(key))).replace(/\s/g, "");
          if (vat && !target.value.trim()) vat.value = "";
        }
      }
      const current: Record<string, string> = {};
      for (const [name, v] of new FormData(element)) if (typeof v === "string") current[name] = v;
      setTotals(sumOf(current));
    };
    element.addEventListener("input", onInput);
    return () => element.removeEventListener("input", onInput);
  }, [form]);
  return totals;
}

function sumOf(values: Record<string, string>) {
  let base = 0;
  let vat = 0;
  for (const key of EXPENSE_RATE_KEYS) {
    const b = parseDecimal(values[`amounts[${key}][base]`] ?? "", 2);
    const v = parseDecimal(values[`amounts[${key}][vat]`] ?? "", 2);
    if (b !== null) base += Number(b);
    if (v !== null) vat += Number(v);
    else if (b !== null && key !== "none") vat += vatOf(Number(b), Number(key));
  }
  return { base, vat };
}
