import { type AppLoadContext, json, redirect } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getUser } from "~/web/auth/guards.server";

/*
 * The one guard of the admin area (issue #14): every loader and action under /hatterscastle and
 * every /api/admin call calls it itself, not only the layout, so a route added without it fails
 * the route-by-route test (tests/integration/admin.test.ts).
 */

export const ADMIN_DENIED = {
  title: "Достъп отказан",
  description: "Нямате достъп до този раздел",
};

/** An admin's session; a guest goes to /hatterscastle/login, a customer to /dashboard with a toast. */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user?.role === "admin") return user;
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(
      back === "/hatterscastle"
        ? "/hatterscastle/login"
        : `/hatterscastle/login?${new URLSearchParams({ redirectTo: back })}`,
    );
  }
  throw await redirectWithToast("/dashboard", { type: "error", ...ADMIN_DENIED });
}

/** For /api/admin calls (cookie or bearer): the admin, or 401 / 403 JSON in Bulgarian. */
export async function requireApiAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user?.role === "admin") return user;
  if (!user) throw json({ message: "Не сте влезли в профила си" }, { status: 401 });
  throw json({ message: ADMIN_DENIED.title }, { status: 403 });
}
