import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell, shellUser } from "~/components/layout/app-shell";
import { requireAdmin } from "~/modules/admin/guard.server";
import { getNotification } from "~/modules/settings/queries.server";

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
