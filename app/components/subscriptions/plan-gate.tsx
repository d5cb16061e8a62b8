import * as page from "~/components/layout/page.css";
import { ButtonLink } from "~/components/ui/button";
import { NOTICES, PLAN_NAMES } from "~/modules/subscriptions/plans";

/** A plan as the spec names it (§9: «Стандартен», «Пълен»), quoted as a name. */
const planName = (plan: "standard" | "full") => `„${PLAN_NAMES[plan]}“`;

/** What a page below its plan shows (spec §2: plan-gated routes). */
export function PlanGate({ needed }: { needed: "standard" | "full" }) {
  if (needed === "standard") {
    return (
      <section className={page.card} aria-labelledby="gate-title" style={{ maxWidth: "36rem" }}>
        <h1 id="gate-title">Необходим е стандартен абонамент</h1>
        <p>
          Разходите и банковите извлечения са в плановете {planName("standard")} и{" "}
          {planName("full")}.
        </p>
        <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
          <ButtonLink to="/dashboard" tone="secondary">
            Към таблото
          </ButtonLink>
          <ButtonLink to="/settings/subscription">Управление на абонамента</ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className={page.card} aria-labelledby="gate-title" style={{ maxWidth: "36rem" }}>
      <h1 id="gate-title" lang="en">
        {NOTICES.upgradeRequired.en}
      </h1>
      <p>
        <strong>{NOTICES.upgradeRequired.bg}</strong> Заплатите и анализите са в план{" "}
        {planName("full")}.
      </p>
      <ButtonLink to="/settings/subscription">Надградете плана</ButtonLink>
    </section>
  );
}
