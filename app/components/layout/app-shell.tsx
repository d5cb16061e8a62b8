import { Form, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { CompanyField } from "~/components/forms/company-field";
import { MenuLink, useFollowLinks, usePrefetchOnIntent } from "~/components/ui/in-app-links";
import { Overlay } from "~/components/ui/overlay";
import { useToast } from "~/components/ui/toaster";
import { can, ROLE_LABELS } from "~/modules/auth/capabilities";
import type { SessionUser } from "~/modules/auth/session.server";
import { hasPlan } from "~/modules/subscriptions/plans";
import type { Plan, UserRole } from "~db/types";
import * as styles from "./app-shell.css";
import { SiteFooter } from "./site-footer";

/** The sections the role in the active company opens (the menu hides the rest; decision 028). */
type ShellSections = Record<
  | "clients"
  | "documents"
  | "catalogue"
  | "expenses"
  | "bank"
  | "salaries"
  | "analytics"
  | "vat"
  | "settings"
  | "billing"
  | "team"
  | "audit",
  boolean
>;

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  plan: Plan;
  emailVerified: boolean;
  deletionScheduledAt: string | null;
  /** The company the session works in, always shown in the header. */
  company: { name: string; roleLabel: string } | null;
  may: ShellSections;
  /** This month has no salaries, last month had, the banner is not dismissed (full plan). */
  salaryReminder?: boolean;
}

/** One of the login's companies, for the header's switcher (shown from two). */
export interface ShellCompany {
  id: string;
  name: string;
  roleLabel: string;
  active: boolean;
}

/** What the shell shows of the signed-in person (from the session's user). */
export function shellUser(
  user: Pick<
    SessionUser,
    | "firstName"
    | "lastName"
    | "email"
    | "role"
    | "plan"
    | "emailVerified"
    | "deletionScheduledAt"
    | "companyName"
    | "companyRole"
  >,
): ShellUser {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    plan: user.plan,
    emailVerified: user.emailVerified,
    deletionScheduledAt: user.deletionScheduledAt,
    company:
      user.companyRole && user.companyName
        ? { name: user.companyName, roleLabel: ROLE_LABELS[user.companyRole] }
        : null,
    may: {
      clients: can(user, "clients.view"),
      documents: can(user, "documents.view"),
      catalogue: can(user, "catalogue.view"),
      expenses: can(user, "expenses.view"),
      bank: can(user, "bank.view"),
      salaries: can(user, "salaries.view"),
      analytics: can(user, "analytics.view"),
      vat: can(user, "vat.view"),
      settings: can(user, "settings"),
      billing: can(user, "billing"),
      team: can(user, "team"),
      audit: can(user, "audit.view"),
    },
  };
}

function LockIcon() {
  return (
    <svg className={styles.lock} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

interface NavItem {
  to: `/${string}`;
  label: string;
  needs?: Plan;
  lockedLabel?: string;
  shown: boolean;
  /** In «Още» on a wide screen (decision 032): the spec's header keeps the bar (§2). */
  more?: boolean;
}

/**
 * The app's menu. On a wide screen the spec's header items (§2: Табло, Клиенти, Фактури,
 * Разходи, Заплати, Админ) stay in the bar and the other sections go in «Още», a native menu, so
 * the bar keeps one line from 1 024 px up whatever the plan, role and name (issue #31 item 2,
 * decision 032); the phone's drawer (`flat`) lists them all.
 */
function NavItems({ user, flat = false }: { user: ShellUser; flat?: boolean }) {
  const items: NavItem[] = [
    { to: "/dashboard", label: "Табло", shown: true },
    { to: "/clients", label: "Клиенти", shown: user.may.clients },
    { to: "/invoices", label: "Фактури", shown: user.may.documents },
    { to: "/catalogue", label: "Каталог", shown: user.may.catalogue, more: true },
    {
      to: "/expenses",
      label: "Разходи",
      needs: "standard",
      lockedLabel: "изисква план Стандартен",
      shown: user.may.expenses,
    },
    {
      to: "/bank",
      label: "Банка",
      needs: "standard",
      lockedLabel: "изисква план Стандартен",
      shown: user.may.bank,
      more: true,
    },
    {
      to: "/salaries",
      label: "Заплати",
      needs: "full",
      lockedLabel: "изисква план Пълен",
      shown: user.may.salaries,
    },
    {
      to: "/analytics",
      label: "Анализи",
      needs: "full",
      lockedLabel: "изисква план Пълен",
      shown: user.may.analytics,
      more: true,
    },
    { to: "/reports/vat", label: "ДДС", shown: user.may.vat, more: true },
  ];
  const prefetch = usePrefetchOnIntent();
  const shown = items.filter((item) => item.shown);
  const more = flat ? [] : shown.filter((item) => item.more);
  const link = (item: NavItem, className: string) => {
    const locked = item.needs !== undefined && !hasPlan(user, item.needs);
    return (
      <MenuLink to={item.to} className={className}>
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
      </MenuLink>
    );
  };
  return (
    <ul className={styles.navList} onMouseOver={prefetch.onMouseOver} onFocus={prefetch.onFocus}>
      {prefetch.links}
      {shown
        .filter((item) => flat || !item.more)
        .map((item) => (
          <li key={item.to}>{link(item, styles.navLink)}</li>
        ))}
      {more.length ? (
        <li>
          <details className={styles.more}>
            <summary className={styles.moreSummary}>
              Още<span className="visually-hidden"> раздели</span>
            </summary>
            <ul className={styles.morePanel}>
              {more.map((item) => (
                <li key={item.to}>{link(item, styles.moreLink)}</li>
              ))}
            </ul>
          </details>
        </li>
      ) : null}
      {user.role === "admin" ? (
        <li>
          <MenuLink to="/hatterscastle" className={styles.navLink}>
            Админ
          </MenuLink>
        </li>
      ) : null}
    </ul>
  );
}

/** The back office's menu (spec §2 "Admin header"), with the way back to the app. */
function AdminNavItems() {
  const items: { to: `/${string}`; label: string; end?: boolean }[] = [
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
    <ul className={styles.adminNavList}>
      {items.map((item) => (
        <li key={item.to}>
          <MenuLink to={item.to} end={item.end} className={styles.navLink}>
            {item.label}
          </MenuLink>
        </li>
      ))}
      <li>
        <MenuLink to="/dashboard" className={styles.navLink}>
          Към приложението
        </MenuLink>
      </li>
    </ul>
  );
}

function UserItems({
  user,
  companies,
  onLogout,
}: {
  user: ShellUser;
  companies: ShellCompany[];
  onLogout: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <>
      <CompanySwitcher companies={companies} />
      <a href="/profile" className={styles.menuItem}>
        Профил
      </a>
      <a href="/settings" className={styles.menuItem}>
        Настройки
      </a>
      <a href="/companies" className={styles.menuItem}>
        Вашите фирми
      </a>
      {user.may.team ? (
        <a href="/settings/team" className={styles.menuItem}>
          Екип
        </a>
      ) : null}
      {user.may.audit ? (
        <a href="/settings/audit" className={styles.menuItem}>
          Одитна следа
        </a>
      ) : null}
      {user.may.billing ? (
        <a href="/settings/subscription" className={styles.menuItem}>
          Планове
        </a>
      ) : null}
      <Form method="post" action="/logout" onSubmit={onLogout}>
        <CompanyField />
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
  companies = [],
}: {
  user: ShellUser;
  /** The login's companies when it has two or more: the header's switcher. */
  companies?: ShellCompany[];
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
  // The header's links are plain <a href> (in-app-links.tsx): one handler follows them in the app.
  const followLinks = useFollowLinks();
  // An admin goes back to the back office's sign-in (spec §4), a customer to /.
  const { leaving, onLogout } = useLogout(user.role === "admin" ? "/hatterscastle/login" : "/");
  const loggingOut =
    leaving || (navigation.state !== "idle" && navigation.formAction === "/logout");
  // A menu of the header (Още, the profile's, the drawer) closes when a page is followed from it.
  const { pathname, search } = useLocation();
  const header = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown
  useEffect(() => {
    for (const open of header.current?.querySelectorAll("details[open]") ?? []) {
      open.removeAttribute("open");
    }
  }, [pathname, search]);
  return (
    <>
      {loggingOut ? <Overlay title="Излизане от системата..." /> : null}
      <a href="#main" className="skip-link">
        Към основното съдържание
      </a>
      <header ref={header} className={styles.header} onClick={followLinks}>
        <div className={styles.bar}>
          <a
            href={admin ? "/hatterscastle" : "/dashboard"}
            className={styles.brand}
            aria-label={admin ? "Сметка — админ панел" : "Сметка — табло"}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span aria-hidden="true" className={styles.brandName}>
              {admin ? "Сметка · Админ" : "Сметка"}
            </span>
          </a>
          <nav aria-label="Основна навигация" className={styles.desktopNav}>
            {admin ? <AdminNavItems /> : <NavItems user={user} />}
          </nav>
          {!admin && user.company ? (
            // On a phone the profile's menu is in the drawer: the company stays in the bar.
            <p className={styles.companyMobile} title={user.company.name}>
              <span className="visually-hidden">Фирма: </span>
              {user.company.name}
            </p>
          ) : null}
          <details className={styles.menu}>
            <summary className={styles.summary} title={name}>
              <span className={styles.summaryName}>{name}</span>
              {!admin && user.company ? (
                // The company the session works in, on every page (issue #29).
                <span className={styles.summaryCompany} title={user.company.name}>
                  <span className="visually-hidden">, фирма </span>
                  {user.company.name}
                </span>
              ) : null}
              <span className="visually-hidden">
                {companies.length > 1
                  ? " — меню на профила и смяна на фирмата"
                  : " — меню на профила"}
              </span>
            </summary>
            <div className={styles.menuPanel}>
              <UserItems user={user} companies={admin ? [] : companies} onLogout={onLogout} />
            </div>
          </details>
          <details className={styles.drawer}>
            <summary className={styles.drawerSummary}>Меню</summary>
            <div className={styles.drawerPanel}>
              <p className={styles.brand}>{name}</p>
              <nav aria-label="Основна навигация (мобилна)">
                {admin ? <AdminNavItems /> : <NavItems user={user} flat />}
              </nav>
              <div className={styles.menuPanel} style={{ position: "static", marginTop: "1rem" }}>
                <UserItems user={user} companies={admin ? [] : companies} onLogout={onLogout} />
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

/**
 * The switch between the login's companies (issue #29 item 4), at the top of the profile's menu
 * from two companies: a native form, a button per company (POST /switch-company: works without
 * JavaScript), which lands on that company's /dashboard.
 */
function CompanySwitcher({ companies }: { companies: ShellCompany[] }) {
  if (companies.length < 2) return null;
  return (
    <Form
      method="post"
      action="/switch-company"
      aria-labelledby="company-switch-title"
      className={styles.switcher}
    >
      <CompanyField />
      <p id="company-switch-title" className={styles.switcherTitle}>
        Смяна на фирмата
      </p>
      {companies.map((c) => (
        <button
          key={c.id}
          type="submit"
          name="companyId"
          value={c.id}
          className={styles.menuItem}
          aria-current={c.active ? "true" : undefined}
          disabled={c.active}
        >
          <strong>{c.name}</strong>
          <br />
          <small>
            {c.roleLabel}
            {c.active ? " · текуща" : ""}
          </small>
        </button>
      ))}
    </Form>
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
    <details className={styles.fab} onClick={useFollowLinks()}>
      <summary className={styles.fabButton}>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Обратна връзка и поддръжка</span>
      </summary>
      <div className={styles.fabMenu}>
        <a href={`/feedback?type=feedback&from=${from}`} className={styles.menuItem}>
          Обратна връзка
        </a>
        <a href={`/feedback?type=support&from=${from}`} className={styles.menuItem}>
          Поддръжка
        </a>
      </div>
    </details>
  );
}
