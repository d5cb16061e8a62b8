import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import * as styles from "./public-layout.css";

/** The frame of public pages: skip link, header with the logo and sign-in links, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Към основното съдържание
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.brand} aria-label="Сметка — начална страница">
            <img src="/logo.svg" alt="" width={36} height={36} />
            <span aria-hidden="true">Сметка</span>
          </Link>
          <nav aria-label="Вход в системата" className={styles.nav}>
            <ButtonLink to="/auth" tone="quiet">
              Вход
            </ButtonLink>
            <ButtonLink to="/auth?tab=register" tone="primary">
              Регистрация
            </ButtonLink>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p>© {new Date().getFullYear()} Сметка. Всички права запазени.</p>
        </div>
      </footer>
    </>
  );
}
