import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as styles from "~/components/auth/auth.css";
import { SiteFooter } from "./site-footer";

/** The frame of the small public account pages (password reset, e-mail verification). */
export function CenteredCard({
  title,
  marketingUrl,
  hideTitle = false,
  after,
  children,
}: {
  title: string;
  marketingUrl: string;
  /** Keep the heading for screen readers only (the page shows its own tabs). */
  hideTitle?: boolean;
  /** Content below the card (e.g. the consent sentence). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className={styles.page}>
        <Link to="/" className={styles.logo} aria-label="Сметка — начална страница">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <span aria-hidden="true">Сметка</span>
        </Link>
        <main id="main" className={styles.card}>
          <h1 className={hideTitle ? "visually-hidden" : undefined}>{title}</h1>
          {children}
        </main>
        {after}
      </div>
      <SiteFooter marketingUrl={marketingUrl} />
    </>
  );
}
