import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TEST_CARDS_HINT_ID, TestCardFields } from "~/components/card-payments/test-card-fields";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { useFormAnswer } from "~/utils/forms";

/** How often the page asks whether the saved card is valid or waits for 3-D Secure (spec §7). */
const VALIDATE_EVERY_MS = 10_000;

interface Card {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The card the subscription is paid with. The local provider takes a test card in this form;
 * with Stripe the card is typed on Stripe's Billing Portal. With JavaScript the page keeps
 * asking /api/subscription/payment-method/validate and refreshes when the answer changes.
 */
export function PaymentMethod({
  card,
  provider,
  requiresAction,
}: {
  card: Card | null;
  provider: "local" | "stripe";
  requiresAction: boolean;
}) {
  useCardValidation(card !== null, requiresAction);
  return (
    <section className={page.card} aria-labelledby="payment-method" id="payment">
      <h2 id="payment-method" className={page.cardTitle}>
        Начин на плащане
      </h2>
      {card ? (
        <p>
          Карта {card.brand.toUpperCase()} •••• {card.last4}, валидна до{" "}
          {String(card.expMonth).padStart(2, "0")}/{card.expYear}
        </p>
      ) : (
        <p>Все още няма добавена карта.</p>
      )}
      {provider === "local" ? (
        <LocalCardForm hasCard={card !== null} />
      ) : (
        <PortalForm hasCard={card !== null} />
      )}
    </section>
  );
}

/** The validation poll: a change (a card added elsewhere, a payment waiting) reloads the page's data. */
function useCardValidation(hasCard: boolean, requiresAction: boolean) {
  const { revalidate } = useRevalidator();
  const known = useRef({ hasCard, requiresAction });
  known.current = { hasCard, requiresAction };
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch("/api/subscription/payment-method/validate");
        if (!response.ok) return;
        const body = (await response.json()) as {
          data?: { requiresAction?: boolean; paymentMethod?: unknown };
        };
        const now = {
          hasCard: Boolean(body.data?.paymentMethod),
          requiresAction: Boolean(body.data?.requiresAction),
        };
        if (
          now.hasCard !== known.current.hasCard ||
          now.requiresAction !== known.current.requiresAction
        )
          revalidate();
      } catch {
        // Offline for a moment: the next check tries again.
      }
    }, VALIDATE_EVERY_MS);
    return () => clearInterval(timer);
  }, [revalidate]);
}

/** The local provider's card form; after a save its number and CVC are cleared. */
function LocalCardForm({ hasCard }: { hasCard: boolean }) {
  const navigation = useNavigation();
  const answer = useFormAnswer("card");
  const form = useRef<HTMLFormElement>(null);
  const sending = navigation.formData?.get("intent") === "card";
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (wasSending.current && navigation.state === "idle") {
      wasSending.current = false;
      // Saved (the answer is a redirect, no refusal): nothing of the card stays in the page.
      if (!answer) form.current?.reset();
    }
  }, [sending, navigation.state, answer]);
  return (
    <Form method="post" ref={form} aria-describedby={TEST_CARDS_HINT_ID}>
      <CompanyField />
      <FormError message={answer?.formError} />
      <TestCardFields
        answer={answer}
        intro="Без връзка с платежен доставчик, тестови карти"
        className={styles.parties}
      />
      <Button type="submit" name="intent" value="card" disabled={navigation.state !== "idle"}>
        {hasCard ? "Смени картата" : "Добави карта"}
      </Button>
    </Form>
  );
}

function PortalForm({ hasCard }: { hasCard: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <CompanyField />
      <p className={fieldStyles.hint}>
        Картата се въвежда и сменя на защитената страница на Stripe.
      </p>
      <Button type="submit" name="intent" value="card" tone="secondary" disabled={busy || !hasCard}>
        Управление на картата в Stripe
      </Button>
    </Form>
  );
}
