import { Form, useLocation, useNavigate } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { CompanyField } from "~/components/forms/company-field";
import { useFollowLinks } from "~/components/ui/in-app-links";
import { useToast } from "~/components/ui/toaster";
import * as styles from "./app-shell.css";
import type { ShellCompany, ShellUser } from "./shell-user";

/*
 * The shell's menus and banners (app-shell.tsx): the profile's menu with the company switcher and
 * the logout, the admins' message, the floating feedback button.
 */

export function UserItems({
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
      {user.may.periods ? (
        <a href="/settings/periods" className={styles.menuItem}>
          Заключени периоди
        </a>
      ) : null}
      {user.may.billing ? (
        <a href="/settings/subscription" className={styles.menuItem}>
          Планове
        </a>
      ) : null}
      {user.may.billing ? (
        <a href="/settings/card-payments" className={styles.menuItem}>
          Плащания с карта
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
export function useLogout(after: string) {
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
export function NotificationBanner({ initial }: { initial: string | null }) {
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
export function FeedbackButton() {
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
