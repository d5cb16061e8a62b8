import { useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { MenuLink, useFollowLinks, usePrefetchOnIntent } from "~/components/ui/in-app-links";
import { Overlay } from "~/components/ui/overlay";
import { hasPlan } from "~/modules/subscriptions/plans";
import type { Plan } from "~db/types";
import * as styles from "./app-shell.css";
import { FeedbackButton, NotificationBanner, UserItems, useLogout } from "./shell-menus";
import type { ShellCompany, ShellUser } from "./shell-user";
import { SiteFooter } from "./site-footer";

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
    // Beside the documents (issue #48 item 5): in «Още» on a wide screen, so the bar keeps its line.
    { to: "/offers", label: "Оферти", shown: user.may.documents, more: true },
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
    // Every plan (decision 075): the deadlines are the law's, whatever the plan holds.
    { to: "/calendar", label: "Календар", shown: user.may.calendar, more: true },
    { to: "/taxes/advance", label: "Данък върху доходите", shown: user.may.taxes, more: true },
    {
      to: "/ledger",
      label: "Счетоводство",
      needs: "standard",
      lockedLabel: "изисква план Стандартен",
      shown: user.may.ledger,
      more: true,
    },
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
