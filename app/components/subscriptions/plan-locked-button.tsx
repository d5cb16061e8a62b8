import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { hasPlan, planBadge } from "~/modules/subscriptions/plans";
import type { Plan, UserRole } from "~db/types";
import * as styles from "./plan-locked-button.css";

/**
 * A button to a feature of a higher plan. Open: an ordinary button. Locked: dashed, with a lock
 * and the plan's badge ('Пълен' / 'Стандартен'), leading to the plans instead.
 */
export function PlanLockedButton({
  to,
  label,
  needs,
  user,
}: {
  to: string;
  label: string;
  needs: Plan;
  user: { role: UserRole; plan: Plan };
}) {
  if (hasPlan(user, needs)) {
    return (
      <ButtonLink to={to} tone="secondary">
        {label}
      </ButtonLink>
    );
  }
  return (
    <Link to="/settings/subscription" className={styles.locked}>
      <svg className={styles.lock} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
      </svg>
      {label}
      <span className={styles.badge}>{planBadge(needs)}</span>
      <span className="visually-hidden"> — заключено, изисква план {planBadge(needs)}</span>
    </Link>
  );
}
