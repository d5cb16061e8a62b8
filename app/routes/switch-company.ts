import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { ACCESS_DENIED } from "~/modules/auth/capabilities";
import { switchCompany } from "~/modules/team/companies.server";
import { AppError } from "~/utils/errors";
import { typedValues } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";
import { commitSessionCookie } from "~/web/auth/session-cookie.server";

/** Nothing to show: the switcher posts here. */
export const loader = () => redirect("/dashboard");

/**
 * POST /switch-company {companyId, redirectTo?} — the header's switcher (a native form): the
 * session works in that company from now on, and the person lands on its /dashboard, never on the
 * old record. The offer on another company's record (issue #41 item 1) names the record's page as
 * `redirectTo` (a path of this site only).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = typedValues(await request.formData());
  try {
    const { company, token } = await switchCompany(
      context,
      user,
      values.companyId ?? "",
      request.headers.get("User-Agent"),
    );
    // A token from /api/login in this browser stays with its company: the browser takes a new one.
    const headers = token ? { "Set-Cookie": await commitSessionCookie(context, token) } : undefined;
    return redirectWithToast(
      safeRedirect(values.redirectTo, "/dashboard"),
      { title: "Фирмата е сменена", description: `Работите във фирма „${company.name}“.` },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast("/dashboard", {
      type: "error",
      title: ACCESS_DENIED.title,
      description: error.message,
    });
  }
}
