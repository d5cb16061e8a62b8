import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { Button } from "~/components/ui/button";
import { useFormAnswer } from "~/utils/forms";
import { TEST_CARDS_HINT_ID, TestCardFields } from "./test-card-fields";

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
  return (
    <Form method="post" aria-describedby={TEST_CARDS_HINT_ID}>
      <FormError message={answer?.formError} />
      <TestCardFields answer={answer} intro="Тестов доставчик, без истинско плащане" />
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
