import { Form, Link, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import type { UpgradeQuote } from "~/modules/subscriptions/local-billing.server";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/*
 * The upgrade's two steps (issue #41, item 9): a plan card leads here (?upgrade=full) and nothing
 * is charged until «Потвърди и плати»; a payment left waiting for 3-D Secure can be given up.
 * Both are plain forms: they work without JavaScript.
 */

/** What is charged today for the higher plan, then «Потвърди и плати» or «Назад». */
export function ConfirmUpgrade({
  quote,
  error,
  needsCard,
  vatRate,
}: {
  quote?: Omit<UpgradeQuote, "currency"> & { currency: string };
  error?: string;
  /** The local provider charges a saved card: without one there is nothing to confirm yet. */
  needsCard: boolean;
  vatRate: number | null;
}) {
  const busy = useNavigation().state !== "idle";
  if (!quote) {
    return (
      <p role="alert" className={page.warning}>
        {error ?? "Надграждането не е възможно."}{" "}
        <Link to="/settings/subscription">Към плановете</Link>
      </p>
    );
  }
  const amount = formatMoney(quote.amountCents, quote.currency);
  return (
    <section
      className={page.card}
      aria-labelledby="confirm-upgrade"
      style={{ marginBottom: "1.5rem" }}
    >
      <h2 id="confirm-upgrade" className={page.cardTitle}>
        Надграждане до {PLAN_NAMES[quote.plan]}
      </h2>
      <p>
        Днес ще платите <strong data-testid="upgrade-amount">{amount}</strong>
        {vatRate === null ? "" : " с ДДС"}{" "}
        {quote.fromBasic
          ? `— първият месец, до ${formatDate(quote.periodEnd)}`
          : `— разликата в цената за остатъка от периода, до ${formatDate(quote.periodEnd)}`}{" "}
        След това планът се плаща в обичайния ден.
      </p>
      {needsCard ? (
        <p>
          Първо <Link to="/settings/subscription?tab=payment">добавете карта</Link>.
        </p>
      ) : (
        <Form method="post" action="/settings/subscription">
          <CompanyField />
          <input type="hidden" name="plan" value={quote.plan} />
          <Button type="submit" name="intent" value="upgrade" disabled={busy}>
            Потвърди и плати
          </Button>{" "}
          <ButtonLink to="/settings/subscription" tone="secondary">
            Назад
          </ButtonLink>
        </Form>
      )}
    </section>
  );
}

/** «Откажи надграждането»: the payment waiting for 3-D Secure is cancelled, the plan stays. */
export function CancelUpgradeForm({ className }: { className?: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action="/settings/subscription" style={{ display: "inline" }}>
      <CompanyField />
      <input type="hidden" name="intent" value="cancel-upgrade" />
      {className ? (
        <button type="submit" className={className} disabled={busy}>
          Откажи надграждането
        </button>
      ) : (
        <Button type="submit" tone="secondary" disabled={busy}>
          Откажи надграждането
        </Button>
      )}
    </Form>
  );
}
