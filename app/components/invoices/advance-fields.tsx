import { CheckboxField, TextField } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { ADVANCE_LABELS, type OpenAdvance } from "~/modules/invoices/advances";
import type { EditorValues } from "~/modules/invoices/editor";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import * as styles from "./invoices.css";

/**
 * An invoice's advance choices (decision 074), plain form controls that work without JavaScript:
 * «Авансово плащане» marks an invoice for an advance payment; «Приспадни аванс» lists the client's
 * issued advance invoices with something left, each ticked to be deducted (all that is left, or
 * the base typed beside it). The server adds the deduction lines when the draft is saved.
 */
export function AdvanceFields({
  values,
  errors,
  advances,
}: {
  values: EditorValues;
  errors: Record<string, string>;
  advances: OpenAdvance[];
}) {
  const chosen = new Map(values.advanceDeductions.map((d) => [d.advanceId, d.amount]));
  // The chosen client's advances (all of them while no client is chosen), and any already ticked.
  const listed = advances.filter(
    (a) => !values.clientId || a.clientId === values.clientId || chosen.has(a.id),
  );
  const deductionError = Object.entries(errors).find(([key]) =>
    key.startsWith("advanceDeductions"),
  )?.[1];
  return (
    <fieldset className={styles.party} style={{ marginBottom: "1rem" }}>
      <legend>Аванс</legend>
      <CheckboxField
        name="advance"
        value="on"
        label={ADVANCE_LABELS.checkbox}
        defaultChecked={values.advance === "on"}
        error={errors.advance}
      />
      <p className={fieldStyles.hint}>{ADVANCE_LABELS.checkboxHint}</p>
      <h3 id="advance-deductions" tabIndex={-1}>
        {ADVANCE_LABELS.deductHeading}
      </h3>
      <p className={fieldStyles.hint}>{ADVANCE_LABELS.deductHint}</p>
      {deductionError ? (
        <p className={fieldStyles.error} role="alert">
          {deductionError}
        </p>
      ) : null}
      {listed.length ? null : <p>{ADVANCE_LABELS.none}</p>}
      {listed.map((advance, i) => {
        const left = `${formatCents(advance.remainingCents)} ${advance.currency}`;
        const rate = advance.vatRate === null ? "без ДДС" : `ДДС ${advance.vatRate} %`;
        return (
          <div key={advance.id} className={styles.parties}>
            <CheckboxField
              name={`advanceDeductions[${i}][advanceId]`}
              value={advance.id}
              defaultChecked={chosen.has(advance.id)}
              label={`Фактура № ${advance.number} от ${formatDate(advance.issueDate)}, ${advance.clientName}: остатък ${left} (${rate})`}
            />
            <TextField
              name={`advanceDeductions[${i}][amount]`}
              label={`${ADVANCE_LABELS.amount}, № ${advance.number}`}
              defaultValue={chosen.get(advance.id) ?? ""}
              placeholder={formatCents(advance.remainingCents)}
              inputMode="decimal"
              hint="Празно: целият остатък"
            />
          </div>
        );
      })}
    </fieldset>
  );
}
