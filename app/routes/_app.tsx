import { json, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import {
  Form,
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { AppShell } from "~/components/layout/app-shell";
import * as styles from "~/components/layout/app-shell.css";
import { ImpersonationBanner } from "~/components/layout/impersonation-banner";
import { shellUser } from "~/components/layout/shell-user";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { SubscriptionLive } from "~/components/subscriptions/subscription-live";
import { ThreeDSecureBanner } from "~/components/subscriptions/three-d-secure-banner";
import { can } from "~/modules/auth/capabilities";
import { salaryReminder } from "~/modules/salaries/salaries.server";
import { hasPlan } from "~/modules/subscriptions/plans";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { formatDate } from "~/utils/dates";
import { monthLabel, previousMonth } from "~/utils/periods";
import { requireUser } from "~/web/auth/guards.server";
import { currentMonth } from "~/web/salaries/form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const month = currentMonth();
  // The banner and a payment waiting for 3-D Secure came with the session (one query).
  const { notification, pendingPayment } = user.shell;
  const [reminder, companies] = await Promise.all([
    user.companyId && hasPlan(user, "full") && can(user, "salaries.edit")
      ? salaryReminder(context.db, user.companyId, month)
      : false,
    // The header's switcher, for a login with two companies or more (issue #29).
    user.companyCount > 1 ? listLoginCompanies(context.db, user) : [],
  ]);
  return json({
    hasCompany: user.companyId !== null,
    // The company the page is drawn for: every form posts it (CompanyField, issue #41 item 1).
    company: user.companyId ? { id: user.companyId, name: user.companyName ?? "" } : null,
    companies: companies.map((c) => ({
      id: c.id,
      name: c.name,
      roleLabel: c.roleLabel,
      active: c.active,
    })),
    // A payment waiting for 3-D Secure: the banner links to it (the owner's; dismissible).
    pendingPayment: can(user, "billing") ? pendingPayment : null,
    // The salary reminder banner and the red dot on «Заплати» (spec §3).
    salaryMonth: reminder
      ? { month, label: monthLabel(month), previous: monthLabel(previousMonth(month)) }
      : null,
    user: { ...shellUser(user), salaryReminder: reminder },
    // An admin looking as this customer: the banner with the way back (spec §4).
    impersonator: user.impersonator
      ? { email: user.impersonator.email, customerId: user.id, customerEmail: user.email }
      : null,
    notification,
    marketingUrl: context.config.marketingUrl,
  });
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const { user, notification, marketingUrl, hasCompany, companies } = data;
  return (
    <AppShell
      user={user}
      companies={companies}
      notification={notification}
      marketingUrl={marketingUrl}
      banners={<Banners {...data} />}
    >
      {hasCompany ? <SubscriptionLive plan={user.plan} /> : null}
      <Outlet />
    </AppShell>
  );
}

/**
 * A page that failed (its loader or view threw, and it has no boundary of its own) keeps the
 * shell, its navigation and banners: the error's message (or the plan gate) takes the page's
 * place. When the shell's own loader failed there is nothing to draw it with: the public frame.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <GeneralErrorBoundary />;
  return (
    <AppShell
      user={data.user}
      companies={data.companies}
      notification={data.notification}
      marketingUrl={data.marketingUrl}
      banners={<Banners {...data} />}
    >
      <GateBoundary />
    </AppShell>
  );
}

/** The banners under the header: the admin's view, deletion, 3-D Secure, salaries, e-mail. */
function Banners({
  user,
  pendingPayment,
  salaryMonth,
  impersonator,
}: SerializeFrom<typeof loader>) {
  const location = useLocation();
  // The dashboard asks the same question in its own card: one copy prompt, not two (#31 item 11).
  const dashboardAsks = useMatches().some(
    (match) =>
      match.id === "routes/_app.dashboard" &&
      (match.data as { salaryCopy?: unknown } | undefined)?.salaryCopy,
  );
  return (
    <>
      {impersonator ? <ImpersonationBanner {...impersonator} /> : null}
      {user.deletionScheduledAt !== null ? (
        <div className={styles.bannerDanger} role="alert">
          Профилът ви ще бъде изтрит{" "}
          {user.deletionScheduledAt
            ? `на ${formatDate(user.deletionScheduledAt)}`
            : "в рамките на 30 дни"}
          . Данните не могат да бъдат възстановени след изтриването.
          <Form method="post" action="/settings" style={{ display: "inline" }}>
            <CompanyField />
            <input type="hidden" name="intent" value="cancel-deletion" />
            <button type="submit" className={styles.bannerButton}>
              Отмени изтриването
            </button>
          </Form>
        </div>
      ) : null}
      {pendingPayment ? (
        <ThreeDSecureBanner clientSecret={pendingPayment.clientSecret} url={pendingPayment.url} />
      ) : null}
      {salaryMonth && !dashboardAsks ? (
        <div className={styles.bannerInfo} role="note">
          Няма въведени заплати за {salaryMonth.label}.{" "}
          <Form method="post" action="/salaries" style={{ display: "inline" }}>
            <CompanyField />
            <input type="hidden" name="month" value={salaryMonth.month} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              name="intent"
              value="copy-previous"
              className={styles.bannerButton}
            >
              Копирай заплатите от {salaryMonth.previous}
            </button>
            <button
              type="submit"
              name="intent"
              value="dismiss-banner"
              className={styles.bannerButton}
            >
              Скрий за този месец
            </button>
          </Form>
        </div>
      ) : null}
      {!user.emailVerified && user.plan !== "basic" ? (
        <p className={styles.bannerWarning} role="note">
          Моля, потвърдете своя имейл адрес! <a href="/verify-code">Потвърди с код</a>
        </p>
      ) : null}
    </>
  );
}

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
