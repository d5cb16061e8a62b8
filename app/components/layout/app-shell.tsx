import { Form, Link, NavLink, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { Overlay } from "~/components/ui/overlay";
import { useToast } from "~/components/ui/toaster";
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
  /** This month has no salaries, last month had, the banner is not dismissed (full plan). */
  salaryReminder?: boolean;
}

/** What the shell shows of the signed-in person (from the session's user). */
export function shellUser(user: Omit<ShellUser, "salaryReminder">): ShellUser {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    plan: user.plan,
    emailVerified: user.emailVerified,
    deletionScheduledAt: user.deletionScheduledAt,
  };
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
    { to: "/catalogue", label: "Каталог" },
    {
      to: "/expenses",
      label: "Разходи",
      needs: "standard",
      lockedLabel: "изисква план Стандартен",
    },
    { to: "/salaries", label: "Заплати", needs: "full", lockedLabel: "изисква план Пълен" },
    { to: "/analytics", label: "Анализи", needs: "full", lockedLabel: "изисква план Пълен" },
    { to: "/reports/vat", label: "ДДС" },
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
              {item.to === "/salaries" && user.salaryReminder && !locked ? (
                <>
                  <span className={styles.dot} aria-hidden="true" />
                  <span className="visually-hidden"> (няма заплати за този месец)</span>
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

/** The back office's menu (spec §2 "Admin header"), with the way back to the app. */
function AdminNavItems() {
  const items = [
    { to: "/hatterscastle", label: "Начало", end: true },
    { to: "/hatterscastle/users", label: "Потребители" },
    { to: "/hatterscastle/administrators", label: "Администратори" },
    { to: "/hatterscastle/statistics", label: "Статистика" },
    { to: "/hatterscastle/vat-update", label: "ДДС настройки" },
    { to: "/hatterscastle/invoice-settings", label: "Настройки на фактурите" },
    { to: "/hatterscastle/nap", label: "НАП: формати и сметки" },
    { to: "/hatterscastle/settings", label: "Настройки" },
  ];
  return (
    <ul className={styles.navList}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={styles.navLink}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to="/dashboard" className={styles.navLink}>
          Към приложението
        </NavLink>
      </li>
    </ul>
  );
}

function UserItems({ onLogout }: { onLogout: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <>
      <Link to="/profile" className={styles.menuItem}>
        Профил
      </Link>
      <Link to="/settings" className={styles.menuItem}>
        Настройки
      </Link>
      <Link to="/settings/subscription" className={styles.menuItem}>
        Планове
      </Link>
      <Form method="post" action="/logout" onSubmit={onLogout}>
        <button type="submit" className={styles.menuItem}>
          Изход
        </button>
      </Form>
    </>
  );
}

/**
 * Logout as the spec has it (§4): with JavaScript, the overlay «Излизане от системата...», the
 * session ended by POST /api/logout, the goodbye toast, then / (an admin: /hatterscastle/login)
 * after 1 s. Without JavaScript the form posts to /logout, which redirects the same way.
 */
function useLogout(after: string) {
  const [leaving, setLeaving] = useState(false);
  const showToast = useToast();
  const navigate = useNavigate();
  const onLogout = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setLeaving(true);
      fetch("/api/logout", { method: "POST", credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          // What the app kept in this tab for the signed-in person goes with the session.
          for (const key of Object.keys(sessionStorage)) {
            if (key.startsWith("smetka:")) sessionStorage.removeItem(key);
          }
          showToast({ type: "success", title: "Успешно излизане", description: "До скоро!" });
          setTimeout(() => navigate(after, { replace: true }), 1000);
        })
        .catch(() => {
          setLeaving(false);
          showToast({
            type: "error",
            title: "Неуспешно излизане",
            description: "Няма връзка със сървъра. Опитайте отново.",
          });
        });
    },
    [navigate, showToast, after],
  );
  return { leaving, onLogout };
}

/** The signed-in frame: header (desktop nav or, below 768 px, a drawer), banners, footer. */
export function AppShell({
  user,
  notification,
  marketingUrl,
  banners,
  children,
  area = "app",
}: {
  user: ShellUser;
  notification: string | null;
  marketingUrl: string;
  banners?: ReactNode;
  children: ReactNode;
  /** "admin": the back office's menu instead of the app's. */
  area?: "app" | "admin";
}) {
  const admin = area === "admin";
  const name = `${user.firstName} ${user.lastName}`;
  const navigation = useNavigation();
  // An admin goes back to the back office's sign-in (spec §4), a customer to /.
  const { leaving, onLogout } = useLogout(user.role === "admin" ? "/hatterscastle/login" : "/");
  const loggingOut =
    leaving || (navigation.state !== "idle" && navigation.formAction === "/logout");
  return (
    <>
      {loggingOut ? <Overlay title="Излизане от системата..." /> : null}
      <a href="#main" className="skip-link">
        Към основното съдържание
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link
            to={admin ? "/hatterscastle" : "/dashboard"}
            className={styles.brand}
            aria-label={admin ? "Сметка — админ панел" : "Сметка — табло"}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span aria-hidden="true">{admin ? "Сметка · Админ" : "Сметка"}</span>
          </Link>
          <nav aria-label="Основна навигация" className={styles.desktopNav}>
            {admin ? <AdminNavItems /> : <NavItems user={user} />}
          </nav>
          <details className={styles.menu}>
            <summary className={styles.summary}>
              {name}
              <span className="visually-hidden"> — меню на профила</span>
            </summary>
            <div className={styles.menuPanel}>
              <UserItems onLogout={onLogout} />
            </div>
          </details>
          <details className={styles.drawer}>
            <summary className={styles.drawerSummary}>Меню</summary>
            <div className={styles.drawerPanel}>
              <p className={styles.brand}>{name}</p>
              <nav aria-label="Основна навигация (мобилна)">
                {admin ? <AdminNavItems /> : <NavItems user={user} />}
              </nav>
              <div className={styles.menuPanel} style={{ position: "static", marginTop: "1rem" }}>
                <UserItems onLogout={onLogout} />
              </div>
            </div>
          </details>
        </div>
      </header>
      {banners}
      <NotificationBanner initial={notification} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {admin ? null : <FeedbackButton />}
      <SiteFooter marketingUrl={marketingUrl} />
    </>
  );
}

/** How often the admins' message is asked for again (spec §9: 60 s). */
const NOTIFICATION_POLL_MS = 60_000;

/**
 * The admins' message to every customer: rendered by the server, then (with JavaScript) asked
 * for every 60 s at GET /api/settings/notification so a change shows without a reload.
 */
function NotificationBanner({ initial }: { initial: string | null }) {
  const [message, setMessage] = useState(initial);
  useEffect(() => setMessage(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "hidden") return;
      fetch("/api/settings/notification", {
        credentials: "same-origin",
        headers: { "Cache-Control": "no-cache" },
      })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { message?: unknown } | null) => {
          if (body && (typeof body.message === "string" || body.message === null)) {
            setMessage(body.message);
          }
        })
        .catch(() => {});
    }, NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  // The region stays in the page (empty) so a message that arrives later is announced.
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <p className={styles.bannerInfo} data-testid="notification">
          {message}
        </p>
      ) : null}
    </div>
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
