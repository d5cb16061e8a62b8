import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import * as styles from "~/components/layout/app-shell.css";
import { SubscriptionLive } from "~/components/subscriptions/subscription-live";
import { ThreeDSecureBanner } from "~/components/subscriptions/three-d-secure-banner";
import { requireUser } from "~/modules/auth/guards.server";
import { getNotification } from "~/modules/settings/queries.server";
import { getPendingPayment } from "~/modules/subscriptions/queries.server";
import { formatDate } from "~/utils/dates";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [notification, pendingPayment] = await Promise.all([
    getNotification(context.db),
    user.companyId ? getPendingPayment(context.db, user.companyId) : null,
  ]);
  return json({
    hasCompany: user.companyId !== null,
    // A payment waiting for 3-D Secure: the banner links to it (dismissible per client secret).
    pendingPayment,
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      plan: user.plan,
      emailVerified: user.emailVerified,
      deletionScheduledAt: user.deletionScheduledAt,
    },
    notification,
    marketingUrl: context.config.marketingUrl,
  });
}

export default function AppLayout() {
  const { user, notification, marketingUrl, hasCompany, pendingPayment } =
    useLoaderData<typeof loader>();
  const banners = (
    <>
      {user.deletionScheduledAt !== null ? (
        <div className={styles.bannerDanger} role="alert">
          Профилът ви ще бъде изтрит{" "}
          {user.deletionScheduledAt
            ? `на ${formatDate(user.deletionScheduledAt)}`
            : "в рамките на 30 дни"}
          . Данните не могат да бъдат възстановени след изтриването.
          <Form method="post" action="/settings" style={{ display: "inline" }}>
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
      {!user.emailVerified && user.plan !== "basic" ? (
        <p className={styles.bannerWarning} role="note">
          Моля, потвърдете своя имейл адрес! <a href="/verify-code">Потвърди с код</a>
        </p>
      ) : null}
    </>
  );
  return (
    <AppShell user={user} notification={notification} marketingUrl={marketingUrl} banners={banners}>
      {hasCompany ? <SubscriptionLive plan={user.plan} /> : null}
      <Outlet />
    </AppShell>
  );
}
