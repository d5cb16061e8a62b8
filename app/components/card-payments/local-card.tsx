import { Form, useNavigation } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The local card provider's pages (decision 071): Stripe Checkout's card form and the bank's
 * 3-D Secure step, for demos and tests without Stripe. Native forms: they work without JavaScript.
 * The client is on the portal, signed in nowhere: no company field (the link is the credential).
 */

/** The id of the card form's answer. */
export const LOCAL_CARD_FORM = "card";

/** The test cards' form: number, expiry, CVC («Плати …»). */
export function LocalCardForm({ amount, cancelHref }: { amount: string; cancelHref: string }) {
  const answer = useFormAnswer(LOCAL_CARD_FORM);
  const busy = useNavigation().state !== "idle";
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <Form method="post" aria-describedby="test-cards">
      <FormError message={answer?.formError} />
      <p id="test-cards" className={fieldStyles.hint}>
        Тестов доставчик, без истинско плащане: 4242 4242 4242 4242 (плаща), 4000 0027 6000 3184
        (изисква 3-D Secure), 4000 0000 0000 0002 (отказана).
      </p>
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
      <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap", alignItems: "center" }}>
        <Button type="submit" name="intent" value="pay" disabled={busy}>
          Плати {amount}
        </Button>
        <a href={cancelHref}>Откажи и се върни към документите</a>
      </div>
    </Form>
  );
}

/** The bank's 3-D Secure step of the local provider: approve or refuse the payment. */
export function LocalThreeDSecure({ amount }: { amount: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <p>Банката ви иска потвърждение за плащане на {amount} с карта (3-D Secure).</p>
      <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
        <Button type="submit" name="intent" value="approve" disabled={busy}>
          Потвърди плащането
        </Button>
        <Button type="submit" name="intent" value="refuse" tone="secondary" disabled={busy}>
          Откажи
        </Button>
      </div>
    </Form>
  );
}
