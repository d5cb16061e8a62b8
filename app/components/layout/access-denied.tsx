import * as styles from "~/components/error-boundary.css";
import { ButtonLink } from "~/components/ui/button";
import type { AccessDeniedDetails } from "~/modules/auth/capabilities";

/**
 * A page the role cannot open (issue #41 item 14), drawn inside the signed-in shell by the
 * layout's ErrorBoundary: which role lacks which right, who has it, and the way on.
 */
export function AccessDenied({ details }: { details: AccessDeniedDetails }) {
  return (
    <section className={styles.box} aria-labelledby="error-title">
      <p className={styles.code}>403</p>
      <h1 id="error-title">Достъп отказан</h1>
      <p>
        Ролята ви <strong>«{details.roleLabel}»</strong>
        {details.companyName ? <> във фирма «{details.companyName}»</> : null} няма право{" "}
        <strong>«{details.capabilityLabel}»</strong>.
      </p>
      <p>
        Имат го: {details.allowed.join(", ")}. Ако ви трябва, помолете собственика на фирмата за
        друга роля (Настройки → Екип).
      </p>
      <ButtonLink to="/dashboard">Към таблото</ButtonLink>
    </section>
  );
}

/** The details of a refusal thrown by the capability guard, or null for any other error. */
export function accessDeniedOf(error: unknown): AccessDeniedDetails | null {
  const data = (error as { status?: number; data?: { accessDenied?: AccessDeniedDetails } })?.data;
  const details = data?.accessDenied;
  return details && typeof details.capabilityLabel === "string" && Array.isArray(details.allowed)
    ? details
    : null;
}
