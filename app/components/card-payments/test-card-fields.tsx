import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { type FormAnswer, typedOr } from "~/utils/forms";

/*
 * The local provider's card fields (decisions 071 and the subscription's spec §7): one
 * component for the subscription's card and the client portal's card page, so both take the
 * same test cards with the same labels. The number and CVC are never filled back in; the expiry
 * is. The form around them (its intent, company field, button) is the caller's.
 */

/** The id of the hint the form names with aria-describedby. */
export const TEST_CARDS_HINT_ID = "test-cards";

export function TestCardFields({
  answer,
  intro,
  className,
}: {
  answer: FormAnswer | undefined;
  /** What the hint says before the cards, e.g. «Тестов доставчик, без истинско плащане». */
  intro: string;
  /** The fields' container's class (the subscription's page lays them out in a row). */
  className?: string;
}) {
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <>
      <p id={TEST_CARDS_HINT_ID} className={fieldStyles.hint}>
        {intro}: 4242 4242 4242 4242 (плаща), 4000 0027 6000 3184 (изисква 3-D Secure), 4000 0000
        0000 0002 (отказана).
      </p>
      <div className={className}>
        <FormField
          name="number"
          label="Номер на картата"
          inputMode="numeric"
          autoComplete="cc-number"
          error={error("number")}
          required
        />
        <FormField
          name="expiry"
          label="Валидна до (ММ/ГГ)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/29"
          defaultValue={typedOr(answer, "expiry")}
          error={error("expiry")}
          required
        />
        <FormField
          name="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          error={error("cvc")}
          required
        />
      </div>
    </>
  );
}
