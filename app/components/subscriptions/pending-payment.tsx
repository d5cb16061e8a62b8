import * as page from "~/components/layout/page.css";
import { CancelUpgradeForm } from "~/components/subscriptions/upgrade-confirm";
import { ButtonLink } from "~/components/ui/button";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import type { Plan } from "~db/types";

/**
 * A payment the bank asks to confirm (3-D Secure), on /settings/subscription: «Потвърди
 * плащането» opens the dialog (`onOpen`); without JavaScript the link goes to the bank's page.
 */
export function PendingPayment({
  pending,
  onOpen,
}: {
  pending: { plan: Plan; url: string | null; clientSecret: string };
  onOpen: () => void;
}) {
  return (
    <div role="alert" className={page.warning}>
      <p style={{ marginTop: 0 }}>
        Плащането за план {PLAN_NAMES[pending.plan]} изисква потвърждение от банката (3-D Secure).
      </p>
      <ButtonLink
        to={
          pending.url ??
          `/settings/subscription/confirm?secret=${encodeURIComponent(pending.clientSecret)}`
        }
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      >
        Потвърди плащането
      </ButtonLink>{" "}
      <CancelUpgradeForm />
    </div>
  );
}
