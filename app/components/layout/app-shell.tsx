import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Overlay } from "~/components/ui/overlay";
import { hasPlan } from "~/modules/subscriptions/plans";
import type { Plan, UserRole } from "~db/types";
import * as styles from "./app-shell.css";
import { SiteFooter } from "./site-footer";

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  plan: Plan;
  emailVerified: boolean;
  deletionScheduledAt: string | null;
}

function LockIcon() {
  return (
    <svg className={styles.lock} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

function NavItems({ user }: { user: ShellUser }) {
  const items: { to: string; label: string; needs?: Plan; lockedLabel?: string }[] = [
    { to: "/dashboard", label: "Табло" },
    { to: "/clients", label: "Клиенти" },
    { to: "/invoices", label: "Фактури" },
    {
      to: "/expenses",
      label: "Разходи",
      needs: "standard",
      lockedLabel: "изисква план Стандартен",
    },
    { to: "/salaries", label: "Заплати", needs: "full", lockedLabel: "изисква план Пълен" },
  ];
  return (
    <ul className={styles.navList}>
      {items.map((item) => {
        const locked = item.needs !== undefined && !hasPlan(user, item.needs);
        return (
          <li key={item.to}>
            <NavLink to={item.to} className={styles.navLink} prefetch="intent">
              {item.label}
              {locked ? (
                <>
                  <LockIcon />
                  <span className="visually-hidden"> ({item.lockedLabel})</span>
                </>
              ) : null}
            </NavLink>
          </li>
        );
      })}
      {user.role === "admin" ? (
        <li>
          <NavLink to="/hatterscastle" className={styles.navLink}>
            Админ
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

function UserItems() {
  return (
    <>
      <Link to="/profile" className={styles.menuItem}>
        Профил
      </Link>
      <Link to="/settings/subscription" className={styles.menuItem}>
        Планове
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className={styles.menuItem}>
          Изход
        </button>
      </Form>
    </>
  );
}

/** The signed-in frame: header (desktop nav or, below 768 px, a drawer), banners, footer. */
export function AppShell({
  user,
  notification,
  marketingUrl,
  banners,
  children,
}: {
  user: ShellUser;
  notification: string | null;
  marketingUrl: string;
  banners?: ReactNode;
  children: ReactNode;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <>
      {loggingOut ? <Overlay title="Излизане от системата..." /> : null}
      <a href="#main" className="skip-link">
        Към основното съдържание
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/dashboard" className={styles.brand} aria-label="Сметка — табло">
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span aria-hidden="true">Сметка</span>
          </Link>
          <nav aria-label="Основна навигация" className={styles.desktopNav}>
            <NavItems user={user} />
          </nav>
          <details className={styles.menu}>
            <summary className={styles.summary}>
              {name}
              <span className="visually-hidden"> — меню на профила</span>
            </summary>
            <div className={styles.menuPanel}>
              <UserItems />
            </div>
          </details>
          <details className={styles.drawer}>
            <summary className={styles.drawerSummary}>Меню</summary>
            <div className={styles.drawerPanel}>
              <p className={styles.brand}>{name}</p>
              <nav aria-label="Основна навигация (мобилна)">
                <NavItems user={user} />
              </nav>
              <div className={styles.menuPanel} style={{ position: "static", marginTop: "1rem" }}>
                <UserItems />
              </div>
            </div>
          </details>
        </div>
      </header>
      {banners}
      {notification ? (
        <p className={styles.bannerInfo} role="note">
          {notification}
        </p>
      ) : null}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter marketingUrl={marketingUrl} />
      <FeedbackButton />
    </>
  );
}

/** The floating button with the Обратна връзка and Поддръжка forms (a native menu; no JS needed). */
function FeedbackButton() {
  const location = useLocation();
  const from = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <details className={styles.fab}>
      <summary className={styles.fabButton}>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Обратна връзка и поддръжка</span>
      </summary>
      <div className={styles.fabMenu}>
        <Link to={`/feedback?type=feedback&from=${from}`} className={styles.menuItem}>
          Обратна връзка
        </Link>
        <Link to={`/feedback?type=support&from=${from}`} className={styles.menuItem}>
          Поддръжка
        </Link>
      </div>
    </details>
  );
}
