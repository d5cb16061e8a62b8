import { Form, Link, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import { PLAN_FEATURES, PLAN_NAMES, PLAN_RANK, PLANS } from "~/modules/subscriptions/plans";
import { formatDate } from "~/utils/dates";
import type { Plan } from "~db/types";
import { type PlanPriceView, planPriceText } from "./plan-price";

const STATUS_NAMES: Record<string, string> = {
  active: "Активен",
  trialing: "Пробен период",
  past_due: "Просрочено плащане",
  incomplete: "Незавършено плащане",
  incomplete_expired: "Изтекло плащане",
  unpaid: "Неплатен",
  canceled: "Прекратен",
};

/** The current plan: its state, the end of the period, and cancel or keep. */
export function CurrentPlan(props: {
  plan: Plan;
  status: string;
  currentPeriodEnd: string | null;
  isCanceled: boolean;
  hasPendingDowngrade: boolean;
  pendingDowngradeTo: Plan | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section
      className={page.card}
      aria-labelledby="current-plan"
      style={{ marginBottom: "1.5rem" }}
    >
      <h2 id="current-plan" className={page.cardTitle}>
        Текущ план: {PLAN_NAMES[props.plan]}
      </h2>
      <dl className={page.list}>
        <dt>Състояние</dt>
        <dd>{STATUS_NAMES[props.status] ?? props.status}</dd>
        {props.currentPeriodEnd ? (
          <>
            <dt>{props.isCanceled ? "Активен до" : "Следващо плащане"}</dt>
            <dd>{formatDate(props.currentPeriodEnd)}</dd>
          </>
        ) : null}
      </dl>
      {props.hasPendingDowngrade && props.pendingDowngradeTo ? (
        <Form method="post" style={{ marginTop: "1rem" }}>
          <CompanyField />
          <p>
            В края на периода планът става <strong>{PLAN_NAMES[props.pendingDowngradeTo]}</strong>.
          </p>
          <Button type="submit" name="intent" value="resume" tone="secondary" disabled={busy}>
            Запази план {PLAN_NAMES[props.plan]}
          </Button>
        </Form>
      ) : props.plan !== "basic" ? (
        <Form method="post" style={{ marginTop: "1rem" }}>
          <CompanyField />
          <Button type="submit" name="intent" value="cancel" tone="quiet" disabled={busy}>
            Отмени абонамента
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * The three plans with their prices: a higher one leads to the step that shows what is charged
 * today (?upgrade=…, issue #41 item 9), a lower one is chosen from the next period.
 */
export function PlanCards({
  plan: currentPlan,
  prices,
  needsCard,
}: {
  plan: Plan;
  prices: { standard: PlanPriceView; full: PlanPriceView };
  /** The local provider charges a saved card: without one, upgrading waits for a card. */
  needsCard: boolean;
}) {
  const busy = useNavigation().state !== "idle";

  return (
    <div className={page.grid}>
      {PLANS.map((plan) => {
        const current = plan === currentPlan;
        const higher = PLAN_RANK[plan] > PLAN_RANK[currentPlan];
        return (
          <section key={plan} className={page.card} aria-labelledby={`plan-${plan}`}>
            <h3 id={`plan-${plan}`} style={{ marginTop: 0 }}>
              {PLAN_NAMES[plan]} {current ? <span className={styles.badge}>Текущ</span> : null}
            </h3>
            {plan === "basic" ? (
              <p style={{ fontSize: "1.5rem", fontWeight: 700, margin: "0.25rem 0" }}>Безплатен</p>
            ) : (
              <p style={{ margin: "0.25rem 0" }}>
                <span style={{ fontSize: "1.5rem", fontWeight: 700 }}>
                  {planPriceText(prices[plan]).main}
                </span>
                <br />
                <small>{planPriceText(prices[plan]).vat}</small>
              </p>
            )}
            <ul>
              {PLAN_FEATURES[plan].map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {current ? null : higher && !needsCard ? (
              <ButtonLink to={`/settings/subscription?upgrade=${plan}`}>
                Надгради до {PLAN_NAMES[plan]}
              </ButtonLink>
            ) : (
              <Form method="post">
                <CompanyField />
                <input type="hidden" name="plan" value={plan} />
                <Button
                  type="submit"
                  name="intent"
                  value={higher ? "upgrade" : "downgrade"}
                  tone={higher ? "primary" : "secondary"}
                  disabled={busy || (higher && needsCard)}
                >
                  {higher
                    ? `Надгради до ${PLAN_NAMES[plan]}`
                    : `Премини към ${PLAN_NAMES[plan]} от следващия период`}
                </Button>
                {higher && needsCard ? (
                  <p className={fieldStyles.hint}>
                    Първо <Link to="/settings/subscription?tab=payment">добавете карта</Link>.
                  </p>
                ) : null}
              </Form>
            )}
          </section>
        );
      })}
    </div>
  );
}
