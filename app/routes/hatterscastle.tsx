import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/layout/app-shell";
import { shellUser } from "~/components/layout/shell-user";
import { getNotification } from "~/modules/settings/queries.server";
import { requireAdmin } from "~/web/admin/guard.server";

/** The back office's frame: the signed-in shell with the admin area's own menu (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(request, context);
  return json({
    user: shellUser(user),
    notification: await getNotification(context.db),
    marketingUrl: context.config.marketingUrl,
  });
}

export default function AdminLayout() {
  const { user, notification, marketingUrl } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} notification={notification} marketingUrl={marketingUrl} area="admin">
      <Outlet />
    </AppShell>
  );
}

/**
 * A back-office page that failed keeps the admin's menu: the error's message in the page's
 * place. When this layout's own loader failed, the public frame.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/hatterscastle");
  const error = useRouteError();
  if (!data) return <GeneralErrorBoundary />;
  return (
    <AppShell
      user={data.user}
      notification={data.notification}
      marketingUrl={data.marketingUrl}
      area="admin"
    >
      <ErrorMessage status={isRouteErrorResponse(error) ? error.status : 500} />
    </AppShell>
  );
}
